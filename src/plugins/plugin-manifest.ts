// A plugin's own description: `<plugin>/.codex-plugin/plugin.json` (version, description, keywords,
// skills folder, display interface). A plugin without one, or with one that does not parse, is still
// listed, with nothing from it, as Codex lists it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PluginManifest } from '../../protocol/plugins.js';

export const MANIFEST_FILE = path.join('.codex-plugin', 'plugin.json');

export async function readPluginManifest(dir: string | undefined): Promise<PluginManifest | undefined> {
  if (dir === undefined) return undefined;
  try {
    const parsed = PluginManifest.safeParse(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The plugin's skills folder: the manifest's `skills` (`./…`, inside the plugin), else `skills/`. */
export function skillsDirOf(dir: string, manifest: PluginManifest | undefined): string {
  const declared = manifest?.skills;
  if (typeof declared === 'string' && declared.startsWith('./')) {
    const parts = declared.slice(2).split('/').filter((p) => p !== '');
    if (!parts.some((p) => p === '..' || p === '.')) return path.join(dir, ...parts);
  }
  return path.join(dir, 'skills');
}
