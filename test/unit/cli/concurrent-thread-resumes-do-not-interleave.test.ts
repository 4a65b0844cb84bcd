// Two `weft thread resume` of one thread at once: the second is refused (exit 1, naming the process
// that has the thread open) instead of interleaving its turn with the first's in the rollout, and
// the first turn is recorded whole. The first runs in a child process, held mid-turn by the mock.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { recordedPrompts } from '../../support/rollout-prompts.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness } from '../../support/thread-harness.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

it('a second resume of a thread being written is refused and the first turn is recorded whole', async () => {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let firstArrived = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
  const h = await threadHarness((_req, index) => {
    if (index !== 1) return textReply('ok');
    firstArrived();
    return { ...textReply('answer to A'), pause: { after: 1, until: held } };
  });
  const weft = await h.open();
  const thread = await weft.startThread();
  await thread.run('first');
  await thread.close();
  const env = { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home };

  const a = spawn(process.execPath, [BIN, 'thread', 'resume', thread.id, 'A'], { cwd: h.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const aExit = new Promise<number | null>((resolve) => a.on('close', resolve));
  await arrived;

  const err: string[] = [];
  const code = await main(['thread', 'resume', thread.id, 'B'], { env, cwd: h.cwd, isTty: false, stdout: () => undefined, stderr: (l) => void err.push(l) });
  expect(code).toBe(1);
  expect(err.join('\n')).toContain(`${thread.rolloutPath} is open for writing in process ${a.pid}`);

  release();
  expect(await aExit).toBe(0);
  expect(recordedPrompts(await readFile(thread.rolloutPath, 'utf8'))).toEqual(['first', 'A']);
  expect(h.mock.requests).toHaveLength(2);
  await h.close();
});
