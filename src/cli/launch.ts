// What the bin runs first (built as dist/launch.cjs): the bundle holding the command of this command
// line (dist/bundle/<name>.cjs, one per command, see scripts/build.ts), loaded through V8's code
// cache. A start then reads and compiles one command's code rather than every command's.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { codeCacheDir, loadBundleWithCodeCache, type LoadedBundle } from './code-cache.js';
import { bundleOf, route } from './route.js';

/** `dist/bundle/<name>.cjs`, below `distDir`, for these arguments. */
export function bundleFile(distDir: string, argv: readonly string[]): { name: string; file: string } {
  const name = bundleOf(route(argv));
  return { name, file: path.join(distDir, 'bundle', `${name}.cjs`) };
}

/**
 * Loads the bundle of `argv`'s command. Each bundle keeps its code cache in a folder of its own:
 * the cache of one is no use to another, and replacing one (a rebuilt bundle) leaves the others.
 * `WEFT_CODE_CACHE=0` turns the cache off.
 */
export function loadCommandBundle(distDir: string, argv: readonly string[], env: Readonly<Record<string, string | undefined>>): LoadedBundle {
  const { name, file } = bundleFile(distDir, argv);
  const root = env['WEFT_CODE_CACHE'] === '0' ? undefined : codeCacheDir(env);
  const loaded = loadBundleWithCodeCache(file, root === undefined ? undefined : path.join(root, name));
  return {
    ...loaded,
    saveCache() {
      loaded.saveCache();
      if (root !== undefined && !loaded.cacheUsed) dropSingleBundleCaches(root);
    },
  };
}

/**
 * Builds before the per-command bundles cached their one bundle in code-cache/ itself: once a new
 * cache is written (a new build's first runs, not every start), those files go.
 */
function dropSingleBundleCaches(root: string): void {
  try {
    for (const entry of readdirSync(root)) if (entry.endsWith('.bin')) rmSync(path.join(root, entry), { force: true });
  } catch {
    // Left for the next new cache.
  }
}
