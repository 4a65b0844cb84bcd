// The layers weft's effective configuration is made of, as Codex's app-server reports them
// (`config/read`): the session's `-c` flags over the selected profile file (codex-0.169's
// NAME.config.toml, when there is one) over the user's config.toml. Each layer has a version,
// `sha256:` of its table as key-sorted compact JSON (Codex computes it so, which lets a client's
// `expectedVersion` from Codex or weft mean the same), and every leaf key path records the layer
// it comes from (`origins`).
import { nodeCrypto } from '../node-builtins.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { ConfigError } from '../errors.js';
import { applyOverride, isTable, parseOverride, type TomlTable } from './config-overrides.js';

export type ConfigLayerName = { type: 'sessionFlags' } | { type: 'user'; file: string; profile: string | null };

export interface ConfigLayer {
  readonly name: ConfigLayerName;
  readonly version: string;
  readonly config: TomlTable;
}

/** JSON with every object's keys sorted, recursively (arrays keep their order). */
function canonical(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(canonical);
  if (isTable(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

export function layerVersion(table: TomlTable): string {
  return `sha256:${nodeCrypto().createHash('sha256').update(JSON.stringify(canonical(table))).digest('hex')}`;
}

export const userConfigFile = (home: string): string => path.join(home, 'config.toml');

/** The user's config.toml as text and table ('' and {} when it does not exist). */
export async function readUserConfig(home: string): Promise<{ file: string; text: string; table: TomlTable }> {
  const file = userConfigFile(home);
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`${file}: cannot be read: ${(err as Error).message}`, file, undefined, { cause: err });
  }
  try {
    return { file, text, table: parseToml(text) as TomlTable };
  } catch (err) {
    throw new ConfigError(`${file}: not valid TOML: ${(err as Error).message}`, file, undefined, { cause: err });
  }
}

/** The table the `-c` overrides make on their own. */
export function sessionFlagsTable(overrides: readonly string[]): TomlTable {
  return overrides.map(parseOverride).reduce<TomlTable>((acc, o) => applyOverride(acc, o.path, o.value), {});
}

/** Highest precedence first: the session's flags (when there are any), the profile file (when one is laid over), then the user's file. */
export function configLayers(
  userFile: string,
  user: TomlTable,
  overrides: readonly string[],
  profile?: { readonly name: string; readonly file: string; readonly table: TomlTable },
): ConfigLayer[] {
  const layers: ConfigLayer[] = [];
  if (overrides.length > 0) {
    const flags = sessionFlagsTable(overrides);
    layers.push({ name: { type: 'sessionFlags' }, version: layerVersion(flags), config: flags });
  }
  if (profile) layers.push({ name: { type: 'user', file: profile.file, profile: profile.name }, version: layerVersion(profile.table), config: profile.table });
  layers.push({ name: { type: 'user', file: userFile, profile: null }, version: layerVersion(user), config: user });
  return layers;
}

/** Leaf key path (`tools.web_search`, array elements by index) → the highest layer that sets it. */
export function configOrigins(layers: readonly ConfigLayer[]): Record<string, { name: ConfigLayerName; version: string }> {
  const origins: Record<string, { name: ConfigLayerName; version: string }> = {};
  const walk = (v: unknown, at: string[], layer: ConfigLayer): void => {
    if (isTable(v) || Array.isArray(v)) {
      for (const [k, child] of Object.entries(v)) walk(child, [...at, k], layer);
      return;
    }
    const key = at.join('.');
    if (key !== '' && !(key in origins)) origins[key] = { name: layer.name, version: layer.version };
  };
  for (const layer of layers) walk(layer.config, [], layer);
  return origins;
}

/** The value at a key path of a table (array elements by index), undefined where there is none. */
export function valueAtKeyPath(root: unknown, segments: readonly string[]): unknown {
  let cur = root;
  for (const s of segments) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(s) ? cur[Number(s)] : undefined;
    else if (isTable(cur)) cur = Object.hasOwn(cur, s) ? cur[s] : undefined;
    else return undefined;
  }
  return cur;
}
