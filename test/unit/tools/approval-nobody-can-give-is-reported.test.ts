// A command that needs approval where nobody can give it (the library's default policy without an
// approver, `weft thread start` without a terminal) is refused, and the refusal is said: an
// `approval_unavailable` event for library users, an error item on the exec stream, one stderr line
// from the CLI, each naming the setting to change. The model's text is the pack's, as before. Under
// `danger-full-access` with `on-request`, a command runs without asking as in Codex, unless it
// destroys work.
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { needsApproval } from '../../../src/tools/approval.js';
import { mightBeDangerous } from '../../../src/tools/dangerous-commands.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const exists = (file: string) => access(file).then(() => true, () => false);

async function setup(command: string, sandbox: string): Promise<ThreadHarness> {
  harness = await threadHarness(
    (_req, i) => (i === 0 ? functionCallReply('exec_command', { cmd: command }, 'call_1') : textReply('finished')),
    `compat = "codex-0.169"\nmodel = "gpt-5.5"\nsandbox_mode = "${sandbox}"`,
  );
  return harness;
}

async function runTurn(h: ThreadHarness): Promise<ThreadEvent[]> {
  const weft = await h.open();
  const thread = await weft.startThread();
  const events: ThreadEvent[] = [];
  expect(await thread.run('make the file', { onEvent: (e) => events.push(e) })).toMatchObject({ status: 'completed' });
  await thread.close();
  return events;
}

describe('an approval nobody can give', () => {
  it('the library: the command is refused and an approval_unavailable event names approval_policy', async () => {
    const h = await setup('touch made-by-model', 'read-only');
    const events = await runTurn(h);
    expect(await exists(path.join(h.cwd, 'made-by-model'))).toBe(false);
    const refused = events.filter((e) => e.type === 'approval_unavailable');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ callId: 'call_1', command: 'touch made-by-model', approvalPolicy: 'on-request', sandboxMode: 'read-only' });
    expect(refused[0]?.type === 'approval_unavailable' && refused[0].message).toMatch(/approval_policy = "never"/);
    // The model reads the pack's refusal, as before.
    const output = JSON.stringify(h.input(1).find((i) => i.type === 'function_call_output'));
    expect(output).not.toContain('approval_policy = "never"');
  });

  it('the exec stream shows it as an error item', () => {
    const mapper = new ExecEventMapper();
    const out = mapper.map({ type: 'approval_unavailable', callId: 'c', command: 'touch x', cwd: '/w', approvalPolicy: 'on-request', sandboxMode: 'read-only', message: 'refused the command `touch x`: set approval_policy' });
    expect(out).toEqual([{ type: 'item.completed', item: { id: expect.any(String) as unknown as string, type: 'error', message: 'refused the command `touch x`: set approval_policy' } }]);
  });

  it('weft thread start without a terminal prints one stderr line saying which setting to change', async () => {
    const h = await setup('touch made-by-model', 'read-only');
    const stderr: string[] = [];
    const io = { env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash' }, cwd: h.cwd, isTty: false, stdout: () => undefined, stderr: (l: string) => void stderr.push(l) };
    expect(await main(['thread', 'start', 'make the file'], io)).toBe(0);
    const lines = stderr.join('\n').split('\n').filter((l) => l.includes('refused'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/approval_policy/);
    expect(lines[0]).toMatch(/sandbox_mode/);
    expect(await exists(path.join(h.cwd, 'made-by-model'))).toBe(false);
  });

  it('danger-full-access with on-request: an ordinary command runs without asking, as in Codex', async () => {
    const h = await setup('touch made-by-model', 'danger-full-access');
    const events = await runTurn(h);
    expect(await exists(path.join(h.cwd, 'made-by-model'))).toBe(true);
    expect(events.some((e) => e.type === 'approval_unavailable')).toBe(false);
  });

  it('danger-full-access with on-request: a command that destroys work still asks, and is refused here', async () => {
    const h = await setup('rm -f keep-me', 'danger-full-access');
    await writeFile(path.join(h.cwd, 'keep-me'), 'x');
    const events = await runTurn(h);
    expect(await exists(path.join(h.cwd, 'keep-me'))).toBe(true);
    expect(events.filter((e) => e.type === 'approval_unavailable')).toHaveLength(1);
  });
});

describe('which commands ask under on-request', () => {
  it('in a sandbox: every command not known to be read-only', () => {
    expect(needsApproval('touch x', 'on-request', 'read-only')).toBe(true);
    expect(needsApproval('ls', 'on-request', 'read-only')).toBe(false);
  });

  it('without one: only commands that destroy work', () => {
    for (const cmd of ['touch x', 'npm test', 'git push origin main', 'git checkout reset', 'rm x']) expect(needsApproval(cmd, 'on-request', 'danger-full-access'), cmd).toBe(false);
    for (const cmd of ['rm -rf build', 'rm -f x', 'git reset --hard', 'git -C . branch -D old', 'git push --force', 'git push origin :old', 'git push origin +main', 'git clean -fdx', 'sudo git rm x', 'make && git reset --hard'])
      expect(mightBeDangerous(cmd), cmd).toBe(true);
  });
});
