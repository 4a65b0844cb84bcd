// Reading config.toml (plus `-c` overrides and the selected `[profiles.*]` table) into a validated
// ConfigToml. Unknown keys are dropped with a warning; a value of the wrong type is an error that
// names the key and the file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { configTomlFor, type ConfigToml } from '../../protocol/config.js';
import { ConfigError, UsageError } from '../errors.js';
import { applyOverride, isTable, parseOverride, type ConfigOverride, type TomlTable } from './config-overrides.js';

export interface LoadedConfig {
  readonly file: string;
  readonly exists: boolean;
  readonly config: ConfigToml;
  readonly warnings: string[];
}

export interface LoadConfigOptions {
  readonly home: string;
  readonly overrides?: readonly string[];
  /** `--profile NAME`: wins over the file's `profile` key. */
  readonly profile?: string;
}

export async function loadConfig(opts: LoadConfigOptions): Promise<LoadedConfig> {
  const file = path.join(opts.home, 'config.toml');
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`${file}: cannot be read: ${(err as Error).message}`, file, undefined, { cause: err });
    }
  }
  return { ...parseConfigText(text ?? '', file, opts.overrides ?? [], opts.profile), exists: text !== undefined };
}

export function parseConfigText(
  text: string,
  file: string,
  overrides: readonly string[],
  profile?: string,
): { file: string; config: ConfigToml; warnings: string[] } {
  let table: TomlTable;
  try {
    table = parseToml(text) as TomlTable;
  } catch (err) {
    throw new ConfigError(`${file}: not valid TOML: ${(err as Error).message}`, file, undefined, { cause: err });
  }
  const parsed = overrides.map(parseOverride);
  const withOverrides = (base: TomlTable): TomlTable =>
    parsed.reduce((acc, o) => applyOverride(acc, o.path, o.value), base);
  // The profile is chosen first (it may itself come from `-c profile=…`); its table is laid over
  // the file's top level, and the `-c` overrides go on top of both, as in Codex.
  // Validate the file as written first, so an error inside `[profiles.x]` names `profiles.x.key`
  // and each unknown key is reported once, under its real path.
  const warnings: string[] = [];
  const asWritten = validate(withOverrides(table), file, warnings, parsed);
  const name = profile ?? asWritten.profile;
  if (name === undefined) return { file, config: asWritten, warnings };
  const merged = { ...table, ...profileTable(table, name, file) };
  return { file, config: validate(withOverrides(merged), file, [], parsed), warnings };
}

function profileTable(table: TomlTable, name: string, file: string): TomlTable {
  const profiles = table.profiles;
  const overlay = isTable(profiles) ? profiles[name] : undefined;
  if (!isTable(overlay)) {
    throw new ConfigError(`${file}: profile \`${name}\` is selected but [profiles.${name}] is not defined`, file, 'profile');
  }
  return overlay;
}

function validate(table: TomlTable, file: string, warnings: string[], overrides: readonly ConfigOverride[]): ConfigToml {
  // Validate, drop what zod reports as unrecognized, and validate again: the schema is strict so
  // that every unknown key (top level or inside a table) is named in a warning.
  let current: TomlTable = table;
  for (let round = 0; round < 8; round++) {
    const result = configTomlFor(Object.keys(current)).safeParse(current);
    if (result.success) return result.data;
    const unknown = result.error.issues.filter((i) => i.code === 'unrecognized_keys');
    const other = result.error.issues.filter((i) => i.code !== 'unrecognized_keys');
    if (other.length > 0) throw typeError(other[0] as z.core.$ZodIssue, current, file, overrides);
    for (const issue of unknown) {
      for (const key of (issue as z.core.$ZodIssueUnrecognizedKeys).keys) {
        const keyPath = [...issue.path.map(String), key];
        const dotted = keyPath.join('.');
        // Named where it was written: the `-c` that set it, else the file.
        const from = overrides.findLast((o) => o.path.length <= keyPath.length && o.path.every((part, i) => keyPath[i] === part));
        warnings.push(from ? `-c ${from.spec}: unknown key \`${dotted}\` ignored` : `${file}: unknown key \`${dotted}\` ignored`);
        current = removeAt(current, [...issue.path.map(String), key]);
      }
    }
  }
  throw new ConfigError(`${file}: could not be validated`, file);
}

/** The wrong value, named where it came from: the last `-c` that set it or a table above it, else the file. */
function typeError(issue: z.core.$ZodIssue, table: TomlTable, file: string, overrides: readonly ConfigOverride[]): Error {
  const keyPath = issue.path.map(String);
  const key = keyPath.join('.');
  const got = describe(valueAt(table, keyPath));
  const from = overrides.findLast((o) => o.path.every((part, i) => keyPath[i] === part));
  if (from) return new UsageError(`-c ${from.spec}: key \`${key}\`: ${issue.message} (got ${got})`);
  return new ConfigError(`${file}: key \`${key}\`: ${issue.message} (got ${got})`, file, key);
}

function valueAt(table: unknown, keyPath: readonly string[]): unknown {
  let cur: unknown = table;
  for (const part of keyPath) cur = isTable(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[part] : undefined;
  return cur;
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return 'an array';
  if (isTable(v)) return 'a table';
  return `${typeof v} ${String(v)}`;
}

function removeAt(table: TomlTable, keyPath: readonly string[]): TomlTable {
  const [head, ...rest] = keyPath;
  if (head === undefined) return table;
  if (rest.length === 0) {
    const { [head]: _dropped, ...others } = table;
    return others;
  }
  const child = table[head];
  return isTable(child) ? { ...table, [head]: removeAt(child, rest) } : table;
}
