// Loading an extension from a file (config `extensions = [...]`, `--extension`): TypeScript or
// JavaScript, imported through tsx so a `.ts` file needs no build step. The module's default export
// (or its `extension` export) is an Extension, or a function that returns one (sync or async). The
// shape is checked here, at the boundary, so a mistake is reported with the file's name rather than
// as a failure in the middle of a turn.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { IoError, UsageError, WeftError, errorMessage } from '../errors.js';
import type { Extension } from './extension.js';
import { importOutsideBundle } from '../import-outside-bundle.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

const HOOKS = ['input', 'beforeTurn', 'context', 'toolCall', 'toolResult', 'assemble', 'onEvent'] as const;

const isFunction = (v: unknown): boolean => typeof v === 'function';
const fn = lazySchema(() => z.custom<(...args: unknown[]) => unknown>(isFunction, { message: 'expected a function' }));

const ExtensionShape = lazySchema(() =>
  z.looseObject({
    name: z.string().min(1),
    ...Object.fromEntries(HOOKS.map((hook) => [hook, fn.optional()])),
    commands: z.record(z.string(), z.looseObject({ description: z.string().optional(), run: fn })).optional(),
    messageTypes: z.record(z.string(), z.looseObject({ excludeFromContext: z.boolean().optional() })).optional(),
  }),
);

/** Checks that `value` is an Extension; `where` names its origin in the error. */
export function asExtension(value: unknown, where: string): Extension {
  const parsed = ExtensionShape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` at \`${issue.path.join('.')}\`` : '';
    throw new UsageError(`${where}: not an extension${at}: ${issue?.message ?? 'invalid'}`);
  }
  return value as Extension;
}

/** Imports the extension at `file` (resolved against `baseDir`). `where` names the setting that asked for it. */
export async function loadExtension(file: string, baseDir: string, where: string): Promise<Extension> {
  const full = path.resolve(baseDir, file);
  try {
    await access(full);
  } catch (err) {
    throw new IoError(`${where}: extension file ${full} cannot be read`, full, { cause: err });
  }
  let module: Record<string, unknown>;
  try {
    module = await importExtension(full, where);
  } catch (err) {
    if (err instanceof WeftError) throw err;
    throw new IoError(`${where}: extension ${full} failed to load: ${errorMessage(err)}`, full, { cause: err });
  }
  // A file outside an ESM package is loaded as CommonJS: its default export arrives one level down.
  const top = module.default ?? module.extension;
  const nested = typeof top === 'object' && top !== null && !('name' in top) && 'default' in top ? (top as { default: unknown }).default : undefined;
  const exported = nested ?? top;
  if (exported === undefined) throw new UsageError(`${where}: ${full} has no default export (or \`extension\` export)`);
  let value: unknown = exported;
  if (typeof exported === 'function') {
    try {
      value = await (exported as () => unknown)();
    } catch (err) {
      throw new UsageError(`${where}: the factory exported by ${full} failed: ${errorMessage(err)}`, { cause: err });
    }
  }
  return asExtension(value, `${where}: ${full}`);
}

/**
 * JavaScript is imported by Node itself. TypeScript goes through tsx, an optional peer dependency
 * loaded only then: most installs never load an extension, and fewer still a `.ts` one.
 */
async function importExtension(full: string, where: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(full).href;
  if (/\.(c|m)?js$/i.test(full)) return await importOutsideBundle<Record<string, unknown>>(url);
  let tsImport: (specifier: string, parent: string) => Promise<unknown>;
  try {
    ({ tsImport } = await importOutsideBundle<typeof import('tsx/esm/api')>('tsx/esm/api'));
  } catch (err) {
    throw new UsageError(`${where}: ${full} is TypeScript, which needs the tsx package: run \`npm install tsx\` (or compile the extension to .js)`, { cause: err });
  }
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/** The extensions config.toml lists (`extensions = [...]`), paths relative to the config file's folder. */
export async function loadConfiguredExtensions(
  paths: readonly string[] | undefined,
  configFile: string,
  expand: (p: string) => string = (p) => p,
): Promise<Extension[]> {
  const out: Extension[] = [];
  for (const [i, p] of (paths ?? []).entries()) {
    out.push(await loadExtension(expand(p), path.dirname(configFile), `${configFile}: key \`extensions[${i}]\``));
  }
  return out;
}
