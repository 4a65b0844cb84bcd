// A rollout is written by one process at a time: opening a thread that a live process (this one
// included) has open is refused with an error naming the holder, and a lock left by a process that
// is gone, or that is not a lock at all, is taken over.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { RolloutBusyError, lockPathOf, lockRollout } from '../../../src/rollout/store/lock.js';
import { archiveRollout } from '../../../src/rollout/store/archive.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { threadHarness } from '../../support/thread-harness.js';

afterEach(removeTempDirs);

const LOCK_MODULE = new URL('../../../src/rollout/store/lock.ts', import.meta.url).href;

/** A child process that takes the lock of `rollout` and holds it until killed. */
async function holdLockInChild(rollout: string): Promise<{ pid: number; kill(): Promise<void> }> {
  const script = `const { lockRollout } = await import(${JSON.stringify(LOCK_MODULE)}); await lockRollout(process.argv[1]); console.log('locked'); setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, rollout], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('locked\n');
  return {
    pid: child.pid as number,
    kill: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGKILL'); // no clean-up: the lock file stays behind, as after a crash
      await exited;
    },
  };
}

async function startedThread(): Promise<{ rollout: string; id: string; h: Awaited<ReturnType<typeof threadHarness>> }> {
  const h = await threadHarness(() => textReply('ok'));
  const weft = await h.open();
  const thread = await weft.startThread();
  await thread.run('first');
  await thread.close();
  return { rollout: thread.rolloutPath, id: thread.id, h };
}

describe('one writer per rollout', () => {
  it('refuses a second open in the same process until the first is closed, and removes the lock on close', async () => {
    const { id, rollout, h } = await startedThread();
    const weft = await h.open();
    const first = await weft.resumeThread(id);
    expect(existsSync(lockPathOf(rollout))).toBe(true);

    const refused: unknown = await weft.resumeThread(id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RolloutBusyError);
    expect((refused as Error).message).toContain(`${rollout} is open for writing in this process`);

    await first.close();
    expect(existsSync(lockPathOf(rollout))).toBe(false);
    const again = await weft.resumeThread(id);
    await again.run('second');
    await again.close();
    await h.close();
  });

  it('lets exactly one of two simultaneous resumes through', async () => {
    const { id, h } = await startedThread();
    const weft = await h.open();
    const results = await Promise.allSettled([weft.resumeThread(id), weft.resumeThread(id)]);
    const opened = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RolloutBusyError);
    await (opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof weft.resumeThread>>>).value.close();
    await h.close();
  });

  it('refuses a thread another process holds, naming it, and takes the lock over once that process is gone', async () => {
    const { id, rollout, h } = await startedThread();
    const before = await readFile(rollout, 'utf8');
    const holder = await holdLockInChild(rollout);
    const weft = await h.open();

    const refused: unknown = await weft.resumeThread(id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RolloutBusyError);
    expect((refused as RolloutBusyError).holder.pid).toBe(holder.pid);
    expect((refused as Error).message).toContain(`in process ${holder.pid} on ${hostname()}`);
    expect((refused as Error).message).toContain(`delete ${lockPathOf(rollout)}`);
    // Nothing was written by the refused open, nor by a refused fork-free archive.
    await expect(archiveRollout(h.home, rollout)).rejects.toBeInstanceOf(RolloutBusyError);
    expect(await readFile(rollout, 'utf8')).toBe(before);

    await holder.kill();
    expect(existsSync(lockPathOf(rollout))).toBe(true);
    const thread = await weft.resumeThread(id);
    await thread.run('after the holder died');
    await thread.close();
    expect(existsSync(lockPathOf(rollout))).toBe(false);
    await h.close();
  });

  it('removes the locks a process still holds when it exits', async () => {
    const dir = await tempDir();
    const rollout = `${dir}/rollout.jsonl`;
    const script = `const { lockRollout } = await import(${JSON.stringify(LOCK_MODULE)}); await lockRollout(process.argv[1]); console.log('locked');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, rollout], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(existsSync(lockPathOf(rollout))).toBe(false);
  });

  it('assumes a holder on another host is alive', async () => {
    const dir = await tempDir();
    const rollout = `${dir}/rollout.jsonl`;
    await writeFile(lockPathOf(rollout), JSON.stringify({ pid: 1, host: `${hostname()}-elsewhere`, process_start: null, since: '2026-01-01T00:00:00.000Z' }));
    const refused: unknown = await lockRollout(rollout).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RolloutBusyError);
    expect((refused as Error).message).toContain(`in process 1 on ${hostname()}-elsewhere since 2026-01-01T00:00:00.000Z`);
  });

  it('takes over a lock file that is not a lock (torn or foreign)', async () => {
    const dir = await tempDir();
    const rollout = `${dir}/rollout.jsonl`;
    await writeFile(lockPathOf(rollout), '{"pid":');
    const lock = await lockRollout(rollout);
    expect(JSON.parse(await readFile(lockPathOf(rollout), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await lock.release();
    expect(existsSync(lockPathOf(rollout))).toBe(false);
  });

  it('leaves a lock another process took over in place when releasing', async () => {
    const dir = await tempDir();
    const rollout = `${dir}/rollout.jsonl`;
    const lock = await lockRollout(rollout);
    const theirs = JSON.stringify({ pid: 1, host: `${hostname()}-elsewhere`, process_start: null, since: '2026-01-01T00:00:00.000Z' });
    await writeFile(lockPathOf(rollout), theirs);
    await lock.release();
    expect(await readFile(lockPathOf(rollout), 'utf8')).toBe(theirs);
  });
});
