// `npm run build` (run by `npm install` too): the compiled library, the bundled command line and the
// native Landlock helper.
// - dist/src, dist/protocol: each module compiled by tsc, with type declarations: the package's exports.
// - dist/bundle/<command>.cjs: the CLI as one file per command (esbuild), which bin/weft.js runs
//   through dist/launch.cjs. Node loads one file far faster than the ~470 modules of weft and its
//   dependencies (about 100 ms against 350), and every `weft exec` pays that: the Codex SDK starts
//   one process per turn.
// - native/build/weft-landlock-exec: the codex-0.98 profile's sandbox (scripts/build-landlock-helper.mjs,
//   also run at install; rebuilt only when its source changed, and never a failure of the build).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { BUNDLE_ASCII_MARK, BUNDLE_HASH_PREFIX, BUNDLE_SELF_WRAP_CLOSE, BUNDLE_SELF_WRAP_OPEN } from '../src/cli/code-cache.js';
import { COMMAND_NAMES } from '../src/cli/route.js';
import { BUNDLE_EXTERNALS } from './bundle-externals.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-landlock-helper.mjs'], { cwd: root, stdio: 'inherit' });

// What earlier builds made and nothing runs any more: the split ES module bundle (dist/weft.mjs and
// its chunks), then the one CommonJS bundle of every command and its loader.
for (const old of ['weft-chunks', 'weft.mjs', 'weft.cjs', 'code-cache.cjs']) await rm(path.join(root, 'dist', old), { recursive: true, force: true });
// zod's namespace re-exports every locale's error messages (about 400 KB of the bundle) so that
// `z.locales.xx` exists; weft uses only the English one zod configures itself with. The bundle gets a
// locales module holding that one, and every start compiles 400 KB less. Likewise `z.fromJSONSchema`,
// which weft never calls: its module copies zod's whole namespace into an object when it loads,
// which every start paid for.
const zodWithoutLocales: Plugin = {
  name: 'zod-without-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: "export { default as en } from './en.js';", loader: 'js' }));
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]classic[\\/]from-json-schema\.js$/ }, () => ({
      contents: "export function fromJSONSchema() { throw new Error('z.fromJSONSchema is not in weft\\'s bundle (scripts/build.ts)'); }",
      loader: 'js',
    }));
  },
};

// The command line as one bundle per command (dist/bundle/<name>.cjs): the bin (bin/weft.js, through
// dist/launch.cjs) runs the one of the command asked for, chosen by src/cli/route.ts, so a start reads
// and compiles that command's code only. Each is main.ts with the other commands' modules left out
// (the stub in their place fails loudly, should the route and a bundle ever disagree); `main` has
// none: `--version`, the help and usage errors. A listing of threads has one without the engine.
const COMMAND_MODULES: Record<string, string[]> = {
  main: [],
  prompt: ['prompt-command'],
  exec: ['exec-command'],
  review: ['review-command', 'exec-command'],
  thread: ['thread-command', 'thread-run-command', 'thread-export-command'],
  'thread-list': ['thread-command'],
  'app-server': ['app-server-command'],
  acp: ['acp-command'],
  sandbox: ['sandbox-command'],
  mcp: ['mcp-command'],
  login: ['login-command'],
  logout: ['login-command'],
  archive: ['archive-command'],
  unarchive: ['archive-command'],
  delete: ['archive-command'],
  apply: ['apply-command'],
  features: ['features-command'],
  view: ['view-command'],
  completion: ['completion-command'],
};
/** Every command module of src/cli/ not in `keep` is replaced by a module that throws. */
function onlyCommands(bundle: string, keep: readonly string[]): Plugin {
  return {
    name: 'only-commands',
    setup(b) {
      b.onResolve({ filter: /^\.\/[a-z-]+-command\.js$/ }, (args) => {
        const name = path.basename(args.path, '.js');
        if (path.resolve(args.resolveDir) !== path.join(root, 'src', 'cli') || keep.includes(name)) return undefined;
        return { path: name, namespace: 'left-out' };
      });
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
        contents: `throw new Error('weft: src/cli/${args.path}.ts is not in the ${bundle} bundle (src/cli/route.ts chose it)');`,
        loader: 'js',
      }));
    },
  };
}
// route.ts's bundleOf() chooses among these: a command without a bundle would fail at its first run.
for (const name of ['main', 'thread-list', ...COMMAND_NAMES]) {
  if (!COMMAND_MODULES[name]) throw new Error(`scripts/build.ts: no bundle for ${name}, which src/cli/route.ts may choose`);
}

// CommonJS, not ES modules: Node 20 can use V8's code cache only for scripts (vm.Script), and
// compiling a bundle is most of a start. The bin (through src/cli/code-cache.ts) compiles it with
// the cached data of an earlier run. Within a bundle, esbuild evaluates a module reached only by a
// dynamic import (the MCP SDK, the WebSocket server…) when it is imported.
const shared: BuildOptions & { write: false } = {
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // What stays a package of its own, and why: scripts/bundle-externals.ts.
  external: [...BUNDLE_EXTERNALS, 'tsx/*'],
  // The sources find weft's files (templates/, package.json) from their own URL.
  define: { 'import.meta.url': 'weftBundleUrl' },
  // The sources are ES modules, strict throughout: the directive must come before the banner's line.
  banner: { js: "'use strict';\nvar weftBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Whitespace and comments out, syntax shortened (names kept: errors and stack frames stay
  // readable): Node reads and copies every byte of a bundle on every start, about a third fewer.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};
// `WEFT_BUNDLE_METAFILE=<dir>`: esbuild's metafile of each bundle there (<name>.json: every module a
// bundle holds, its size and who imports it), for working out what a start loads and why.
const metaDir = process.env['WEFT_BUNDLE_METAFILE'] || undefined;
if (metaDir !== undefined) await mkdir(metaDir, { recursive: true });
await rm(path.join(root, 'dist', 'bundle'), { recursive: true, force: true });
await mkdir(path.join(root, 'dist', 'bundle'), { recursive: true });
await Promise.all(
  Object.entries(COMMAND_MODULES).map(async ([name, keep]) => {
    const result = await build({ ...shared, outfile: `dist/bundle/${name}.cjs`, plugins: [zodWithoutLocales, onlyCommands(name, keep)], metafile: metaDir !== undefined });
    if (metaDir !== undefined && result.metafile) await writeFile(path.join(metaDir, `${name}.json`), JSON.stringify(result.metafile));
    const output = result.outputFiles?.find((f) => f.path.endsWith('.cjs'));
    if (!output) throw new Error(`esbuild wrote no ${name} bundle`);
    await writeFile(path.join(root, 'dist', 'bundle', `${name}.cjs`), asciiWithHash(output.text));
  }),
);
// The bin's first step (src/cli/launch.ts: the route, and the loader of a bundle) as CommonJS too:
// the bin is a CommonJS script, which Node starts without setting up its ES module loader.
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/launch.ts'],
  outfile: 'dist/launch.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});

/**
 * Pure ASCII: Node reads an ASCII file into a one-byte string almost for free, while decoding a few
 * non-ASCII characters (in comments, and in the viewer's page script) made it convert the whole
 * 3.4 MB, slower than compiling from the cache. Every other character becomes its \u escape, which
 * means the same character in a comment, a string or a template; the one raw template holding
 * some (the viewer's page script) has them inside the page's own string literals, which the
 * browser reads as the same characters. The first line carries the content hash the code cache is
 * keyed by: a rebuilt bundle never meets the compiled code of another. The CommonJS wrapper is in the
 * file (see BUNDLE_SELF_WRAP_OPEN), on the line where the bundle's own first line starts, so that line
 * numbers in stack traces stay the bundle's.
 */
function asciiWithHash(js: string): string {
  const text = js.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
  return `${BUNDLE_HASH_PREFIX}${hash}${BUNDLE_ASCII_MARK}\n${BUNDLE_SELF_WRAP_OPEN}${text}${BUNDLE_SELF_WRAP_CLOSE}`;
}
