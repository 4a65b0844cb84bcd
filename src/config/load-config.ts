// Reading config.toml (plus `-c` overrides and the selected configuration profile) into a validated
// ConfigToml. Unknown keys are dropped with a warning; a value of the wrong type is an error that
// names the key and the file (or the `-c`) it came from.
//
// A configuration profile is selected in one of two ways, by generation (`configProfiles` of the
// profile facts). Codex 0.98 lays the `[profiles.NAME]` table of config.toml over its top level,
// NAME coming from `--profile` or the `profile` key. Codex 0.169 lays the file NAME.config.toml
// beside config.toml over it, table by table, NAME coming from `--profile` only: a missing file
// selects nothing more, and the older way is refused rather than silently ignored (the `profile`
// key, and `--profile NAME` while config.toml still has `[profiles.NAME]`).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { configTomlFor, type CompatProfileName, type ConfigToml } from '../../protocol/config.js';
import { ConfigError, UsageError } from '../errors.js';
import { applyOverride, deepMerge, isTable, parseOverrides, type ConfigOverride, type ConfigOverrides, type TomlTable } from './config-overrides.js';

/** What `--profile NAME` selects: `[profiles.NAME]` of config.toml, or the file NAME.config.toml beside it. */
export type ConfigProfileStyle = 'tables' | 'files';

export interface LoadedConfig {
  readonly file: string;
  readonly exists: boolean;
  readonly config: ConfigToml;
  readonly warnings: string[];
  /** The profile file laid over config.toml, when one was selected and exists. */
  readonly profileFile?: { readonly name: string; readonly file: string; readonly table: TomlTable } | undefined;
}

export interface ConfigProfileOptions {
  /** `--profile NAME`: under the `tables` style it wins over the file's `profile` key. */
  readonly name?: string | undefined;
  /** The style of the generation the configuration names (its `compat`, as written); `tables` when not given. */
  readonly styleFor?: ((compat: CompatProfileName | undefined) => ConfigProfileStyle) | undefined;
}

export interface ParseConfigOptions {
  readonly profile?: ConfigProfileOptions;
  /** An unknown key is an error naming it, not a warning (Codex 0.169's `--strict-config`). */
  readonly strict?: boolean;
}

export interface LoadConfigOptions extends ParseConfigOptions {
  readonly home: string;
  /** `-c` lines, or the library's table of overrides. */
  readonly overrides?: ConfigOverrides;
  /** config.toml is not read, as if it did not exist (Codex 0.169's `--ignore-user-config`). */
  readonly ignoreFile?: boolean;
}

export async function loadConfig(opts: LoadConfigOptions): Promise<LoadedConfig> {
  const file = path.join(opts.home, 'config.toml');
  let text: string | undefined;
  try {
    if (opts.ignoreFile !== true) text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`${file}: cannot be read: ${(err as Error).message}`, file, undefined, { cause: err });
    }
  }
  return { ...parseConfigText(text ?? '', file, opts.overrides ?? [], opts), exists: text !== undefined };
}

export function parseConfigText(
  text: string,
  file: string,
  overrides: ConfigOverrides,
  { profile = {}, strict = false }: ParseConfigOptions = {},
): Omit<LoadedConfig, 'exists'> {
  const table = tomlTable(text, file);
  const parsed = parseOverrides(overrides);
  // Validate the file as written first, so an error inside `[profiles.x]` names `profiles.x.key`
  // and each unknown key is reported once, under its real path.
  const warnings: string[] = [];
  const asWritten = validate(withOverrides(table, parsed), sourcesOf(file, parsed, strict), warnings);
  const styleFor = profile.styleFor ?? ((): ConfigProfileStyle => 'tables');
  if (styleFor(asWritten.compat) === 'files') return withProfileFile(table, asWritten, file, parsed, profile.name, styleFor, warnings, strict);
  // The profile is chosen first (it may itself come from `-c profile=…`); its table is laid over
  // the file's top level, and the `-c` overrides go on top of both, as in Codex.
  const name = profile.name ?? asWritten.profile;
  if (name === undefined) return { file, config: asWritten, warnings };
  const merged = { ...table, ...profileTable(table, name, file) };
  return { file, config: validate(withOverrides(merged, parsed), sourcesOf(file, parsed, strict), []), warnings };
}

/** The `-c` overrides, in order, on top of a table. */
function withOverrides(base: TomlTable, overrides: readonly ConfigOverride[]): TomlTable {
  return overrides.reduce((acc, o) => applyOverride(acc, o.path, o.value), base);
}

function tomlTable(text: string, file: string): TomlTable {
  try {
    return parseToml(text) as TomlTable;
  } catch (err) {
    throw new ConfigError(`${file}: not valid TOML: ${(err as Error).message}`, file, undefined, { cause: err });
  }
}

function profileTable(table: TomlTable, name: string, file: string): TomlTable {
  const profiles = table.profiles;
  const overlay = isTable(profiles) ? profiles[name] : undefined;
  if (!isTable(overlay)) {
    throw new ConfigError(`${file}: profile \`${name}\` is selected but [profiles.${name}] is not defined`, file, 'profile');
  }
  return overlay;
}

/** A profile name is a plain file name stem: it becomes part of a path. */
const PROFILE_NAME = /^[A-Za-z0-9_-]+$/;

/** The file `--profile NAME` selects under the `files` style. */
export function profileFileOf(configFile: string, name: string): string {
  if (!PROFILE_NAME.test(name)) throw new UsageError(`--profile ${JSON.stringify(name)}: a profile is named with letters, digits, \`-\` and \`_\` only (it selects NAME.config.toml)`);
  return path.join(path.dirname(configFile), `${name}.config.toml`);
}

function withProfileFile(
  table: TomlTable,
  asWritten: ConfigToml,
  file: string,
  overrides: readonly ConfigOverride[],
  name: string | undefined,
  styleFor: (compat: CompatProfileName | undefined) => ConfigProfileStyle,
  warnings: string[],
  strict: boolean,
): Omit<LoadedConfig, 'exists'> {
  if (asWritten.profile !== undefined) {
    const how = `select it with --profile ${asWritten.profile}, which reads ${asWritten.profile}.config.toml beside ${path.basename(file)}`;
    const from = overrides.findLast((o) => o.path.length === 1 && o.path[0] === 'profile');
    if (from) throw new UsageError(`-c ${from.spec}: the \`profile\` key no longer selects a profile under this generation; ${how}`);
    throw new ConfigError(`${file}: key \`profile\` no longer selects a profile under this generation; remove it and ${how}`, file, 'profile');
  }
  if (name === undefined) return { file, config: asWritten, warnings };
  const profileFile = profileFileOf(file, name);
  if (isTable(table.profiles) && isTable(table.profiles[name])) {
    throw new ConfigError(
      `--profile ${name}: ${file} still has a [profiles.${name}] table, which this generation no longer reads; move its settings into ${profileFile} and remove the table`,
      file,
      `profiles.${name}`,
    );
  }
  const text = readIfPresent(profileFile);
  if (text === undefined) return { file, config: asWritten, warnings };
  const overlay = tomlTable(text, profileFile);
  // Unknown keys of config.toml and of the `-c` flags were reported above; the file's are reported here.
  const fromProfile: string[] = [];
  const config = validate(withOverrides(deepMerge(table, overlay), overrides), sourcesOf(file, overrides, strict, { file: profileFile, table: overlay }), fromProfile);
  warnings.push(...fromProfile.filter((w) => w.startsWith(`${profileFile}:`)));
  if (styleFor(config.compat) !== 'files') {
    throw new ConfigError(`${profileFile}: key \`compat\` cannot name a generation that reads profiles another way: the generation decides how --profile is read`, profileFile, 'compat');
  }
  return { file, config, warnings, profileFile: { name, file: profileFile, table: overlay } };
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`${file}: cannot be read: ${(err as Error).message}`, file, undefined, { cause: err });
  }
}

/** Where a key was written: the last `-c` that set it (or a table above it), else the profile file that has it, else config.toml. */
interface KeySources {
  /** config.toml. */
  readonly file: string;
  /** Unknown keys are errors. */
  readonly strict: boolean;
  readonly unknownKey: (keyPath: readonly string[]) => { override: ConfigOverride } | { file: string };
  readonly wrongValue: (keyPath: readonly string[]) => { override: ConfigOverride } | { file: string };
}

function sourcesOf(file: string, overrides: readonly ConfigOverride[], strict: boolean, profile?: { file: string; table: TomlTable }): KeySources {
  const fileOf = (keyPath: readonly string[]): { file: string } =>
    profile !== undefined && valueAt(profile.table, keyPath) !== undefined ? { file: profile.file } : { file };
  return {
    file,
    strict,
    unknownKey: (keyPath) => {
      const override = overrides.findLast((o) => o.path.length <= keyPath.length && o.path.every((part, i) => keyPath[i] === part));
      return override ? { override } : fileOf(keyPath);
    },
    wrongValue: (keyPath) => {
      const override = overrides.findLast((o) => o.path.every((part, i) => keyPath[i] === part));
      return override ? { override } : fileOf(keyPath);
    },
  };
}

function validate(table: TomlTable, sources: KeySources, warnings: string[]): ConfigToml {
  // Validate, drop what zod reports as unrecognized, and validate again: the schema is strict so
  // that every unknown key (top level or inside a table) is named in a warning. The keys of a round
  // are dropped together in one copy of the tables that hold them, so the work is linear in the
  // number of keys (one copy per dropped key made 100,000 unknown keys hang).
  let current: TomlTable = table;
  for (let round = 0; round < 8; round++) {
    const result = configTomlFor(Object.keys(current)).safeParse(current);
    if (result.success) return result.data;
    const other = result.error.issues.find((i) => i.code !== 'unrecognized_keys');
    if (other !== undefined) throw typeError(other, current, sources);
    const dropped: string[][] = [];
    for (const issue of result.error.issues) {
      for (const key of (issue as z.core.$ZodIssueUnrecognizedKeys).keys) {
        const keyPath = [...issue.path.map(String), key];
        const dotted = keyPath.join('.');
        // Named where it was written.
        const from = sources.unknownKey(keyPath);
        if (sources.strict) {
          if ('override' in from) throw new UsageError(`-c ${from.override.spec}: unknown key \`${dotted}\` (strict configuration)`);
          throw new ConfigError(`${from.file}: unknown key \`${dotted}\` (strict configuration: remove it, or run without --strict-config)`, from.file, dotted);
        }
        warnings.push('override' in from ? `-c ${from.override.spec}: unknown key \`${dotted}\` ignored` : `${from.file}: unknown key \`${dotted}\` ignored`);
        dropped.push(keyPath);
      }
    }
    current = withoutKeys(current, dropped);
  }
  throw new ConfigError(`${sources.file}: could not be validated`, sources.file);
}

/** The wrong value, named where it came from. */
function typeError(issue: z.core.$ZodIssue, table: TomlTable, sources: KeySources): Error {
  const keyPath = issue.path.map(String);
  const key = keyPath.join('.');
  const got = describe(valueAt(table, keyPath));
  const from = sources.wrongValue(keyPath);
  if ('override' in from) return new UsageError(`-c ${from.override.spec}: key \`${key}\`: ${issue.message} (got ${got})`);
  return new ConfigError(`${from.file}: key \`${key}\`: ${issue.message} (got ${got})`, from.file, key);
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

interface Removal {
  drop: boolean;
  readonly below: Map<string, Removal>;
}

/** `table` without the keys at `keyPaths`: each table that loses a key is copied once. */
export function withoutKeys(table: TomlTable, keyPaths: readonly (readonly string[])[]): TomlTable {
  const root: Removal = { drop: false, below: new Map() };
  for (const keyPath of keyPaths) {
    let node = root;
    for (const part of keyPath) {
      let next = node.below.get(part);
      if (next === undefined) node.below.set(part, (next = { drop: false, below: new Map() }));
      node = next;
    }
    node.drop = true;
  }
  const prune = (t: TomlTable, removal: Removal): TomlTable => {
    const copy: TomlTable = { ...t };
    for (const [key, below] of removal.below) {
      if (!Object.hasOwn(copy, key)) continue;
      if (below.drop) delete copy[key];
      else {
        const child = copy[key];
        // Defined, not assigned: a key named `__proto__` stays a key.
        if (isTable(child)) Object.defineProperty(copy, key, { value: prune(child, below), enumerable: true, writable: true, configurable: true });
      }
    }
    return copy;
  };
  return prune(table, root);
}
