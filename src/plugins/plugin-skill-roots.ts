// The skills a thread gets from plugins, as Codex 0.169 loads them: each plugin switched on in
// config.toml (`[plugins."<plugin>@<marketplace>"] enabled = true`) and installed in the plugin
// cache contributes its installed copy's skills folder; the skill roots are the marketplaces' cache
// folders (`<home>/plugins/cache/<marketplace>`), in the order config.toml first names them. Nothing
// is read when config.toml names no plugin.
import path from 'node:path';
import type { z } from 'zod';
import type { PluginConfigEntry } from '../../protocol/plugins.js';
import type { PluginSkillDir, PluginSkillRoot } from '../context/skills.js';
import { installedVersions, pluginCacheRoot } from './plugin-cache.js';
import { parsePluginKey, type PluginKey } from './plugin-id.js';
import { readPluginManifest, skillsDirOf } from './plugin-manifest.js';

function keyOf(id: string): PluginKey | undefined {
  try {
    return parsePluginKey(id);
  } catch {
    return undefined;
  }
}

export async function pluginSkillRoots(home: string, plugins: Readonly<Record<string, z.infer<typeof PluginConfigEntry>>> | undefined): Promise<PluginSkillRoot[]> {
  const byMarketplace = new Map<string, PluginSkillDir[]>();
  for (const [id, entry] of Object.entries(plugins ?? {})) {
    const key = entry.enabled === true ? keyOf(id) : undefined;
    if (key === undefined) continue;
    const version = (await installedVersions(home, key)).sort().at(-1);
    if (version === undefined) continue;
    const dir = path.join(pluginCacheRoot(home), key.marketplace, key.plugin, version);
    const skills = { plugin: key.plugin, dir: skillsDirOf(dir, await readPluginManifest(dir)) };
    byMarketplace.set(key.marketplace, [...(byMarketplace.get(key.marketplace) ?? []), skills]);
  }
  return [...byMarketplace].map(([marketplace, dirs]) => ({ root: path.join(pluginCacheRoot(home), marketplace), plugins: dirs }));
}
