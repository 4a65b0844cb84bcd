#!/usr/bin/env node
// weft's executable. It runs the bundled build (`dist/weft.mjs`, made by `npm run build`, which
// `npm install` runs): one file of plain JavaScript starts far faster than the sources compiled on the
// fly. A checkout without a build (installed with --ignore-scripts) runs the sources through tsx.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/weft.mjs', import.meta.url);
let entry = bundle.href;
if (!existsSync(bundle)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli/main.ts', import.meta.url).href;
}
const { main, processIo } = await import(entry);
process.exitCode = await main(process.argv.slice(2), processIo());
