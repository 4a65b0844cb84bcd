// What weft writes under its home is its user's only: rollouts (new and forked) and lock files are
// 0600, the session directories it creates 0700, whatever the umask lets through.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { lockPathOf } from '../../../src/rollout/store/lock.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

const mode = async (p: string): Promise<number> => (await stat(p)).mode & 0o777;

it('rollouts and locks are 0600 and the session directories 0700', async () => {
  const umask = process.umask(0o022);
  try {
    h = await threadHarness(() => textReply('ok'));
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('hi');
    expect(await mode(thread.rolloutPath)).toBe(0o600);
    expect(await mode(lockPathOf(thread.rolloutPath))).toBe(0o600);
    await thread.close();
    for (let dir = path.dirname(thread.rolloutPath); dir !== h.home; dir = path.dirname(dir)) expect([dir, await mode(dir)]).toEqual([dir, 0o700]);
    const fork = await weft.forkThread(thread.id);
    expect(await mode(fork.rolloutPath)).toBe(0o600);
    await fork.close();
  } finally {
    process.umask(umask);
  }
});
