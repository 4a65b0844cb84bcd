// `npm run build` (run by `npm install` too): the compiled library, the bundled command line and the
// native Landlock helper.
// - dist/src, dist/protocol: each module compiled by tsc, with type declarations: the package's exports.
// - dist/weft.mjs: the CLI as one file (esbuild), which bin/weft.js runs. Node loads one file far
//   faster than the ~470 modules of weft and its dependencies (about 100 ms against 350), and every
//   `weft exec` pays that: the Codex SDK starts one process per turn.
// - native/build/weft-landlock-exec: the codex-0.98 profile's sandbox (scripts/build-landlock-helper.mjs,
//   also run at install; rebuilt only when its source changed, and never a failure of the build).
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const CHUNKS = 'weft-chunks';
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-landlock-helper.mjs'], { cwd: root, stdio: 'inherit' });

// Chunks of an earlier build would otherwise pile up beside the new ones.
await rm(path.join(root, 'dist', CHUNKS), { recursive: true, force: true });
// zod's namespace re-exports every locale's error messages (about 400 KB of the bundle) so that
// `z.locales.xx` exists; weft uses only the English one zod configures itself with. The bundle gets a
// locales module holding that one, and every start compiles 400 KB less.
const zodWithoutLocales: Plugin = {
  name: 'zod-without-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: "export { default as en } from './en.js';", loader: 'js' }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { weft: 'src/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // Split at every dynamic import: a command, and each heavy part a command loads only when it needs
  // it (the MCP SDK, the WebSocket server, the viewer…), is a chunk of its own, so `weft exec`
  // compiles only the code its path reaches, not the whole command line.
  splitting: true,
  chunkNames: `${CHUNKS}/[name]-[hash]`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // tsx registers loader hooks for extension files: it must stay a package of its own. Native
  // addons (node-pty, better-sqlite3, fs-ext) load their compiled file from paths relative to their
  // own package. undici is loaded only behind a proxy: bundled, it would weigh on every start for nothing.
  external: ['tsx', 'tsx/*', 'node-pty', 'better-sqlite3', 'fs-ext', 'undici'],
  // Bundled CommonJS dependencies call require() for Node's built-ins; an ES module has none.
  banner: { js: "import { createRequire as weftCreateRequire } from 'node:module';\nconst require = weftCreateRequire(import.meta.url);" },
  plugins: [zodWithoutLocales],
  logLevel: 'warning',
});
