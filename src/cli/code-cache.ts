// Loading a bundle of the command line (dist/bundle/<command>.cjs) through V8's code cache. Node 20 has no compile
// cache for modules (`module.enableCompileCache` came in 22.1), and compiling the bundle is the
// largest part of every start. So the bin compiles it as a `vm.Script` with the cached data of an
// earlier run: V8 then reads the compiled code instead of parsing the source again. The cache is
// only a cache: a missing, unreadable or unwritable one, or one V8 rejects (another Node, other V8
// flags), costs one normal compile and nothing else. It is written once, at the end of the run
// that had to compile, so it holds every function that run used.
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { userCacheDir, writeCacheFileSync } from '../config/user-cache-dir.js';
import { lendImporter } from '../import-outside-bundle.js';

/**
 * The first line scripts/build.ts writes in the bundle: `// weft-bundle <content hash> ascii`, the
 * last word saying that every byte after it is ASCII (the build makes it so).
 */
export const BUNDLE_HASH_PREFIX = '// weft-bundle ';
export const BUNDLE_ASCII_MARK = ' ascii';

/**
 * How the build opens a bundle's second line: Node's CommonJS wrapper written into the file, so that
 * this loader compiles the file's own text. Wrapping it here made V8 copy the whole bundle into a
 * new string on every start (megabytes of fresh memory, each page a fault). Loaded with `require`,
 * where `this` is the module's exports, the same line calls the wrapper itself: the file stays an
 * ordinary CommonJS module. The build closes the function after the bundle (BUNDLE_SELF_WRAP_CLOSE).
 */
export const BUNDLE_SELF_WRAP_OPEN =
  '(this === globalThis ? (f) => f : (f) => f(exports, require, module, __filename, __dirname))(function (exports, require, module, __filename, __dirname) {';
export const BUNDLE_SELF_WRAP_CLOSE = '\n});\n';

/** Where code caches live: code-cache/ in weft's user cache folder. */
export function codeCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(userCacheDir(env), 'code-cache');
}

/**
 * The cache file of one bundle for this Node: V8's cached data is valid only for the same V8 build
 * and the same source, and V8 itself checks little more than the source's length.
 */
export function codeCacheFile(dir: string, source: string, nodeVersion: string = process.version, arch: string = process.arch): string | undefined {
  const end = source.indexOf('\n');
  const first = end < 0 ? source : source.slice(0, end);
  if (!first.startsWith(BUNDLE_HASH_PREFIX)) return undefined;
  const hash = first.slice(BUNDLE_HASH_PREFIX.length).trim().split(' ')[0] ?? '';
  if (!/^[0-9a-f]{8,64}$/.test(hash)) return undefined;
  return path.join(dir, `${nodeVersion}-${arch}-${hash}.bin`);
}

export interface LoadedBundle {
  /** The bundle's exports (`module.exports` of the CommonJS bundle). */
  exports: Record<string, unknown>;
  /** Whether V8 used the cached data (false on a first run, or when it rejected the cache). */
  cacheUsed: boolean;
  /** Writes the cache when this run had to compile; call it once the work is done. Never throws. */
  saveCache(): void;
}

/** Runs the CommonJS bundle at `file` as Node's CommonJS loader would, with V8's code cache in `cacheDir`. */
export function loadBundleWithCodeCache(file: string, cacheDir: string | undefined): LoadedBundle {
  // The build writes the bundle in ASCII, which Node turns into a string by a copy; its UTF-8
  // decoding, even of pure ASCII, took longer than compiling from the cache. The bundle's first line
  // says so, which spares checking its megabytes.
  const bytes = readWhole(file);
  const source = markedAscii(bytes) || isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = cacheDir === undefined ? undefined : codeCacheFile(cacheDir, source);
  let cachedData: Buffer | undefined;
  if (cacheFile !== undefined) {
    try {
      // Into the bundle's buffer, whose text is copied out: its memory is already mapped, and a
      // start touches as few new pages as it can (each costs a fault).
      cachedData = readWhole(cacheFile, bytes.buffer.byteLength === bytes.byteLength ? bytes : undefined);
    } catch {
      // No cache yet (or unreadable): compile normally and write one at the end.
    }
  }
  silenceLoaderNotice();
  // This module's `import()` keeps working where the bundle's does not (see import-outside-bundle.ts).
  lendImporter((specifier) => import(specifier));
  // Node's own CommonJS wrapper, so the bundle sees the usual module variables: the build's bundles
  // carry it, any other file gets it here.
  const script = new vm.Script(selfWrapped(source) ? source : `(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    // `import()` of what stays outside the bundle (tsx, undici, extension files) goes to Node's loader.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cacheUsed = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, path.dirname(file));
  let pending = cacheFile !== undefined && !cacheUsed;
  return {
    exports: module.exports,
    cacheUsed,
    saveCache() {
      if (!pending || cacheFile === undefined) return;
      pending = false;
      writeCodeCache(cacheFile, script.createCachedData());
    },
  };
}

/** The whole file, in `into` when it fits there. */
function readWhole(file: string, into?: Buffer): Buffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = into !== undefined && into.byteLength >= size ? into : Buffer.allocUnsafeSlow(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** Whether the line after the hash line opens with the wrapper the build writes. */
function selfWrapped(source: string): boolean {
  const end = source.indexOf('\n');
  return end >= 0 && source.startsWith(BUNDLE_SELF_WRAP_OPEN, end + 1);
}

function markedAscii(bytes: Buffer): boolean {
  const end = bytes.indexOf(10);
  if (end < 0 || bytes.toString('latin1', 0, BUNDLE_HASH_PREFIX.length) !== BUNDLE_HASH_PREFIX) return false;
  return bytes.toString('latin1', end - BUNDLE_ASCII_MARK.length, end) === BUNDLE_ASCII_MARK;
}

/** The caches of older bundles for the same Node go: an upgrade leaves one file, not one per version. */
function writeCodeCache(file: string, data: Buffer): void {
  if (!writeCacheFileSync(file, data)) return;
  const name = path.basename(file);
  const sameNode = name.slice(0, name.lastIndexOf('-') + 1);
  try {
    for (const other of readdirSync(path.dirname(file))) {
      if (other !== name && other.startsWith(sameNode) && other.endsWith('.bin')) rmSync(path.join(path.dirname(file), other), { force: true });
    }
  } catch {
    // Left for the next upgrade.
  }
}

let silenced = false;
/**
 * Node 20 marks the main-context loader for a script's `import()` experimental and says so on
 * stderr at the first one (an extension file, tsx, undici behind a proxy). That notice is about how
 * weft loads itself, not about anything the user did: it alone is dropped; every other warning passes.
 */
function silenceLoaderNotice(): void {
  if (silenced) return;
  silenced = true;
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.startsWith('vm.USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    emit(warning, ...rest);
  }) as typeof process.emitWarning;
}
