// A turn that ends with the thread's goal active is followed by continuation turns, as the real
// Codex 0.169 app-server runs them (scripts/record-team-session.ts --goal --codex): each is a turn
// of its own (status active, turn/started, no user message item, its items, the goal's usage
// counted after its totals, status idle, turn/completed), its request says `turn_trigger: "goal"`
// and opens with the goal_objective output and the continuation message framed as Codex's goal
// context; they stop once the goal is complete. A goal set active on an idle thread starts such a
// turn at once (Codex does); a goal set paused starts none.
import { afterEach, expect, it } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply, type CapturedRequest, type MockReply, type MockServer } from '../../../src/testing/index.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
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

async function open(script: MockReply[]): Promise<{ c: InProcessClient; threadId: string }> {
  let n = 0;
  mock = await startMockResponsesServer({ respond: () => script[n++] ?? textReply('nothing more') });
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  client = new InProcessClient({ env: ws.env, cwd: ws.cwd });
  await client.initialize();
  const started = await client.request('thread/start', { cwd: ws.cwd });
  return { c: client, threadId: (started.result as { thread: { id: string } }).thread.id };
}

const posts = (): CapturedRequest[] => (mock?.requests ?? []).filter((r) => r.method === 'POST');
const meta = (r: CapturedRequest) => JSON.parse(r.headers['x-codex-turn-metadata'] ?? '{}') as Record<string, unknown>;
type Input = { type: string; role?: string; name?: string; namespace?: string; output?: string; content?: { text: string }[] }[];
const inputOf = (r: CapturedRequest) => (r.body as { input: Input }).input;
const shape = (m: Msg): string => {
  const params = (m.params ?? {}) as { item?: { type: string }; status?: { type: string }; goal?: { status: string } };
  if (m.method === 'thread/status/changed') return `status ${params.status?.type}`;
  if (m.method === 'thread/goal/updated') return `goal ${params.goal?.status}`;
  if (m.method?.startsWith('item/') && params.item) return `${m.method} ${params.item.type}`;
  return String(m.method);
};

it('continues an active goal turn after turn until the model completes it, as Codex 0.169 does', async () => {
  const { c, threadId } = await open([functionCallReply('create_goal', { objective: 'Count to three' }, 'call_goal'), textReply('one'), textReply('two'), functionCallReply('update_goal', { status: 'complete' }, 'call_done'), textReply('three: done')]);
  const from = c.received.length;
  await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'Start counting.' }] });
  const done = await c.until((m) => m.method === 'thread/goal/updated' && (m.params as { goal: { status: string } }).goal.status === 'complete', from);
  await c.until((m) => m.method === 'turn/completed', c.received.indexOf(done));
  const seen = c.received.slice(from).filter((m) => m.method !== undefined && m.method !== 'account/rateLimits/updated' && m.method !== 'thread/readState/changed');
  const continuation = ['status active', 'turn/started', 'item/started agentMessage', 'item/agentMessage/delta', 'item/completed agentMessage', 'thread/tokenUsage/updated', 'goal active', 'status idle', 'turn/completed'];
  expect(seen.map(shape)).toEqual([
    'status active', 'turn/started', 'item/started userMessage', 'item/completed userMessage', 'goal active', 'thread/tokenUsage/updated', ...continuation.slice(2),
    ...continuation,
    'status active', 'turn/started', 'goal complete', 'thread/tokenUsage/updated', 'item/started agentMessage', 'item/agentMessage/delta', 'item/completed agentMessage', 'thread/tokenUsage/updated', 'status idle', 'turn/completed',
  ]);
  // Goal notices name the turn that changed the goal.
  const turns = seen.filter((m) => m.method === 'turn/started').map((m) => (m.params as { turn: { id: string } }).turn.id);
  expect(seen.filter((m) => m.method === 'thread/goal/updated').map((m) => (m.params as { turnId: string }).turnId)).toEqual([turns[0], turns[0], turns[1], turns[2]]);

  const requests = posts().slice(1);
  expect(requests).toHaveLength(4);
  expect(meta(requests[0] as CapturedRequest).turn_trigger).toBeUndefined();
  for (const r of requests.slice(1)) expect(meta(r)).toMatchObject({ turn_trigger: 'goal', root_turn_id: meta(r).turn_id });
  // The continuation's opening item: the goal context message only. The objective is not handed
  // over again: create_goal's turn already gave it to the model (the real binary sends none either).
  const second = inputOf(requests[1] as CapturedRequest);
  const opening = second.slice(inputOf(requests[0] as CapturedRequest).length + 1);
  expect(opening.map((i) => [i.type, i.role ?? i.name])).toEqual([['message', 'user']]);
  expect(second.filter((i) => i.name === 'goal_objective')).toEqual([expect.objectContaining({ namespace: 'agent', output: 'Count to three' })]);
  const text = opening[0]?.content?.[0]?.text ?? '';
  expect(text.startsWith('<codex_internal_context source="goal">\n')).toBe(true);
  expect(text.endsWith('\n\n</codex_internal_context>')).toBe(true);
}, 120_000);

it('a goal set active on an idle thread starts its turn at once; set paused, it starts none', async () => {
  const first = await open([functionCallReply('update_goal', { status: 'complete' }, 'call_done'), textReply('done')]);
  const mark = first.c.received.length;
  await first.c.request('thread/goal/set', { threadId: first.threadId, objective: 'Count to three' });
  const started = await first.c.until((m) => m.method === 'turn/started', mark);
  await first.c.turnCompleted(first.threadId, (started.params as { turn: { id: string } }).turn.id, mark);
  expect(meta(posts()[0] as CapturedRequest).turn_trigger).toBe('goal');
  await client?.close();
  await mock?.close();

  const { c, threadId } = await open([textReply('one')]);
  await c.request('thread/goal/set', { threadId, objective: 'Count to three', status: 'paused' });
  const from = c.received.length;
  const turn = await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'Start counting.' }] });
  await c.turnCompleted(threadId, (turn.result as { turn: { id: string } }).turn.id, from);
  // Another request settles the queue: had a continuation started, it would have been before it.
  await c.request('thread/goal/get', { threadId });
  expect(c.received.slice(from).filter((m) => m.method === 'turn/started')).toHaveLength(1);
  expect(posts()).toHaveLength(1);
}, 60_000);
