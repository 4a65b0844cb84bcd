// The plugin tables of the user's config.toml, read and written as Codex writes them:
// `[marketplaces.<name>]` (`source_type`, `source`) for each added marketplace and
// `[plugins."<plugin>@<marketplace>"]` (`enabled`) for each installed plugin, each its own section,
// through the edit that keeps the file's comments (config/config-edit.ts).
import { z } from 'zod';
import { MarketplaceConfigEntry, PluginConfigEntry } from '../../protocol/plugins.js';
import { writeUserConfig, type ConfigEdit } from '../config/config-edit.js';
import { readUserConfig } from '../config/config-layers.js';

export interface PluginConfigTarget {
  /** The Codex home holding config.toml. */
  readonly home: string;
  /** The session's `-c` overrides (the write validates the file with them). */
  readonly overrides: readonly string[];
}

export interface PluginTables {
  readonly marketplaces: Readonly<Record<string, MarketplaceConfigEntry>>;
  readonly plugins: Readonly<Record<string, z.infer<typeof PluginConfigEntry>>>;
}

/** The two tables as config.toml holds them now (entries of the wrong shape are left out). */
export async function readPluginTables(home: string): Promise<PluginTables> {
  const { table } = await readUserConfig(home);
  const pick = <S extends z.ZodType>(raw: unknown, schema: S): Record<string, z.infer<S>> => {
    const out: Record<string, z.infer<S>> = {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
    for (const [k, v] of Object.entries(raw)) {
      const parsed = schema.safeParse(v);
      if (parsed.success) out[k] = parsed.data;
    }
    return out;
  };
  return { marketplaces: pick(table.marketplaces, MarketplaceConfigEntry), plugins: pick(table.plugins, PluginConfigEntry) };
}

async function write(target: PluginConfigTarget, edits: readonly ConfigEdit[], section?: string): Promise<void> {
  await writeUserConfig({ home: target.home, edits, overrides: target.overrides, sections: section ? [section] : [] });
}

/** Drops a table entry, and the table when it held only that entry. */
function removal(tableName: string, key: string, table: Readonly<Record<string, unknown>>): ConfigEdit {
  const only = Object.keys(table).length === 1 && key in table;
  return only ? { keyPath: tableName, value: null, mergeStrategy: 'replace' } : { keyPath: `${tableName}.${key}`, value: null, mergeStrategy: 'replace' };
}

export async function recordMarketplace(target: PluginConfigTarget, name: string, entry: MarketplaceConfigEntry): Promise<void> {
  const tables = await readPluginTables(target.home);
  await write(target, [{ keyPath: `marketplaces.${name}`, value: { ...entry }, mergeStrategy: 'replace' }], name in tables.marketplaces ? undefined : `marketplaces.${name}`);
}

export async function forgetMarketplace(target: PluginConfigTarget, name: string): Promise<void> {
  const { table } = await readUserConfig(target.home);
  const marketplaces = (table.marketplaces ?? {}) as Record<string, unknown>;
  if (!(name in marketplaces)) return;
  await write(target, [removal('marketplaces', name, marketplaces)]);
}

export async function enablePlugin(target: PluginConfigTarget, id: string): Promise<void> {
  const tables = await readPluginTables(target.home);
  await write(target, [{ keyPath: `plugins.${id}.enabled`, value: true, mergeStrategy: 'replace' }], id in tables.plugins ? undefined : `plugins."${id}"`);
}

export async function forgetPlugin(target: PluginConfigTarget, id: string): Promise<void> {
  const { table } = await readUserConfig(target.home);
  const plugins = (table.plugins ?? {}) as Record<string, unknown>;
  if (!(id in plugins)) return;
  await write(target, [removal('plugins', id, plugins)]);
}
