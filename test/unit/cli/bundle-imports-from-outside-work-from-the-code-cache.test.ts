// The bin's bundle runs as a `vm.Script`, compiled from V8's code cache after the first run. Under
// Node 20, functions read back from that cache lose the script's `import()` hook: an `import()` of
// what stays outside the bundle (undici behind a proxy, node-pty, tsx, extension files) failed with
// "A dynamic import callback was not specified" on every run but the first. The loader hands the
// bundle an importer of its own, which such imports go through (src/cli/import-outside-bundle.ts).
// Found driving weft from ai-sdk-provider-codex-cli: `weft exec --output-last-message` failed so.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BUNDLE_HASH_PREFIX } from '../../../src/cli/code-cache.js';

// The global setup has built dist/: the loader the bin uses and the importer as bundled.
const LOADER = fileURLToPath(new URL('../../../dist/src/cli/code-cache.js', import.meta.url));
const BUNDLES = fileURLToPath(new URL('../../../dist/bundle/', import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-bundle-import-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Loads `file` through the loader with a cache in `dir`, and prints what `probe(exports)` gives. */
function run(file: string, probe: string): string {
  const script = `import { loadBundleWithCodeCache } from ${JSON.stringify(LOADER)};
const loaded = loadBundleWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(path.join(dir, 'cache'))});
const out = await (${probe})(loaded.exports).catch((err) => 'failed: ' + err.message);
loaded.saveCache();
console.log(out);`;
  return execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

it('a bundle’s imports from outside it work on a run that reads the code cache', async () => {
  const file = path.join(dir, 'weft.cjs');
  // As the build makes it: the import goes through the importer the loader gives.
  await writeFile(
    file,
    `${BUNDLE_HASH_PREFIX}cccc3333\n'use strict';\nconst importOutside = (s) => globalThis[Symbol.for('weft.importOutsideBundle')](s);\nmodule.exports = { later: () => importOutside('node:os').then((m) => typeof m.cpus) };\n`,
  );
  const probe = '(e) => e.later()';
  expect(run(file, probe)).toBe('function');
  expect(await readdir(path.join(dir, 'cache'))).toHaveLength(1);
  expect(run(file, probe)).toBe('function');
});

it('the built bundles (one per command) have no import() of their own left', async () => {
  const { readFile } = await import('node:fs/promises');
  const files = (await readdir(BUNDLES)).filter((f) => f.endsWith('.cjs'));
  expect(files).toContain('exec.cjs');
  for (const file of files) {
    const text = await readFile(path.join(BUNDLES, file), 'latin1');
    // Left: the importer's own fallback (used only without the loader), and pkce-challenge's for a
    // Node without Web Crypto (Node 20 has it).
    const left = [...text.matchAll(/[^.\w$'"`]import\(([^)]{0,40})\)/g)].map((m) => m[1]).filter((s) => s !== '"node:crypto"' && s !== 'specifier');
    expect(left, file).toEqual([]);
  }
});
