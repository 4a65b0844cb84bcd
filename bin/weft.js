#!/usr/bin/env node
// weft's executable. It runs the bundled build (made by `npm run build`, which `npm install` runs):
// dist/launch.cjs picks the bundle of the command asked for (dist/bundle/<command>.cjs), a file of
// plain JavaScript that starts far faster than the sources compiled on the fly, and holds that
// command only. A checkout without a build (installed with --ignore-scripts) runs the sources through tsx.
//
// CommonJS (bin/package.json says so): an ES module entry makes Node set up its ES module loader
// before the first line runs, about 30 ms of CPU that no command needs.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const dist = path.join(__dirname, '..', 'dist');

/**
 * Once the event loop has nothing left to do, exit at once: the work is done and recorded, and
 * Node's ordinary exit would then spend tens of milliseconds tearing the heap down.
 */
function finish(code) {
  process.exitCode = code;
  // Stopped by SIGINT or SIGTERM (src/cli/interrupt-signals.ts): the turn is recorded as interrupted,
  // and nothing still pending (a connection a proxy never answers) may hold the process.
  if (code === 130 || code === 143) process.exit(code);
  process.once('beforeExit', () => process.exit());
}

if (existsSync(path.join(dist, 'launch.cjs'))) {
  // Compiled through V8's code cache (a per-user cache folder; see src/cli/code-cache.ts and
  // src/cli/launch.ts): a later start reads the compiled code instead of compiling the bundle again.
  const loaded = require('../dist/launch.cjs').loadCommandBundle(dist, process.argv.slice(2), process.env);
  const { main, processIo } = loaded.exports;
  main(process.argv.slice(2), processIo()).then((code) => {
    loaded.saveCache();
    finish(code);
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
