#!/usr/bin/env node
// weft's executable. It runs the bundled build (`dist/weft.mjs`, made by `npm run build`, which
// `npm install` runs): one file of plain JavaScript starts far faster than the sources compiled on the
// fly. A checkout without a build (installed with --ignore-scripts) runs the sources through tsx.
import { existsSync } from 'node:fs';
import module from 'node:module';

// V8's code cache for the modules loaded below (Node 22.1 and newer; older Nodes have no such call):
// a later start reads the compiled code instead of compiling the bundle again. Kept in Node's own
// cache folder (os.tmpdir()/node-compile-cache), checked by Node against the file it came from.
try {
  module.enableCompileCache?.();
} catch {
  // A cache that cannot be written only makes starts slower.
}

const bundle = new URL('../dist/weft.mjs', import.meta.url);
let entry = bundle.href;
if (!existsSync(bundle)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli/main.ts', import.meta.url).href;
}
const { main, processIo } = await import(entry);
process.exitCode = await main(process.argv.slice(2), processIo());
