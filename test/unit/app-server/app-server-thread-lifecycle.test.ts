// The thread methods beyond start/turn: name, rollback (persisted: a resume sees it), archive and
// unarchive, loaded/list, read, steering, the catalogs, and the errors for unknown threads.
import { afterEach, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { startAppServerMock, type AppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace, type AppServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

type Thread = { id: string; turns: Array<{ id: string; items: Array<{ type: string; text?: string }> }> };
type Body = { input: Array<{ role?: string; content?: Array<{ text?: string }> }> };

async function open(): Promise<{ mock: AppServerMock; ws: AppServerWorkspace; client: InProcessClient }> {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options);
  await client.initialize(true);
  return { mock, ws, client };
}

async function turn(client: InProcessClient, threadId: string, text: string): Promise<Msg> {
  const at = client.received.length;
  const r = await client.request('turn/start', { threadId, input: [{ type: 'text', text }] });
  return client.turnCompleted(threadId, (r.result as { turn: { id: string } }).turn.id, at);
}

test('thread/rollback drops the last turns from the model’s view, and a resume keeps them dropped', async () => {
  const { mock, ws, client } = await open();
  try {
    const id = ((await client.request('thread/start', { cwd: ws.cwd })).result as { thread: Thread }).thread.id;
    for (const t of ['one', 'two', 'three']) await turn(client, id, t);
    const zero = await client.request('thread/rollback', { threadId: id, numTurns: 0 });
    expect(zero.error).toMatchObject({ code: -32602 });
    const rolled = await client.request('thread/rollback', { threadId: id, numTurns: 2 });
    const thread = (rolled.result as { thread: Thread }).thread;
    const firstText = (t: Thread['turns'][number]) => (t.items[0] as { content?: Array<{ text: string }> }).content?.[0]?.text;
    expect(thread.turns.map(firstText)).toEqual(['one']);
    await client.close();

    const second = new InProcessClient(ws.options);
    await second.initialize();
    const resumed = await second.request('thread/resume', { threadId: id });
    expect((resumed.result as { thread: Thread }).thread.turns).toHaveLength(1);
    await turn(second, id, 'four');
    const body = mock.server.requests.at(-1)?.body as Body;
    const users = body.input.filter((i) => i.role === 'user').map((i) => i.content?.[0]?.text ?? '').filter((t) => !t.startsWith('<') && !t.startsWith('#'));
    expect(users).toEqual(['one', 'four']);
    await second.close();
  } finally {
    await mock.close();
  }
});

test('thread/name/set records the name and notifies; archive hides a thread from thread/list until unarchived', async () => {
  const { mock, ws, client } = await open();
  try {
    const id = ((await client.request('thread/start', { cwd: ws.cwd })).result as { thread: Thread }).thread.id;
    await turn(client, id, 'hello');
    const at = client.received.length;
    expect((await client.request('thread/name/set', { threadId: id, name: 'My thread' })).result).toEqual({});
    expect(await client.until((m) => m.method === 'thread/name/updated', at)).toMatchObject({ params: { threadId: id, threadName: 'My thread' } });

    const listed = async (archived: boolean) => ((await client.request('thread/list', { archived })).result as { data: Thread[] }).data.map((t) => t.id);
    expect(await listed(false)).toEqual([id]);
    expect((await client.request('thread/loaded/list', {})).result).toEqual({ data: [id], nextCursor: null });
    expect((await client.request('thread/archive', { threadId: id })).result).toEqual({});
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([id]);
    expect((await client.request('thread/loaded/list', {})).result).toEqual({ data: [], nextCursor: null });
    const back = await client.request('thread/unarchive', { threadId: id });
    expect((back.result as { thread: Thread }).thread.id).toBe(id);
    expect(await listed(false)).toEqual([id]);
    const read = await client.request('thread/read', { threadId: id, includeTurns: true });
    expect((read.result as { thread: Thread }).thread.turns).toHaveLength(1);
  } finally {
    await client.close();
    await mock.close();
  }
});

test('turn/steer adds input to the running turn, which answers it before ending', async () => {
  const { mock, ws, client } = await open();
  try {
    const id = ((await client.request('thread/start', { cwd: ws.cwd })).result as { thread: Thread }).thread.id;
    const prompt = 'Slow [[slow:1:3]]';
    const at = client.received.length;
    const started = await client.request('turn/start', { threadId: id, input: [{ type: 'text', text: prompt }] });
    const turnId = (started.result as { turn: { id: string } }).turn.id;
    await mock.held(prompt);
    const wrong = await client.request('turn/steer', { threadId: id, input: [{ type: 'text', text: 'x' }], expectedTurnId: 'nope' });
    expect(wrong.error).toMatchObject({ code: -32600 });
    const steer = await client.request('turn/steer', { threadId: id, input: [{ type: 'text', text: 'also this' }], expectedTurnId: turnId });
    expect(steer.result).toEqual({ turnId });
    mock.release(prompt);
    await client.turnCompleted(id, turnId, at);
    const items = client.received
      .slice(at)
      .filter((m) => m.method === 'item/completed')
      .map((m) => m.params as { item: { type: string; text?: string }; turnId: string });
    expect(items.map((i) => [i.item.type, i.turnId])).toEqual([
      ['userMessage', turnId],
      ['agentMessage', turnId],
      ['userMessage', turnId],
      ['agentMessage', turnId],
    ]);
    expect(items[3]?.item.text).toMatch(/to: also this$/);
    expect(mock.server.requests).toHaveLength(2);
  } finally {
    await client.close();
    await mock.close();
  }
});

test('requests for threads that are unknown, not loaded or malformed get clear errors', async () => {
  const { mock, ws, client } = await open();
  try {
    const unknown = '01942f3a-0000-7000-8000-000000000000';
    const input = [{ type: 'text', text: 'hi' }];
    expect((await client.request('turn/start', { threadId: unknown, input })).error).toMatchObject({ code: -32600, message: expect.stringContaining('not loaded') });
    expect((await client.request('turn/start', { threadId: 'not-a-thread', input })).error).toMatchObject({ code: -32602, message: expect.stringContaining('`threadId`') });
    expect((await client.request('thread/read', { threadId: unknown })).error).toMatchObject({ code: -32600, message: expect.stringContaining(unknown) });
    expect((await client.request('thread/resume', { threadId: unknown })).error).toMatchObject({ code: -32600, message: expect.stringContaining(unknown) });
    expect((await client.request('turn/start', { threadId: unknown })).error).toMatchObject({ code: -32602, message: expect.stringContaining('`input`') });
    expect((await client.request('turn/start')).error).toMatchObject({ code: -32602, message: expect.stringContaining('missing `params`') });
    void ws;
  } finally {
    await client.close();
    await mock.close();
  }
});

test('model/list and collaborationMode/list come from the pack', async () => {
  const { mock, ws, client } = await open();
  try {
    const models = (await client.request('model/list', {})).result as { data: Array<{ id: string; isDefault: boolean }> };
    expect(models.data.length).toBeGreaterThan(0);
    const modes = (await client.request('collaborationMode/list', {})).result as { data: Array<{ name: string; mode: string; developer_instructions: string }> };
    expect(modes.data.map((m) => m.mode)).toEqual(['plan', 'default']);
    expect(modes.data[0]?.developer_instructions.length).toBeGreaterThan(100);
    void ws;
  } finally {
    await client.close();
    await mock.close();
  }
});

test('thread/start params config.toml has keys for (config map, base instructions) give the thread a runtime of its own', async () => {
  const { mock, ws, client } = await open();
  try {
    // A catalog model: the workspace's mock-model gets the fallback entry, which sends no reasoning.
    const r = await client.request('thread/start', { cwd: ws.cwd, model: 'gpt-5.2-codex', config: { model_reasoning_effort: 'high' }, baseInstructions: 'Be a test.' });
    const result = r.result as { reasoningEffort: string | null; thread: Thread };
    expect(result.reasoningEffort).toBe('high');
    await turn(client, result.thread.id, 'hi');
    const body = mock.server.requests.at(-1)?.body as { instructions: string; reasoning: { effort?: string } };
    expect(body.instructions).toBe('Be a test.');
    expect(body.reasoning.effort).toBe('high');
    const plain = (await client.request('thread/start', { cwd: ws.cwd })).result as { reasoningEffort: string | null };
    expect(plain.reasoningEffort).toBeNull();
    expect((await client.request('thread/start', { cwd: ws.cwd, ephemeral: true })).error).toMatchObject({ code: -32602 });
  } finally {
    await client.close();
    await mock.close();
  }
});

test('thread/resume of a loaded thread by its rollout path answers with the loaded thread; another server cannot open it meanwhile', async () => {
  const { mock, ws, client } = await open();
  const other = new InProcessClient(ws.options);
  try {
    const started = (await client.request('thread/start', { cwd: ws.cwd })).result as { thread: Thread & { path: string } };
    const { id, path } = started.thread;
    await turn(client, id, 'one');
    const byPath = await client.request('thread/resume', { threadId: id, path });
    expect(byPath.error).toBeUndefined();
    expect((byPath.result as { thread: Thread }).thread.id).toBe(id);

    await other.initialize();
    const refused = await other.request('thread/resume', { threadId: id });
    expect(refused.error).toMatchObject({ code: -32600, message: expect.stringContaining(`${path} is open for writing in this process`) });
  } finally {
    await other.close();
    await client.close();
    await mock.close();
  }
});
