// `-c key=value` overrides, as Codex takes them: the key is a dotted path into config.toml, the
// value is parsed as a TOML value, and when that fails it is taken as a plain string (so
// `-c model=o3` works without quotes).
import { parse as parseToml } from 'smol-toml';
import { UsageError } from '../errors.js';

export type TomlTable = Record<string, unknown>;

export interface ConfigOverride {
  /** As given on the command line, for messages. */
  readonly spec: string;
  readonly path: string[];
  readonly value: unknown;
}

/** A malformed override is a usage error: it comes from the command line, not from a file. */
export function parseOverride(spec: string): ConfigOverride {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`-c ${spec}: expected key=value`);
  const key = spec.slice(0, eq).trim();
  const raw = spec.slice(eq + 1).trim();
  const path = key.split('.').map((part) => part.trim());
  if (path.some((part) => part === '')) throw new UsageError(`-c ${spec}: empty segment in key "${key}"`);
  return { spec, path, value: parseTomlValue(raw) };
}

/**
 * Overrides given as a table (the library's `configOverrides: { model: 'o3', model_providers: { … } }`):
 * one override per leaf, its path the keys leading to it (a key may hold dots), its value as given.
 * @throws UsageError when `table` is not a plain object.
 */
export function overridesFromTable(table: unknown): ConfigOverride[] {
  if (!isTable(table)) {
    throw new UsageError('configOverrides takes an object laid over config.toml ({ model: "o3" }) or TOML lines (["model = \"o3\""])');
  }
  const out: ConfigOverride[] = [];
  const walk = (at: readonly string[], value: unknown): void => {
    if (isTable(value) && Object.keys(value).length > 0) {
      for (const [k, v] of Object.entries(value)) walk([...at, k], v);
      return;
    }
    out.push({ spec: `${at.join('.')} (configOverrides)`, path: [...at], value });
  };
  for (const [k, v] of Object.entries(table)) walk([k], v);
  return out;
}

/** A library's or command line's overrides: TOML lines (`key = value`, as `-c` takes them) or a table. */
export type ConfigOverrides = readonly string[] | Readonly<Record<string, unknown>>;

/** The overrides, parsed, whichever form they were given in. */
export function parseOverrides(overrides: ConfigOverrides): ConfigOverride[] {
  if (Array.isArray(overrides)) {
    return overrides.map((line: unknown) => {
      if (typeof line !== 'string') throw new UsageError(`configOverrides: each line is a TOML "key = value" string (got ${typeof line})`);
      return parseOverride(line);
    });
  }
  return overridesFromTable(overrides);
}

/** The overrides as `-c` lines, for views that show them so (a key holding dots reads as a path there). */
export function overrideLines(overrides: ConfigOverrides | undefined): string[] {
  if (overrides === undefined) return [];
  if (Array.isArray(overrides)) return [...(overrides as readonly string[])];
  return overridesFromTable(overrides).map((o) => `${o.path.join('.')}=${JSON.stringify(o.value)}`);
}

/** `lines` (`-c` overrides) laid after `base`, in `base`'s form. */
export function withOverrideLines(base: ConfigOverrides | undefined, lines: readonly string[]): ConfigOverrides {
  if (base === undefined || Array.isArray(base)) return [...((base as readonly string[] | undefined) ?? []), ...lines];
  return lines.map(parseOverride).reduce<TomlTable>((table, o) => applyOverride(table, o.path, o.value), { ...base });
}

function parseTomlValue(raw: string): unknown {
  try {
    return parseToml(`v = ${raw}`).v;
  } catch {
    return raw;
  }
}

/** Set `value` at `path` inside `table`, creating intermediate tables; returns a new table. */
export function applyOverride(table: TomlTable, path: readonly string[], value: unknown): TomlTable {
  const [head, ...rest] = path;
  if (head === undefined) return table;
  if (rest.length === 0) return { ...table, [head]: value };
  const child = table[head];
  const childTable = isTable(child) ? child : {};
  return { ...table, [head]: applyOverride(childTable, rest, value) };
}

/** `over` laid onto `base`: tables merge key by key, anything else replaces. */
export function deepMerge(base: TomlTable, over: TomlTable): TomlTable {
  const out: TomlTable = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const cur = out[k];
    out[k] = isTable(cur) && isTable(v) ? deepMerge(cur, v) : v;
  }
  return out;
}

export function isTable(v: unknown): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
