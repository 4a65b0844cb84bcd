// A weft killed with SIGKILL in the middle of the issue-37 goal session (a goal created, a question
// nobody can answer in exec, two agents spawned and running, the root waiting for them) leaves every
// thread valid and resumable: each rollout parses line by line, the parent and both children reopen
// holding every item the model was already sent and every item the exec stream reported
// (the wait the stream said had begun included), the goal is as stored (active, its objective), and
// the reopened parent goes on to complete it.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { Weft } from '../../../src/engine/weft.js';
import { collaborationCallReply, functionCallReply, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
let mock: MockServer | undefined;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await mock?.close();
  await removeTempDirs();
});

type Body = { input: Record<string, unknown>[]; client_metadata?: { thread_id?: string } };

const QUESTION = { id: 'size', header: 'Size', question: 'How far should they count?', options: [{ label: 'Three', description: 'Count to three.' }, { label: 'Five', description: 'Count to five.' }] };

/** The items of a history or request that the model acted on or was told: calls, outputs, agent messages. */
const kinds = (items: readonly ResponseItem[] | readonly Record<string, unknown>[]): string[] =>
  items.flatMap((i) =>
    i.type === 'function_call' || i.type === 'function_call_output' || i.type === 'agent_message'
      ? [`${String(i.type)}:${String((i as { call_id?: unknown }).call_id ?? (i as { name?: unknown }).name ?? (i as { recipient?: unknown }).recipient)}`]
      : [],
  );

it('SIGKILL mid goal run: every thread resumes with every acknowledged item, and the goal as stored', async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  const before = [
    functionCallReply('create_goal', { objective: 'Count with two helpers' }, 'call_goal'),
    functionCallReply('request_user_input', { questions: [QUESTION] }, 'call_ask'),
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'call_spawn_a'),
    collaborationCallReply('spawn_agent', { task_name: 'beta', message: 'count to five', fork_turns: 'none' }, 'call_spawn_b'),
    collaborationCallReply('wait_agent', { timeout_ms: 3_600_000 }, 'call_wait_1'),
  ];
  const after = [functionCallReply('update_goal', { status: 'complete' }, 'call_done'), textReply('Counted.')];
  let phase: 'before' | 'after' = 'before';
  let n = 0;
  let m = 0;
  let childRequests = 0;
  let bothChildrenAsked!: () => void;
  const asked = new Promise<void>((resolve) => (bothChildrenAsked = resolve));
  const lastSent = new Map<string, Body>();
  mock = await startMockResponsesServer({
    respond: (req) => {
      const body = req.body as Body;
      if (phase === 'after') return after[m++] ?? textReply('nothing more');
      lastSent.set(String(body.client_metadata?.thread_id), body);
      if (body.input.some((i) => i.type === 'agent_message' && i.recipient !== '/root')) {
        if (++childRequests === 2) bothChildrenAsked();
        return { ...textReply('never finished'), pause: { after: 1, until: held } };
      }
      return before[n++] ?? { ...textReply('never finished'), pause: { after: 1, until: held } };
    },
  });
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(
    path.join(home, 'config.toml'),
    `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`,
  );
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, CODEX_HOME: home, SHELL: '/bin/bash' };
  const weft = spawn(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', 'Count with two helpers.'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const told: { type?: string; tool?: string }[] = [];
  createInterface({ input: weft.stdout }).on('line', (line) => {
    const event = JSON.parse(line) as { type: string; item?: { type?: string; tool?: string } };
    if ((event.type === 'item.started' || event.type === 'item.completed') && event.item) told.push(event.item);
  });
  const exited = new Promise<void>((resolve) => weft.on('exit', () => resolve()));
  await asked;
  weft.kill('SIGKILL');
  await exited;
  release();

  const reopened = await Weft.open({ env, cwd });
  expect(lastSent.size).toBe(3);
  const rootId = [...lastSent.keys()][0] as string;
  for (const [threadId, body] of lastSent) {
    // Every line of every rollout is whole JSON.
    const lines = (await readFile(await reopened.locate(threadId), 'utf8')).split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const thread = await reopened.resumeThread(threadId);
    // Every call, output and agent message the model was sent is in the resumed history.
    expect(kinds(thread.history)).toEqual(expect.arrayContaining(kinds(body.input)));
    await thread.close();
  }

  // The exec stream told its reader the wait began: the wait's call is in the root's rollout.
  expect(told).toContainEqual(expect.objectContaining({ type: 'collab_tool_call', tool: 'wait' }));
  const resumedRoot = await reopened.resumeThread(rootId);
  expect(kinds(resumedRoot.history)).toContain('function_call:call_wait_1');
  await resumedRoot.close();

  // The goal is as stored: active, its objective; the reopened parent works on and completes it.
  expect(reopened.goals.get(rootId)).toMatchObject({ objective: 'Count with two helpers', status: 'active' });
  phase = 'after';
  const root = await reopened.resumeThread(rootId);
  const outcome = await root.run('Go on.');
  await root.close();
  expect(outcome.status).toBe('completed');
  expect(reopened.goals.get(rootId)).toMatchObject({ objective: 'Count with two helpers', status: 'complete' });
}, 60_000);
