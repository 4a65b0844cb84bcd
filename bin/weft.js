#!/usr/bin/env node
// weft's executable. It runs the compiled build (`dist/`, made by `npm run build`, which `npm install`
// runs): loading plain JavaScript starts much faster than compiling TypeScript on the fly. A checkout
// without a build (installed with --ignore-scripts) runs the sources through tsx instead.
import { existsSync } from 'node:fs';

const built = new URL('../dist/src/cli/main.js', import.meta.url);
let entry = built.href;
if (!existsSync(built)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli/main.ts', import.meta.url).href;
}
const { main, processIo } = await import(entry);
process.exitCode = await main(process.argv.slice(2), processIo());
