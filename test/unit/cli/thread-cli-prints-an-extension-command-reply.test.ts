// An extension command (`/name args`) answers the input itself: no turn runs and no request is
// sent. `weft thread start` shows its reply on stdout, as text or, with --json, as the turn's
// `lastMessage`.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function startWithCommand(json: boolean): Promise<{ code: number; stdout: string[] }> {
  harness = await threadHarness(() => textReply('the model answered'));
  const dir = await tempDir();
  const ext = path.join(dir, 'stats.ts');
  await writeFile(ext, "export default { name: 'stats', commands: { stats: { run: (args: string) => ({ reply: `stats for ${args}` }) } } };\n");
  const stdout: string[] = [];
  const io = { env: { PATH: process.env.PATH, HOME: harness.home, WEFT_HOME: harness.home, SHELL: '/bin/bash' }, cwd: harness.cwd, isTty: false, stdout: (l: string) => void stdout.push(l), stderr: () => undefined };
  const code = await main(['thread', 'start', ...(json ? ['--json'] : []), '--extension', ext, '/stats today'], io);
  return { code, stdout };
}

describe('weft thread start with an extension command', () => {
  it('prints the command reply, and sends nothing to the model', async () => {
    const { code, stdout } = await startWithCommand(false);
    expect(code).toBe(0);
    expect(stdout).toEqual(['stats for today']);
    expect(harness?.mock.requests).toHaveLength(0);
  });

  it('with --json, ends with turn_completed carrying the reply as lastMessage', async () => {
    const { code, stdout } = await startWithCommand(true);
    expect(code).toBe(0);
    const events = stdout.map((l) => JSON.parse(l) as { type: string; lastMessage?: string });
    expect(events.map((e) => e.type)).toEqual(['thread_started', 'turn_completed']);
    expect(events[1]?.lastMessage).toBe('stats for today');
  });
});
