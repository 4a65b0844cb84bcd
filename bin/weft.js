#!/usr/bin/env node
// weft's executable. It runs the bundled build (`dist/weft.cjs`, made by `npm run build`, which
// `npm install` runs): one file of plain JavaScript starts far faster than the sources compiled on the
// fly. A checkout without a build (installed with --ignore-scripts) runs the sources through tsx.
//
// CommonJS (bin/package.json says so): an ES module entry makes Node set up its ES module loader
// before the first line runs, about 30 ms of CPU that no command needs.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const bundle = path.join(__dirname, '..', 'dist', 'weft.cjs');

/**
 * Once the event loop has nothing left to do, exit at once: the work is done and recorded, and
 * Node's ordinary exit would then spend tens of milliseconds tearing the heap down.
 */
function finish(code) {
  process.exitCode = code;
  process.once('beforeExit', () => process.exit());
}

if (existsSync(bundle)) {
  // Compiled through V8's code cache (a per-user cache folder; see src/cli/code-cache.ts, built as
  // dist/code-cache.cjs): a later start reads the compiled code instead of compiling the bundle again.
  const { codeCacheDir, loadBundleWithCodeCache } = require('../dist/code-cache.cjs');
  const loaded = loadBundleWithCodeCache(bundle, process.env.WEFT_CODE_CACHE === '0' ? undefined : codeCacheDir(process.env));
  const { main, processIo } = loaded.exports;
  main(process.argv.slice(2), processIo()).then((code) => {
    finish(code);
    loaded.saveCache();
  });
} else {
  import('tsx/esm/api')
    .then(({ register }) => {
      register();
      return import(pathToFileURL(path.join(__dirname, '..', 'src', 'cli', 'main.ts')).href);
    })
    .then(({ main, processIo }) => main(process.argv.slice(2), processIo()))
    .then(finish);
}
