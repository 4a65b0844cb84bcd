// Editing the user's config.toml from a client (app-server `config/value/write`, `config/batchWrite`):
// each edit names a dotted key path, a value (null removes the key) and a merge strategy (`upsert`
// merges a table into the table already there, `replace` sets it). All edits apply or none: the
// result is validated as weft reads config.toml before anything is written, and the file is
// rewritten through toml-patch, which keeps its comments, layout and keys weft does not know.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { patch } from '@decimalturn/toml-patch';
import { ConfigError, UsageError } from '../errors.js';
import { deepMerge, isTable, type TomlTable } from './config-overrides.js';
import { configLayers, layerVersion, readUserConfig, userConfigFile, valueAtKeyPath } from './config-layers.js';
import { parseConfigText } from './load-config.js';

export type MergeStrategy = 'replace' | 'upsert';

export interface ConfigEdit {
  readonly keyPath: string;
  readonly value: unknown;
  readonly mergeStrategy: MergeStrategy;
}

/** Codex's `config_write_error_code` values (the ones weft can meet). */
export type ConfigWriteErrorCode = 'configLayerReadonly' | 'configVersionConflict' | 'configValidationError' | 'configPathNotFound';

export class ConfigWriteRefused extends Error {
  constructor(
    readonly writeCode: ConfigWriteErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ConfigWriteRequest {
  readonly home: string;
  readonly edits: readonly ConfigEdit[];
  readonly filePath?: string | null | undefined;
  readonly expectedVersion?: string | null | undefined;
  /** The session's `-c` overrides: a key they set stays overridden after the write. */
  readonly overrides: readonly string[];
  /**
   * Tables (`a.b`) or arrays of tables (`[[a.b]]`) the edits may create, to be written as sections
   * of their own, as Codex writes them, rather than inline (toml-patch fills a section it finds).
   */
  readonly sections?: readonly string[];
}

/** The text with an empty section for each of `sections` the file does not hold yet. */
function withSections(text: string, table: TomlTable, sections: readonly string[]): string {
  let out = text;
  for (const s of sections) {
    const array = s.startsWith('[[');
    const keyPath = array ? s.slice(2, -2) : s;
    if (valueAtKeyPath(table, keyPath.split('.')) !== undefined) continue;
    out = `${out}${out === '' || out.endsWith('\n\n') ? '' : out.endsWith('\n') ? '\n' : '\n\n'}${array ? `[[${keyPath}]]` : `[${keyPath}]`}\n`;
  }
  return out;
}

export interface ConfigWriteOutcome {
  readonly filePath: string;
  readonly version: string;
  /** The first edited key a higher layer (the `-c` flags) still overrides, the value in effect and that layer's version. */
  readonly overridden: { keyPath: string; effectiveValue: unknown; layerVersion: string } | null;
}

function segmentsOf(keyPath: string): string[] {
  if (keyPath.trim() === '') throw new ConfigWriteRefused('configValidationError', 'keyPath must not be empty');
  const segments = keyPath.split('.');
  if (segments.some((s) => s.trim() === '')) throw new ConfigWriteRefused('configValidationError', `keyPath \`${keyPath}\` has an empty segment`);
  return segments;
}

/** One edit applied to a copy of `table`. Refuses to go through a value that is not a table (it would be lost). */
export function applyConfigEdit(table: TomlTable, edit: ConfigEdit): TomlTable {
  const segments = segmentsOf(edit.keyPath);
  const go = (node: TomlTable, i: number): TomlTable => {
    const key = segments[i] as string;
    const last = i === segments.length - 1;
    if (last) {
      if (edit.value === null) {
        if (!Object.hasOwn(node, key)) throw new ConfigWriteRefused('configPathNotFound', `Path not found: \`${edit.keyPath}\``);
        const { [key]: _removed, ...rest } = node;
        return rest;
      }
      const cur = node[key];
      const value = edit.mergeStrategy === 'upsert' && isTable(cur) && isTable(edit.value) ? deepMerge(cur, edit.value) : edit.value;
      return { ...node, [key]: value };
    }
    const child = node[key];
    if (child === undefined) {
      if (edit.value === null) throw new ConfigWriteRefused('configPathNotFound', `Path not found: \`${edit.keyPath}\``);
      return { ...node, [key]: go({}, i + 1) };
    }
    if (!isTable(child)) {
      const at = segments.slice(0, i + 1).join('.');
      throw new ConfigWriteRefused('configValidationError', `cannot set \`${edit.keyPath}\`: \`${at}\` holds a value, not a table`);
    }
    return { ...node, [key]: go(child, i + 1) };
  };
  return go(table, 0);
}

/** Applies the edits to the user's config.toml (all or nothing) and reports its new version. */
export async function writeUserConfig(req: ConfigWriteRequest): Promise<ConfigWriteOutcome> {
  const file = userConfigFile(req.home);
  if (req.filePath !== undefined && req.filePath !== null && path.resolve(req.filePath) !== path.resolve(file)) {
    throw new ConfigWriteRefused('configLayerReadonly', `only the user config (${file}) can be written; ${req.filePath} is not it`);
  }
  const current = await readUserConfig(req.home);
  const version = layerVersion(current.table);
  if (req.expectedVersion !== undefined && req.expectedVersion !== null && req.expectedVersion !== version) {
    throw new ConfigWriteRefused('configVersionConflict', `config.toml changed since version ${req.expectedVersion} was read (it is now ${version}); read it again and retry`);
  }
  const updated = req.edits.reduce(applyConfigEdit, current.table);
  const text = patch(withSections(current.text, current.table, req.sections ?? []), updated);
  try {
    // Validated as weft will read it, `-c` overrides included; unknown keys only warn, as on load.
    parseConfigText(text, file, req.overrides);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) throw new ConfigWriteRefused('configValidationError', `Invalid configuration: ${err.message}`);
    throw err;
  }
  if (text !== current.text) await writeAtomically(file, text);
  const layers = configLayers(file, updated, req.overrides);
  return { filePath: file, version: layerVersion(updated), overridden: firstOverridden(layers, req.edits) };
}

function firstOverridden(layers: ReturnType<typeof configLayers>, edits: readonly ConfigEdit[]): ConfigWriteOutcome['overridden'] {
  const flags = layers.find((l) => l.name.type === 'sessionFlags');
  if (!flags) return null;
  for (const e of edits) {
    const effectiveValue = valueAtKeyPath(flags.config, e.keyPath.split('.'));
    if (effectiveValue !== undefined) return { keyPath: e.keyPath, effectiveValue, layerVersion: flags.version };
  }
  return null;
}

/** A reader never sees half a file: write beside it, then rename over it. */
async function writeAtomically(file: string, text: string): Promise<void> {
  // Private like everything under weft's home (the file may name keys' variables and servers).
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, text, { mode: 0o600 });
  await rename(tmp, file);
}
