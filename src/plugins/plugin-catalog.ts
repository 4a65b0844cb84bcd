// What a client sees of each plugin: the marketplace's entry, the plugin's own manifest (read from
// its source folder) and its state in this home: installed (a version in the plugin cache) and
// enabled (installed, and switched on in config.toml).
import type { PluginManifest } from '../../protocol/plugins.js';
import { sourceDir, type Marketplace, type MarketplacePlugin } from './marketplace-file.js';
import { installedVersions } from './plugin-cache.js';
import type { PluginTables } from './plugin-config.js';
import { isNameSegment, pluginKeyText } from './plugin-id.js';
import { readPluginManifest } from './plugin-manifest.js';

export interface PluginState {
  readonly marketplace: Marketplace;
  readonly plugin: MarketplacePlugin;
  readonly id: string;
  /** The source folder, resolved; undefined when missing or when it leads out of the marketplace. */
  readonly dir: string | undefined;
  readonly manifest: PluginManifest | undefined;
  readonly installed: boolean;
  readonly enabled: boolean;
}

export async function pluginState(home: string, tables: PluginTables, marketplace: Marketplace, plugin: MarketplacePlugin): Promise<PluginState> {
  const id = pluginKeyText({ plugin: plugin.name, marketplace: marketplace.name });
  let dir: string | undefined;
  try {
    dir = await sourceDir(marketplace, plugin);
  } catch {
    dir = undefined;
  }
  const manifest = await readPluginManifest(dir);
  const keyed = isNameSegment(plugin.name) && isNameSegment(marketplace.name);
  const installed = keyed && (await installedVersions(home, { plugin: plugin.name, marketplace: marketplace.name })).length > 0;
  return { marketplace, plugin, id, dir, manifest, installed, enabled: installed && tables.plugins[id]?.enabled === true };
}

export async function marketplaceStates(home: string, tables: PluginTables, marketplace: Marketplace): Promise<PluginState[]> {
  return Promise.all(marketplace.plugins.map((p) => pluginState(home, tables, marketplace, p)));
}
