// The bin runs one bundle per command (dist/bundle/<name>.cjs, scripts/build.ts), chosen by
// src/cli/route.ts, the same routing main.ts answers with: a command line lands in the bundle that
// holds its command, that bundle holds no other command, and its code cache is its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleOf, COMMAND_NAMES, route } from '../../../src/cli/route.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'weft.js');

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'weft-bundles-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const bundle = (...argv: string[]): string => bundleOf(route(argv));

describe('the bundle a command line runs', () => {
  it('is its command\'s, after the global options and through `help`', () => {
    expect(bundle('exec', '--json', 'hi')).toBe('exec');
    expect(bundle('-c', 'model="m"', '--enable', 'personality', 'exec', 'hi')).toBe('exec');
    expect(bundle('help', 'app-server')).toBe('app-server');
    expect(bundle('thread', 'start', 'hi')).toBe('thread');
    for (const name of COMMAND_NAMES) expect(bundle(name)).toBe(name);
  });

  it('is the listing\'s own for `thread list`, and the whole thread bundle when the listing loads an extension', () => {
    expect(bundle('thread', 'list', '--json')).toBe('thread-list');
    expect(bundle('help', 'thread', 'list')).toBe('thread-list');
    expect(bundle('thread', 'list', '--extension', 'x.ts')).toBe('thread');
    expect(bundle('thread', 'list', '--extension=x.ts')).toBe('thread');
    expect(bundle('thread', '--json', 'list')).toBe('thread');
  });

  it('is main\'s for what main answers itself', () => {
    expect(bundle('--version')).toBe('main');
    expect(bundle()).toBe('main');
    expect(bundle('--help')).toBe('main');
    expect(bundle('help')).toBe('main');
    expect(bundle('nope')).toBe('main');
    expect(bundle('-c')).toBe('main');
  });

  it('exists in the build for every route', () => {
    for (const name of ['main', 'thread-list', ...COMMAND_NAMES]) expect(existsSync(path.join(ROOT, 'dist', 'bundle', `${name}.cjs`)), name).toBe(true);
  });
});

describe('a command bundle', () => {
  it('holds no other command: one reached anyway fails and says which bundle it is', () => {
    const script = "const m = require('./dist/bundle/thread-list.cjs'); m.main(['completion', 'bash'], m.processIo()).then((code) => { process.exitCode = code; });";
    const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/cli/completion-command.ts is not in the thread-list bundle');
  });

  it('keeps its code cache apart from the other bundles\', and drops the single bundle\'s of older builds', async () => {
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') };
    const caches = path.join(home, 'cache', 'weft', 'code-cache');
    await mkdir(caches, { recursive: true });
    await writeFile(path.join(caches, `${process.version}-${process.arch}-0123456789abcdef.bin`), 'the one bundle of an older build');
    execFileSync(process.execPath, [BIN, 'thread', 'list', '--json'], { env, encoding: 'utf8' });
    execFileSync(process.execPath, [BIN, '--version'], { env, encoding: 'utf8' });
    expect((await readdir(caches)).sort()).toEqual(['main', 'thread-list']);
    expect(await readdir(path.join(caches, 'thread-list'))).toEqual([expect.stringMatching(/^v[\d.]+-[a-z0-9]+-[0-9a-f]+\.bin$/)]);
  });
});
