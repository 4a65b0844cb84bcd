// Codex 0.169's thread writer locks, between weft and another process: a thread another process
// holds (exclusive flock on thread-writer-locks/<id>.lock) is not resumed, forked into or archived
// by weft; a thread weft has open cannot be locked by the other process; a lock whose holder was
// killed is free again although its file stays.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { archiveRollout } from '../../../src/rollout/store/archive.js';
import { takeThreadWriterLock, ThreadWriterBusyError, WRITER_LOCKS_DIR, writerLockPath } from '../../../src/rollout/state-db/thread-writer-lock.js';
import { CODEX_0169_PACK_DIR } from '../../support/codex-0169.js';
import { codexLikeProcess, HOLD_WRITER_LOCK } from '../../support/codex-like-process.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const config = (compat: string) => `compat = "${compat}"\npack = "${CODEX_0169_PACK_DIR}"\nmodel = "gpt-5.5"\napproval_policy = "never"\n`;

describe("Codex 0.169's thread writer locks", () => {
  it('many held locks share one exit hook (an app-server with hundreds of loaded threads gets no listener warning)', async () => {
    const home = await tempDir('codex-home-');
    const before = process.listenerCount('exit');
    const locks = Array.from({ length: 20 }, (_, i) => takeThreadWriterLock(home, `01a20000-0000-7000-8000-${String(i).padStart(12, '0')}`));
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
    for (const lock of locks) lock.release();
    expect(existsSync(writerLockPath(home, '01a20000-0000-7000-8000-000000000000'))).toBe(false);
  });

  it('a thread another process holds is refused; once that process is killed it opens', async () => {
    harness = await threadHarness(() => textReply('ok'), config('codex-0.169'));
    const weft = await harness.open();
    const thread = await weft.startThread();
    await thread.run('hello');
    await thread.close();
    expect(existsSync(writerLockPath(harness.home, thread.id))).toBe(false);

    const codex = codexLikeProcess(HOLD_WRITER_LOCK, [join(harness.home, WRITER_LOCKS_DIR), thread.id]);
    expect(await codex.line('')).toBe('held');
    await expect(weft.resumeThread(thread.id)).rejects.toThrow(ThreadWriterBusyError);
    await expect(weft.forkThread(thread.id).then((t) => t.close())).resolves.toBeUndefined();
    await expect(archiveRollout(harness.home, thread.rolloutPath)).rejects.toThrow(ThreadWriterBusyError);
    // Refused without leaving weft's own lock behind: the rollout is not marked open.
    expect(existsSync(`${thread.rolloutPath}.lock`)).toBe(false);

    codex.child.kill('SIGKILL');
    await codex.exited();
    expect(existsSync(writerLockPath(harness.home, thread.id))).toBe(true);
    const resumed = await weft.resumeThread(thread.id);
    await resumed.run('again');
    await resumed.close();
  });

  it('while weft writes a thread, another process cannot lock it', async () => {
    harness = await threadHarness(() => textReply('ok'), config('codex-0.169'));
    const weft = await harness.open();
    const thread = await weft.startThread();
    const codex = codexLikeProcess(HOLD_WRITER_LOCK, [join(harness.home, WRITER_LOCKS_DIR), thread.id]);
    expect(await codex.line('')).toBe('busy EAGAIN');
    await thread.close();
    const after = codexLikeProcess(HOLD_WRITER_LOCK, [join(harness.home, WRITER_LOCKS_DIR), thread.id]);
    expect(await after.line('')).toBe('held');
    after.child.stdin?.end();
    expect(await after.exited()).toBe(0);
  });

  it('under codex-0.98 no Codex lock is taken', async () => {
    harness = await threadHarness(() => textReply('ok'), config('codex-0.98').replace(CODEX_0169_PACK_DIR, CODEX_0169_PACK_DIR.replace('codex-0.169', 'codex-0.98')));
    const weft = await harness.open();
    const thread = await weft.startThread();
    expect(existsSync(join(harness.home, WRITER_LOCKS_DIR))).toBe(false);
    await thread.close();
  });
});
