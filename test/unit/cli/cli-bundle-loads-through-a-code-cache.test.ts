// The bin compiles the CommonJS bundle through V8's code cache (src/cli/code-cache.ts): the run that
// compiles writes the cache, later runs use it, and a missing, foreign, corrupt or unwritable cache
// only costs a normal compile.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { BUNDLE_ASCII_MARK, BUNDLE_HASH_PREFIX, BUNDLE_SELF_WRAP_CLOSE, BUNDLE_SELF_WRAP_OPEN, codeCacheFile, loadBundleWithCodeCache } from '../../../src/cli/code-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-code-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// V8 keeps what one process compiled and would not look at the cache again for the same source: a
// run that must read the cache is a process of its own, as every start of the bin is. The global
// setup has built dist/, the loader the bin uses.
const LOADER = fileURLToPath(new URL('../../../dist/src/cli/code-cache.js', import.meta.url));

function runInProcess(file: string, cacheDir: string): { used: boolean; twice: number } {
  const script = `import { loadBundleWithCodeCache } from ${JSON.stringify(LOADER)};
const l = loadBundleWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)});
console.log(JSON.stringify({ used: l.cacheUsed, twice: l.exports.twice(4) }));
l.saveCache();`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { used: boolean; twice: number };
}

/** A bundle like the build's: the hash line, then CommonJS using the module variables. */
async function bundle(name: string, hash: string, body = ''): Promise<string> {
  const file = path.join(dir, name);
  const source = `${BUNDLE_HASH_PREFIX}${hash}\n'use strict';\n${body}\nfunction twice(n) { return n * 2; }\nmodule.exports = { twice, file: __filename, dir: __dirname, fs: typeof require('node:fs').readFileSync };\n`;
  await writeFile(file, source);
  return file;
}

describe('loading the bundle through a code cache', () => {
  it('compiles and writes the cache on the first run, and uses it on the next', async () => {
    const file = await bundle('weft.cjs', 'aaaa1111');
    const cacheDir = path.join(dir, 'cache');
    const first = loadBundleWithCodeCache(file, cacheDir);
    expect(first.cacheUsed).toBe(false);
    expect((first.exports.twice as (n: number) => number)(21)).toBe(42);
    expect(first.exports).toMatchObject({ file, dir, fs: 'function' });
    first.saveCache();
    expect(await readdir(cacheDir)).toEqual([`${process.version}-${process.arch}-aaaa1111.bin`]);
    expect(runInProcess(file, cacheDir)).toEqual({ used: true, twice: 8 });
  });

  it('recompiles and rewrites a cache V8 rejects', async () => {
    const file = await bundle('weft.cjs', 'bbbb2222');
    const cacheDir = path.join(dir, 'cache');
    const cache = codeCacheFile(cacheDir, await readFile(file, 'utf8')) as string;
    await mkdir(cacheDir, { recursive: true });
    await writeFile(cache, Buffer.from('not a code cache at all'));
    expect(runInProcess(file, cacheDir)).toEqual({ used: false, twice: 8 });
    expect((await readFile(cache)).toString()).not.toBe('not a code cache at all');
    expect(runInProcess(file, cacheDir)).toEqual({ used: true, twice: 8 });
  });

  it('keys the cache by the bundle hash and drops older bundles\' caches of the same Node only', async () => {
    const cacheDir = path.join(dir, 'cache');
    const other = path.join(cacheDir, `v0.0.1-${process.arch}-cccc3333.bin`);
    loadBundleWithCodeCache(await bundle('old.cjs', 'cccc3333'), cacheDir).saveCache();
    await writeFile(other, 'another Node');
    const fresh = loadBundleWithCodeCache(await bundle('new.cjs', 'dddd4444'), cacheDir);
    expect(fresh.cacheUsed).toBe(false);
    fresh.saveCache();
    expect((await readdir(cacheDir)).sort()).toEqual([`${process.version}-${process.arch}-dddd4444.bin`, path.basename(other)].sort());
  });

  it('runs without a cache when the bundle has no hash line or the cache cannot be written', async () => {
    const bare = path.join(dir, 'bare.cjs');
    await writeFile(bare, 'module.exports = { ok: true };\n');
    const cacheDir = path.join(dir, 'cache');
    const loaded = loadBundleWithCodeCache(bare, cacheDir);
    expect(loaded.exports).toEqual({ ok: true });
    loaded.saveCache();
    await expect(readdir(cacheDir)).rejects.toThrow();

    // A file where the cache folder should be: nothing can be written, nothing fails.
    const blocked = path.join(dir, 'blocked');
    await writeFile(blocked, '');
    const file = await bundle('weft.cjs', 'eeee5555');
    const run = loadBundleWithCodeCache(file, blocked);
    expect(() => run.saveCache()).not.toThrow();
    expect((run.exports.twice as (n: number) => number)(3)).toBe(6);
  });

  it('lets the bundle import() what stays outside it, without a notice on stderr', async () => {
    const file = path.join(dir, 'weft.cjs');
    await writeFile(file, "module.exports = { sep: () => import('node:path').then((m) => m.sep) };\n");
    const script = `import { loadBundleWithCodeCache } from ${JSON.stringify(LOADER)};
console.log(await loadBundleWithCodeCache(${JSON.stringify(file)}, undefined).exports.sep());`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stdout.trim()).toBe(path.sep);
    expect(run.stderr).toBe('');
  });

  it('keys a bundle marked ASCII by its hash, and reads it byte for byte without checking', async () => {
    const file = path.join(dir, 'weft.cjs');
    // The build never writes a non-ASCII byte under the mark: one here shows the mark is what is read.
    await writeFile(file, Buffer.concat([Buffer.from(`${BUNDLE_HASH_PREFIX}abcd1234${BUNDLE_ASCII_MARK}\nmodule.exports = { c: '`), Buffer.from([0xc3, 0xa9]), Buffer.from("' };\n")]));
    expect(codeCacheFile(path.join(dir, 'cache'), await readFile(file, 'latin1'))).toBe(path.join(dir, 'cache', `${process.version}-${process.arch}-abcd1234.bin`));
    expect(loadBundleWithCodeCache(file, undefined).exports.c).toBe('\u00c3\u00a9');
  });

  it('reads a bundle that is not pure ASCII as UTF-8', async () => {
    const file = await bundle('weft.cjs', 'ffff6666', "const dot = '\u00b7 \u2014';");
    await writeFile(file, (await readFile(file, 'utf8')).replace("module.exports = {", 'module.exports = { dot,'));
    expect(loadBundleWithCodeCache(file, undefined).exports.dot).toBe('\u00b7 \u2014');
  });

  it('runs a bundle that carries its own CommonJS wrapper, through the cache and through require alike', async () => {
    const file = path.join(dir, 'wrapped.cjs');
    const body = "'use strict';\nfunction twice(n) { return n * 2; }\nmodule.exports = { twice, file: __filename, strict: this === undefined };";
    await writeFile(file, `${BUNDLE_HASH_PREFIX}abab7777${BUNDLE_ASCII_MARK}\n${BUNDLE_SELF_WRAP_OPEN}${body}${BUNDLE_SELF_WRAP_CLOSE}`);
    const cacheDir = path.join(dir, 'cache');
    const first = loadBundleWithCodeCache(file, cacheDir);
    // The bundle's directive opens the function: its code runs strict, as the build's ES modules were.
    expect(first.exports).toMatchObject({ file, strict: true });
    expect((first.exports.twice as (n: number) => number)(5)).toBe(10);
    first.saveCache();
    expect(runInProcess(file, cacheDir)).toEqual({ used: true, twice: 8 });
    const required = createRequire(import.meta.url)(file) as { twice(n: number): number; file: string };
    expect(required.twice(7)).toBe(14);
    expect(required.file).toBe(file);
  });
});
