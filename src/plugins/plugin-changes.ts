// plugin install and uninstall. Install reads the marketplace file as it is now, refuses a plugin
// the marketplace marks NOT_AVAILABLE, copies the plugin's folder into the plugin cache
// (plugin-cache.ts) and switches it on in config.toml. Uninstall removes the cache folder and the
// config entry; an id naming nothing installed is not an error.
import { findPlugin, loadMarketplace, sourceDir } from './marketplace-file.js';
import { installPlugin, uninstallPlugin } from './plugin-cache.js';
import { enablePlugin, forgetPlugin, type PluginConfigTarget } from './plugin-config.js';
import { PluginError } from './plugin-error.js';
import { checkedSegment, pluginKeyText, type PluginKey } from './plugin-id.js';
import { readPluginManifest } from './plugin-manifest.js';

export interface PluginInstalled {
  readonly id: string;
  readonly authPolicy: 'ON_INSTALL' | 'ON_USE';
  /** The installed folder. */
  readonly dir: string;
}

export async function installFromMarketplace(target: PluginConfigTarget, marketplaceFile: string, pluginName: string): Promise<PluginInstalled> {
  const market = await loadMarketplace(marketplaceFile);
  const plugin = findPlugin(market, pluginName);
  if (plugin.installPolicy === 'NOT_AVAILABLE') throw new PluginError(`marketplace \`${market.name}\` does not offer plugin \`${pluginName}\` for install`);
  const key: PluginKey = { plugin: checkedSegment('plugin name', plugin.name), marketplace: checkedSegment('marketplace name', market.name) };
  const dir = await sourceDir(market, plugin);
  if (dir === undefined) throw new PluginError(`plugin \`${pluginName}\` of marketplace \`${market.name}\` has no folder at \`${plugin.sourcePath}\``);
  const manifest = await readPluginManifest(dir);
  const installed = await installPlugin(target.home, key, dir, manifest?.version);
  const id = pluginKeyText(key);
  await enablePlugin(target, id);
  return { id, authPolicy: plugin.authPolicy, dir: installed };
}

export async function uninstallByKey(target: PluginConfigTarget, key: PluginKey): Promise<void> {
  await uninstallPlugin(target.home, key);
  await forgetPlugin(target, pluginKeyText(key));
}
