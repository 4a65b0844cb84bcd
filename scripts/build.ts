// `npm run build` (run by `npm install` too): the compiled library and the bundled command line.
// - dist/src, dist/protocol: each module compiled by tsc, with type declarations: the package's exports.
// - dist/weft.mjs: the CLI as one file (esbuild), which bin/weft.js runs. Node loads one file far
//   faster than the ~470 modules of weft and its dependencies (about 100 ms against 350), and every
//   `weft exec` pays that: the Codex SDK starts one process per turn.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/weft.mjs',
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
  logLevel: 'warning',
});
