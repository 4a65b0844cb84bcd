// Installed plugins, where Codex keeps them: `<home>/plugins/cache/<marketplace>/<plugin>/<version>`
// (`local` when the plugin names no version). Installing copies the plugin's folder into a staging
// folder beside it and renames it into place; only folders and regular files are copied (a symlink in
// a plugin is left out, so nothing installed points outside it). Every path segment is checked
// (plugin-id.ts) and each written path is checked to stay under the plugin's cache folder.
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PluginError } from './plugin-error.js';
import { checkedSegment, isVersionSegment, type PluginKey } from './plugin-id.js';

export const LOCAL_VERSION = 'local';

export const pluginCacheRoot = (home: string): string => path.join(home, 'plugins', 'cache');

export function pluginCacheDir(home: string, key: PluginKey): string {
  return path.join(pluginCacheRoot(home), checkedSegment('marketplace name', key.marketplace), checkedSegment('plugin name', key.plugin));
}

/** The installed versions of a plugin (folder names), none when it is not installed. */
export async function installedVersions(home: string, key: PluginKey): Promise<string[]> {
  try {
    const entries = await readdir(pluginCacheDir(home, key), { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  } catch {
    return [];
  }
}

function inside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function copyTree(from: string, to: string, top: string): Promise<void> {
  if (!inside(top, to) && to !== top) throw new PluginError(`refusing to write \`${to}\` outside the plugin folder`);
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (!inside(top, dst)) throw new PluginError(`refusing to write \`${dst}\` outside the plugin folder`);
    const st = await lstat(src);
    if (st.isDirectory()) await copyTree(src, dst, top);
    else if (st.isFile()) await writeFile(dst, await readFile(src), { mode: st.mode & 0o777, flag: 'wx' });
  }
}

/** Copies `sourceDir` in as the plugin's only installed version; answers the version folder. */
export async function installPlugin(home: string, key: PluginKey, sourceDir: string, version: string | null | undefined): Promise<string> {
  const folder = version ?? LOCAL_VERSION;
  if (!isVersionSegment(folder)) throw new PluginError(`plugin \`${key.plugin}\` has version \`${folder}\`, which cannot name a folder; fix its plugin.json`);
  const dir = pluginCacheDir(home, key);
  await mkdir(dir, { recursive: true });
  const staging = path.join(dir, `.staging-${process.pid}-${Date.now().toString(36)}`);
  await rm(staging, { recursive: true, force: true });
  try {
    await copyTree(sourceDir, staging, staging);
    for (const old of await installedVersions(home, key)) await rm(path.join(dir, old), { recursive: true, force: true });
    await rename(staging, path.join(dir, folder));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return path.join(dir, folder);
}

/** Removes the plugin's cache folder (all its versions); nothing to remove is not an error. */
export async function uninstallPlugin(home: string, key: PluginKey): Promise<void> {
  await rm(pluginCacheDir(home, key), { recursive: true, force: true });
}
