// Codex 0.169 runs thread/compact/start as a turn of its own (recorded in appserver-0.169 d): the
// compaction request carries that turn's id in its metadata, the rollout records the turn
// (task_started without turn_attribution, the rebuilt window's turn_context after `compacted`, the
// compaction item, task_complete), and a later reader lists it as a turn holding one
// contextCompaction item, under the id clients saw live. A rollback counts the user's turns only.
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace0169, type AppServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

type Line = { type: string; payload: Record<string, unknown> };
const turnIdOf = (r: MockServer['requests'][number]): unknown => {
  const meta = (r.body as { client_metadata?: Record<string, string> }).client_metadata ?? {};
  return JSON.parse(meta['x-codex-turn-metadata'] ?? '{}').turn_id;
};
const text = (t: string) => [{ type: 'text', text: t, text_elements: [] }];

/** Runs `call` and waits for the turn/completed it causes; returns that turn's id. */
async function untilTurnCompleted(client: InProcessClient, call: () => Promise<Msg>): Promise<string> {
  const from = client.received.length;
  await call();
  const done = await client.until((m) => m.method === 'turn/completed', from);
  return (done.params as { turn: { id: string } }).turn.id;
}

async function session(ws: AppServerWorkspace): Promise<InProcessClient> {
  const client = new InProcessClient(ws.options);
  await client.initialize();
  return client;
}

it('records a manual compaction as its own turn and sends that turn id', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const ws = await appServerWorkspace0169(mock.url);
  let client = await session(ws);
  try {
    const started = await client.request('thread/start', { cwd: ws.cwd });
    const thread = (started.result as { thread: { id: string; path: string } }).thread;
    const first = await untilTurnCompleted(client, () => client.request('turn/start', { threadId: thread.id, input: text('one') }));
    const compaction = await untilTurnCompleted(client, () => client.request('thread/compact/start', { threadId: thread.id }));
    const third = await untilTurnCompleted(client, () => client.request('turn/start', { threadId: thread.id, input: text('two') }));

    // Clients saw one contextCompaction item, started and completed under one id.
    const live = client.received
      .filter((m) => m.method === 'item/started' || m.method === 'item/completed')
      .map((m) => (m.params as { item: { type: string; id: string } }).item)
      .filter((i) => i.type === 'contextCompaction');
    expect(live.map((i) => i.type)).toEqual(['contextCompaction', 'contextCompaction']);
    expect(live[0]?.id).toBe(live[1]?.id);

    // The request carries the id the client saw in turn/started for the compaction.
    expect(new Set([first, compaction, third]).size).toBe(3);
    expect(mock.requests.map(turnIdOf)).toEqual([first, compaction, third]);

    // The rollout: the compaction turn's lines, in Codex 0.169's order.
    const lines = readFileSync(thread.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
    const kinds = lines.map((l) => (l.type === 'event_msg' ? String(l.payload.type) : l.type));
    const open = lines.findIndex((l) => l.payload.type === 'task_started' && l.payload.turn_id === compaction);
    const close = lines.findIndex((l) => l.payload.type === 'task_complete' && l.payload.turn_id === compaction);
    expect(open).toBeGreaterThan(0);
    expect(lines[open]?.payload).not.toHaveProperty('turn_attribution');
    expect(kinds.slice(open, close + 1)).toEqual([
      'task_started',
      'token_count',
      'response_item',
      'token_usage_record',
      'token_count',
      'compacted',
      'world_state',
      'turn_context',
      'thread_settings_applied',
      'token_count',
      'item_completed',
      'task_complete',
    ]);
    expect(lines[open + 7]?.payload.turn_id).toBe(compaction);
    expect(lines[open + 10]?.payload).toMatchObject({ turn_id: compaction, item: { type: 'ContextCompaction', id: live[0]?.id } });
    // The next turn finds its context in place: no second snapshot.
    const next = kinds.slice(close + 1, close + 3);
    expect(next).toEqual(['task_started', 'turn_context']);
    await client.close();

    // Another process reads the compaction as a turn of its own.
    client = await session(ws);
    const read = await client.request('thread/read', { threadId: thread.id, includeTurns: true });
    const turns = (read.result as { thread: { turns: { id: string; items: { type: string; id: string }[] }[] } }).thread.turns;
    // The same item, under the id clients saw live.
    expect(turns[1]?.items[0]?.id).toBe(live[0]?.id);
    expect(turns.map((t) => [t.id, t.items.map((i) => i.type)])).toEqual([
      [first, ['userMessage', 'agentMessage']],
      [compaction, ['contextCompaction']],
      [third, ['userMessage', 'agentMessage']],
    ]);
    const listed = await client.request('thread/turns/list', { threadId: thread.id, sortDirection: 'asc' });
    expect((listed.result as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([first, compaction, third]);

    // Resumed, the thread sends the history it sent live; reverting the last turn drops one user turn.
    await client.request('thread/resume', { threadId: thread.id });
    const before = mock.requests.length;
    await untilTurnCompleted(client, () => client.request('turn/start', { threadId: thread.id, input: text('three') }));
    const inputs = (i: number) => ((mock.requests[i]?.body as { input: { id?: string }[] }).input ?? []).map((x) => x.id ?? null);
    expect(inputs(before).slice(0, inputs(before - 1).length - 1)).toEqual(inputs(before - 1).slice(0, -1));
    const reverted = await client.request('thread/revert', { threadId: thread.id, beforeTurnId: third });
    expect(reverted.error).toBeUndefined();
    const after = await client.request('thread/read', { threadId: thread.id, includeTurns: true });
    expect((after.result as { thread: { turns: { id: string }[] } }).thread.turns.map((t) => t.id)).toEqual([first, compaction]);
  } finally {
    await client.close();
    await mock.close();
  }
});
