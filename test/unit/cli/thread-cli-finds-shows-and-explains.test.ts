// Smaller front-door fixes of `weft thread`: export finds a thread as show does (id prefix, name);
// `resume --last` with no thread in this directory says so and names --all; show prints tool
// outputs (shortened) and a failed turn's error, which codex-0.169 records as Codex 0.169 does
// (its task_complete carries `error` with the message and `codex_error_info`; 0.98 records nothing).
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, functionCallReply, textReply, type MockReply } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { errorCategory, storedErrorCategory } from '../../../src/client/error-category.js';
import { ApiError } from '../../../src/errors.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

async function cli(h: ThreadHarness, argv: string[], cwd = h.cwd): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io = { env: { PATH: process.env.PATH, HOME: h.home, WEFT_HOME: h.home, SHELL: '/bin/bash' }, cwd, isTty: false, stdout: (l: string) => void stdout.push(l), stderr: (l: string) => void stderr.push(l) };
  let code: number;
  try {
    code = await main(argv, io);
  } catch (err) {
    stderr.push(String(err));
    code = 1;
  }
  return { code, stdout, stderr };
}

const LONG = 'x'.repeat(500);

function replies(kind: 'tool' | 'fail'): (req: unknown, i: number) => MockReply {
  if (kind === 'fail') return () => errorReply(400, 'the mock refused the request');
  return (_r, i) => (i === 0 ? functionCallReply('exec_command', { cmd: `echo ${LONG}` }, 'call_1') : textReply('done'));
}

async function setup(kind: 'tool' | 'fail', compat = 'codex-0.169'): Promise<ThreadHarness> {
  harness = await threadHarness(replies(kind), `compat = "${compat}"\nmodel = "gpt-5.5"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"`);
  return harness;
}

async function startedThread(h: ThreadHarness): Promise<{ id: string; rolloutPath: string }> {
  const thread = await (await h.open()).startThread();
  await thread.run('go');
  await thread.close();
  return { id: thread.id, rolloutPath: thread.rolloutPath };
}

describe('weft thread', () => {
  it('export takes an id prefix, as show does', async () => {
    const h = await setup('tool');
    const { id } = await startedThread(h);
    const out = await cli(h, ['thread', 'export', id.slice(0, 8), '--html']);
    expect(out.code).toBe(0);
    expect(out.stdout.join('\n')).toContain(id);
  });

  it('resume --last with no thread in this directory says so and names --all', async () => {
    const h = await setup('tool');
    await startedThread(h);
    const elsewhere = h.home;
    const out = await cli(h, ['thread', 'resume', '--last', 'again'], elsewhere);
    expect(out.code).not.toBe(0);
    expect(out.stderr.join('\n')).toMatch(/no thread of this directory/);
    expect(out.stderr.join('\n')).toContain('--all');
  });

  it('show prints tool outputs, shortened', async () => {
    const h = await setup('tool');
    const { id } = await startedThread(h);
    const out = await cli(h, ['thread', 'show', id]);
    const output = out.stdout.find((l) => l.startsWith('[output] '));
    expect(output).toBeDefined();
    expect(output).toContain('xxxx');
    expect((output ?? '').length).toBeLessThan(200);
  });

  it('show prints a failed turn\'s error, which the 0.169 rollout records in task_complete as Codex 0.169 does', async () => {
    const h = await setup('fail');
    const { id, rolloutPath } = await startedThread(h);
    const lines = (await readFile(rolloutPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown> });
    const done = lines.find((l) => l.type === 'event_msg' && l.payload.type === 'task_complete');
    expect(Object.keys(done?.payload ?? {}).slice(0, 5)).toEqual(['type', 'root_turn_id', 'turn_id', 'last_agent_message', 'error']);
    expect(done?.payload.error).toEqual({ message: expect.stringContaining('the mock refused the request') as unknown as string, codex_error_info: 'bad_request' });
    const out = await cli(h, ['thread', 'show', id]);
    expect(out.stdout.find((l) => l.startsWith('[error] '))).toContain('the mock refused the request');
  });

  it('codex-0.98 records nothing of a failed turn, as Codex 0.98 does', async () => {
    const h = await setup('fail', 'codex-0.98');
    const { rolloutPath } = await startedThread(h);
    expect(await readFile(rolloutPath, 'utf8')).not.toContain('task_complete');
  });

  it('error categories are stored in snake_case, as Codex writes them', () => {
    expect(storedErrorCategory(errorCategory(new ApiError('boom', 500)))).toBe('internal_server_error');
    expect(storedErrorCategory(errorCategory(new ApiError('teapot', 418)))).toEqual({ http_connection_failed: { http_status_code: 418 } });
  });
});
