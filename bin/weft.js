#!/usr/bin/env node
// weft's executable. It runs the bundled build (`dist/weft.cjs`, made by `npm run build`, which
// `npm install` runs): one file of plain JavaScript starts far faster than the sources compiled on the
// fly. A checkout without a build (installed with --ignore-scripts) runs the sources through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/weft.cjs', import.meta.url));
if (existsSync(bundle)) {
  // Compiled through V8's code cache (a per-user cache folder; see src/cli/code-cache.ts): a later
  // start reads the compiled code instead of compiling the bundle again.
  const { codeCacheDir, loadBundleWithCodeCache } = await import('../dist/src/cli/code-cache.js');
  const loaded = loadBundleWithCodeCache(bundle, process.env.WEFT_CODE_CACHE === '0' ? undefined : codeCacheDir(process.env));
  const { main, processIo } = loaded.exports;
  process.exitCode = await main(process.argv.slice(2), processIo());
  loaded.saveCache();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main, processIo } = await import(new URL('../src/cli/main.ts', import.meta.url).href);
  process.exitCode = await main(process.argv.slice(2), processIo());
}
