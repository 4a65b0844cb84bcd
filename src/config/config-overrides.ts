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
