// `npm run build` (run by `npm install` too): the compiled library, the bundled command line and the
// native Landlock helper.
// - dist/src, dist/protocol: each module compiled by tsc, with type declarations: the package's exports.
// - dist/weft.cjs: the CLI as one file (esbuild), which bin/weft.js runs. Node loads one file far
//   faster than the ~470 modules of weft and its dependencies (about 100 ms against 350), and every
//   `weft exec` pays that: the Codex SDK starts one process per turn.
// - native/build/weft-landlock-exec: the codex-0.98 profile's sandbox (scripts/build-landlock-helper.mjs,
//   also run at install; rebuilt only when its source changed, and never a failure of the build).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BUNDLE_ASCII_MARK, BUNDLE_HASH_PREFIX } from '../src/cli/code-cache.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const BUNDLE = 'dist/weft.cjs';
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-landlock-helper.mjs'], { cwd: root, stdio: 'inherit' });

// The split ES module bundle of earlier builds (dist/weft.mjs and its chunks) is no longer used.
await rm(path.join(root, 'dist', 'weft-chunks'), { recursive: true, force: true });
await rm(path.join(root, 'dist', 'weft.mjs'), { force: true });
// zod's namespace re-exports every locale's error messages (about 400 KB of the bundle) so that
// `z.locales.xx` exists; weft uses only the English one zod configures itself with. The bundle gets a
// locales module holding that one, and every start compiles 400 KB less.
const zodWithoutLocales: Plugin = {
  name: 'zod-without-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: "export { default as en } from './en.js';", loader: 'js' }));
  },
};

// CommonJS, not ES modules: Node 20 can use V8's code cache only for scripts (vm.Script), and
// compiling the bundle is most of a start. The bin (bin/weft.js, through src/cli/code-cache.ts)
// compiles it with the cached data of an earlier run. One file: with a code cache, what a command
// does not reach costs reading its source, not compiling it, and esbuild still evaluates a module
// reached only by a dynamic import (the MCP SDK, the WebSocket server, the viewer…) when it is imported.
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outfile: BUNDLE,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // tsx registers loader hooks for extension files: it must stay a package of its own. Native
  // addons (node-pty, better-sqlite3, fs-ext) load their compiled file from paths relative to their
  // own package. undici is loaded only behind a proxy: bundled, it would weigh on every start for nothing.
  external: ['tsx', 'tsx/*', 'node-pty', 'better-sqlite3', 'fs-ext', '@napi-rs/keyring', 'undici'],
  // The sources find weft's files (templates/, package.json) from their own URL.
  define: { 'import.meta.url': 'weftBundleUrl' },
  // The sources are ES modules, strict throughout: the directive must come before the banner's line.
  banner: { js: "'use strict';\nvar weftBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Whitespace and comments out, syntax shortened (names kept: errors and stack frames stay
  // readable): Node reads and copies every byte of the bundle on every start, about a third fewer.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [zodWithoutLocales],
  logLevel: 'warning',
});
// The bin's loader of the bundle (src/cli/code-cache.ts) as CommonJS too: the bin is a CommonJS
// script, which Node starts without setting up its ES module loader.
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/code-cache.ts'],
  outfile: 'dist/code-cache.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
const [output] = result.outputFiles;
if (!output) throw new Error('esbuild wrote no bundle');
// Pure ASCII: Node reads an ASCII file into a one-byte string almost for free, while decoding a few
// non-ASCII characters (in comments, and in the viewer's page script) made it convert the whole
// 3.4 MB, slower than compiling from the cache. Every other character becomes its \u escape, which
// means the same character in a comment, a string or a template; the one raw template holding
// some (the viewer's page script) has them inside the page's own string literals, which the
// browser reads as the same characters.
const text = output.text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
// The code cache is keyed by this hash: a rebuilt bundle never meets the compiled code of another.
const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
await writeFile(path.join(root, BUNDLE), `${BUNDLE_HASH_PREFIX}${hash}${BUNDLE_ASCII_MARK}\n${text}`);
