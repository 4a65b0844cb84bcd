// weft's folder of per-user caches: $XDG_CACHE_HOME/weft, else ~/.cache/weft. Everything in it is
// only a cache: checked before use, rebuilt when missing or stale, never needed to be correct.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function userCacheDir(env: Readonly<Record<string, string | undefined>>, home: string = env['HOME'] || os.homedir()): string {
  const xdg = env['XDG_CACHE_HOME'];
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache');
  return path.join(base, 'weft');
}

/**
 * Writes a cache file whole or not at all (a reader never sees half of one); false when it could
 * not be written, which only means the cache stays cold.
 */
export function writeCacheFileSync(file: string, data: string | Uint8Array): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    return true;
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing was written.
    }
    return false;
  }
}
