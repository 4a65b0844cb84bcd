// Commands a thread left running (exec_command sessions) end with the thread: closing it kills each
// one's process group, background children included.
import { readFile } from 'node:fs/promises';
import { afterEach, expect, it, vi } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { isDead } from '../../support/exec-tool-context.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
});

it('closing the thread kills the sessions it left running', async () => {
  const cmd = 'sleep 300 & echo $! > child.pid; echo $$ > leader.pid; sleep 300';
  h = await threadHarness((_req, i) =>
    i === 0 ? functionCallReply('exec_command', { cmd, yield_time_ms: 250 }, 'call_1') : textReply('left it running'),
    'approval_policy = "never"\nsandbox_mode = "danger-full-access"',
  );
  const weft = await h.open();
  const thread = await weft.startThread();
  const outcome = await thread.run('start a server');
  expect(outcome.status).toBe('completed');
  expect(JSON.stringify(h.input(1))).toContain('Still running as session');

  const leader = Number(await readFile(`${h.cwd}/leader.pid`, 'utf8'));
  const child = Number(await readFile(`${h.cwd}/child.pid`, 'utf8'));
  expect(await isDead(leader)).toBe(false);
  expect(await isDead(child)).toBe(false);

  await thread.close();
  await vi.waitFor(async () => {
    expect(await isDead(leader)).toBe(true);
    expect(await isDead(child)).toBe(true);
  });
});
