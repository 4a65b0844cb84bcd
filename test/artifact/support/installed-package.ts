// The package as a user gets it: `npm pack` of this checkout (built by the suite's global setup,
// test/support/build-first.ts), then `npm install <tarball>` into a new prefix, from the warm npm
// cache. The native dependencies (better-sqlite3, fs-ext, node-pty) compile from source there, which
// takes minutes; so the first install for a set of dependencies (and this Node) is kept as a seed in
// the temp folder, and later runs install the new tarball into a copy of it: npm then unpacks weft,
// runs its install script and prunes what the tarball no longer needs. WEFT_ARTIFACT_FRESH=1 installs
// into an empty prefix every time.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NPM_OPTIONS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

export interface InstalledPackage {
  /** The folder `npm install` ran in. */
  readonly prefix: string;
  /** `<prefix>/node_modules/weft` */
  readonly packageDir: string;
  /** `<prefix>/node_modules/.bin/weft`, what a user's shell runs. */
  readonly bin: string;
  /** How long `npm install <tarball>` took, and whether it started from an empty prefix. */
  readonly installMs: number;
  readonly fresh: boolean;
  readonly tarball: string;
  remove(): Promise<void>;
}

export async function installPackage(): Promise<InstalledPackage> {
  if (!existsSync(path.join(ROOT, 'dist', 'launch.cjs'))) throw new Error('the artifact suite packs the build: run `npm run build` first');
  const work = await mkdtemp(path.join(os.tmpdir(), 'weft-artifact-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--loglevel=error'], { cwd: ROOT, maxBuffer: 64 << 20 });
  const tarball = path.join(work, stdout.trim().split('\n').pop() ?? '');
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const key = createHash('sha256')
    .update(JSON.stringify([manifest.dependencies, process.version, process.platform, process.arch]))
    .digest('hex')
    .slice(0, 16);
  const seed = path.join(os.tmpdir(), `weft-artifact-seed-${key}`);
  const prefix = path.join(work, 'prefix');
  const fresh = process.env['WEFT_ARTIFACT_FRESH'] === '1' || !existsSync(path.join(seed, 'complete'));
  if (fresh) {
    await mkdir(prefix, { recursive: true });
    await writeFile(path.join(prefix, 'package.json'), '{ "private": true }\n');
  } else {
    await cp(seed, prefix, { recursive: true, verbatimSymlinks: true });
    await rm(path.join(prefix, 'complete'));
  }
  const start = performance.now();
  await run('npm', ['install', tarball, ...NPM_OPTIONS], { cwd: prefix, maxBuffer: 64 << 20 });
  const installMs = performance.now() - start;
  if (fresh && process.env['WEFT_ARTIFACT_FRESH'] !== '1') {
    const staging = `${seed}.${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await cp(prefix, staging, { recursive: true, verbatimSymlinks: true });
    await writeFile(path.join(staging, 'complete'), '');
    await rm(seed, { recursive: true, force: true });
    await rename(staging, seed).catch(() => rm(staging, { recursive: true, force: true }));
  }
  const packageDir = path.join(prefix, 'node_modules', 'weft');
  return {
    prefix,
    packageDir,
    bin: path.join(prefix, 'node_modules', '.bin', 'weft'),
    installMs,
    fresh,
    tarball,
    remove: () => rm(work, { recursive: true, force: true }),
  };
}
