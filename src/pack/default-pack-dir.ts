// Where weft's own template pack is: `templates/` at the package root. The sources run from `src/`
// (tsx, tests) and from the compiled `dist/src/` (the bin, an installed package), at different depths,
// so the root (also where the native Landlock helper is built) is found by walking up to the nearest package.json rather than by a fixed `../..`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    // Only a broken install gets here: weft's files are always below its package.json.
    if (path.dirname(dir) === dir) throw new Error(`weft: no package.json above ${from}`);
  }
}

/** weft's package root: where package.json, templates/ and native/ are. */
export const WEFT_PACKAGE_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** weft's own pack (absolute path, with a trailing separator). */
export const WEFT_PACK_DIR = path.join(WEFT_PACKAGE_ROOT, 'templates') + path.sep;

/**
 * weft's own pack for a generation whose layout differs from the seed's: its folder under
 * `templates/` (what only that generation has or words differently) over `templates/` itself (the
 * files both generations share).
 */
export function weftPackFor(generation: string): readonly string[] {
  return [path.join(WEFT_PACK_DIR, generation) + path.sep, WEFT_PACK_DIR];
}
