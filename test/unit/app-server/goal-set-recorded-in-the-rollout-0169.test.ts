// A goal a client sets over thread/goal/set is recorded in the thread's rollout as the real Codex
// 0.169 app-server records it (probed against the binary): a `thread_goal_updated` line with the goal
// as the goal tools show it (the budget only when there is one) for every set; on a new thread that
// has run no turn, the first set is followed by the thread's settings (`thread_settings_applied`).
// The goal tools' changes and thread/goal/clear write no line. Such a rollout resumes under either
// generation (the reader knows the line and keeps it out of the history).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../src/testing/index.js';
import { Weft } from '../../../src/engine/weft.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.close();
  client = undefined;
  mock = undefined;
  await removeTempDirs();
});

async function open(script: MockReply[]): Promise<{ c: InProcessClient; threadId: string; path: string; cwd: string; env: Record<string, string> }> {
  let n = 0;
  mock = await startMockResponsesServer({ respond: () => script[n++] ?? textReply('nothing more') });
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  client = new InProcessClient({ env: ws.env, cwd: ws.cwd });
  await client.initialize();
  const started = await client.request('thread/start', { cwd: ws.cwd });
  const { thread } = started.result as { thread: { id: string; path: string } };
  return { c: client, threadId: thread.id, path: thread.path, cwd: ws.cwd, env: ws.env };
}

type Line = { type: string; payload: { type?: string; threadId?: string; goal?: Record<string, unknown>; thread_settings?: Record<string, unknown> } };
const lines = async (path: string): Promise<Line[]> => (await readFile(path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Line);
const kinds = (ls: Line[]): string[] => ls.map((l) => (l.type === 'event_msg' ? String(l.payload.type) : l.type));

describe('a goal set over the app-server, in the 0.169 rollout', () => {
  it('each set writes the goal; the first on a new thread is followed by its settings; clear writes nothing', async () => {
    const { c, threadId, path, cwd } = await open([]);
    await c.request('thread/goal/set', { threadId, objective: 'Count', status: 'paused' });
    await c.request('thread/goal/set', { threadId, objective: 'Count more' });
    await c.request('thread/goal/set', { threadId, tokenBudget: 5000 });
    await c.request('thread/goal/clear', { threadId });
    const written = await lines(path);
    expect(kinds(written)).toEqual(['session_meta', 'thread_goal_updated', 'thread_settings_applied', 'thread_goal_updated', 'thread_goal_updated']);
    const goals = written.filter((l) => l.payload.type === 'thread_goal_updated');
    expect(goals.map((l) => l.payload.threadId)).toEqual([threadId, threadId, threadId]);
    expect(Object.keys(goals[0]?.payload.goal ?? {})).toEqual(['threadId', 'objective', 'status', 'tokensUsed', 'timeUsedSeconds', 'createdAt', 'updatedAt']);
    expect(goals.map((l) => l.payload.goal?.objective)).toEqual(['Count', 'Count more', 'Count more']);
    expect(goals[0]?.payload.goal).toMatchObject({ threadId, status: 'paused', tokensUsed: 0, timeUsedSeconds: 0 });
    // The budget, once there is one, right after the status.
    expect(Object.keys(goals[2]?.payload.goal ?? {}).slice(2, 4)).toEqual(['status', 'tokenBudget']);
    expect(goals[2]?.payload.goal?.tokenBudget).toBe(5000);
    expect(written[2]?.payload.thread_settings).toMatchObject({ model: 'gpt-5.6-sol', model_provider_id: 'mock', approval_policy: 'never', cwd });
  }, 60_000);

  it('on a thread that has run a turn, a set writes the goal alone; the goal tools write none', async () => {
    const { c, threadId, path } = await open([functionCallReply('create_goal', { objective: 'Count' }, 'call_goal'), functionCallReply('update_goal', { status: 'complete' }, 'call_done'), textReply('done')]);
    const from = c.received.length;
    await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'Set a goal.' }] });
    await c.until((m) => m.method === 'turn/completed', from);
    expect(kinds(await lines(path))).not.toContain('thread_goal_updated');
    const before = (await lines(path)).length;
    await c.request('thread/goal/set', { threadId, objective: 'Count again', status: 'paused' });
    expect(kinds((await lines(path)).slice(before))).toEqual(['thread_goal_updated']);
  }, 60_000);

  it('a thread whose rollout holds goal lines resumes under either generation, the lines kept out of its history', async () => {
    const { c, threadId, path, cwd, env } = await open([textReply('resumed'), textReply('resumed again')]);
    await c.request('thread/goal/set', { threadId, objective: 'Count', status: 'paused' });
    await client?.close();
    client = undefined;
    const config = join(env.CODEX_HOME ?? '', 'config.toml');
    const original = await readFile(config, 'utf8');
    for (const compat of ['codex-0.98', 'codex-0.169']) {
      await writeFile(config, original.replace('compat = "codex-0.169"', `compat = "${compat}"`));
      const weft = await Weft.open({ env, cwd });
      const thread = await weft.resumeThread(threadId);
      expect((await thread.run('go on')).status, compat).toBe('completed');
      expect(JSON.stringify(thread.history), compat).not.toContain('thread_goal_updated');
      await thread.close();
    }
    expect(kinds(await lines(path)).filter((k) => k === 'thread_goal_updated')).toHaveLength(1);
  }, 60_000);
});
