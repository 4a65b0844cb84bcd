// A working bwrap is remembered in weft's user cache (src/tools/sandbox/bwrap-probe-record.ts), so a
// one-shot process need not start a sandbox to learn it again; a different bwrap file or kernel
// setting, or a failure, means probing again.
import { chmod, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeBwrap } from '../../../src/tools/sandbox/bwrap-probe.js';
import { bwrapProbeKey, bwrapProbeRecordFile, bwrapRecordedWorking, recordBwrapWorking } from '../../../src/tools/sandbox/bwrap-probe-record.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-bwrap-record-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in bwrap that counts its runs and exits with `code`. */
async function fakeBwrap(name: string, code: number): Promise<{ file: string; runs: () => Promise<number> }> {
  const file = path.join(dir, name);
  const log = path.join(dir, `${name}.runs`);
  await writeFile(file, `#!/bin/sh\necho run >> '${log}'\nexit ${code}\n`);
  await chmod(file, 0o755);
  return { file, runs: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length };
}

describe.skipIf(process.platform !== 'linux')('the bwrap probe record', () => {
  it('is written after a probe that works, and spares the next process the probe', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const bwrap = await fakeBwrap('works', 0);
    expect(await probeBwrap({ ...env, WEFT_BWRAP: bwrap.file })).toEqual({ available: true, path: bwrap.file });
    expect(await bwrap.runs()).toBe(1);
    const record = bwrapProbeRecordFile(env);
    expect(record).toBe(path.join(dir, 'cache', 'weft', 'bwrap-probe.json'));
    // What a later process checks before probing.
    expect(bwrapRecordedWorking(record, bwrapProbeKey(bwrap.file) as string)).toBe(true);
  });

  it('no longer applies once bwrap\'s file changes', async () => {
    const bwrap = await fakeBwrap('changed', 0);
    const record = path.join(dir, 'record.json');
    const before = bwrapProbeKey(bwrap.file) as string;
    recordBwrapWorking(record, before);
    expect(bwrapRecordedWorking(record, before)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    await utimes(bwrap.file, later, later);
    const after = bwrapProbeKey(bwrap.file) as string;
    expect(after).not.toBe(before);
    expect(bwrapRecordedWorking(record, after)).toBe(false);
    expect(bwrapProbeKey(path.join(dir, 'missing'))).toBeUndefined();
  });

  it('never records a failure', async () => {
    const env = { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const bwrap = await fakeBwrap('fails', 1);
    const status = await probeBwrap({ ...env, WEFT_BWRAP: bwrap.file });
    expect(status.available).toBe(false);
    await expect(readFile(bwrapProbeRecordFile(env), 'utf8')).rejects.toThrow();
  });

  it('ignores a record that is not one', async () => {
    const record = path.join(dir, 'record.json');
    await writeFile(record, 'not json');
    expect(bwrapRecordedWorking(record, 'anything')).toBe(false);
  });
});
