// A working Landlock/seccomp helper is remembered in weft's user cache as bwrap is
// (src/tools/sandbox/landlock-probe.ts): a sandboxed one-shot `weft exec` would otherwise start the
// helper once before every turn. Each use (seccomp alone inside bubblewrap, Landlock) keeps its own
// record; a changed helper file or a failure means probing again.
import { chmod, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ProbeModule = typeof import('../../../src/tools/sandbox/landlock-probe.js');
/** The probe module as a new process loads it: nothing remembered in memory. */
async function freshProcess(): Promise<ProbeModule> {
  vi.resetModules();
  return import('../../../src/tools/sandbox/landlock-probe.js');
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-helper-record-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in helper that counts its runs and exits with `code`. */
async function fakeHelper(name: string, code: number): Promise<{ file: string; runs: () => Promise<number> }> {
  const file = path.join(dir, name);
  const log = path.join(dir, `${name}.runs`);
  await writeFile(file, `#!/bin/sh\necho run >> '${log}'\nexit ${code}\n`);
  await chmod(file, 0o755);
  return { file, runs: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length };
}

describe.skipIf(process.platform !== 'linux')('the helper probe record', () => {
  it('spares a later process the seccomp probe once a probe worked', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const helper = await fakeHelper('seccomp-works', 0);
    const first = await freshProcess();
    expect(await first.probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file })).toEqual({ available: true, path: helper.file });
    expect(await helper.runs()).toBe(1);
    expect(first.helperProbeRecordFile(env, 'seccomp')).toBe(path.join(dir, 'cache', 'weft', 'helper-seccomp-probe.json'));
    const second = await freshProcess();
    expect(await second.probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file })).toEqual({ available: true, path: helper.file });
    expect(await helper.runs()).toBe(1);
  });

  it('keeps the Landlock use apart from the seccomp one', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const helper = await fakeHelper('both-uses', 0);
    await (await freshProcess()).probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    const later = await freshProcess();
    expect((await later.probeLandlock({ ...env, WEFT_LANDLOCK_HELPER: helper.file })).available).toBe(true);
    expect(await helper.runs()).toBe(2);
    await (await freshProcess()).probeLandlock({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    expect(await helper.runs()).toBe(2);
  });

  it('probes again once the helper file changes', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const helper = await fakeHelper('changed', 0);
    await (await freshProcess()).probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    const later = new Date(Date.now() + 60_000);
    await utimes(helper.file, later, later);
    await (await freshProcess()).probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    expect(await helper.runs()).toBe(2);
  });

  it('never records a failure', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const helper = await fakeHelper('fails', 1);
    const probe = await freshProcess();
    const status = await probe.probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    expect(status.available).toBe(false);
    await expect(readFile(probe.helperProbeRecordFile(env, 'seccomp'), 'utf8')).rejects.toThrow();
    await (await freshProcess()).probeSeccompHelper({ ...env, WEFT_LANDLOCK_HELPER: helper.file });
    expect(await helper.runs()).toBe(2);
  });
});
