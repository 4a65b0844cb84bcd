// 0.169 thread objects carry the thread's name and its read receipt as Codex fills them:
// `thread/name/set` is shown by thread/read and thread/list (and by a new server: the name is in
// the home's session_index.jsonl, Codex's index, and in the rollout); `readState` is
// `{firstUnread: null, revision: "initial:<id>"}` before any turn completed, then points at the
// first completed turn, with a revision that changes with the thread's activity.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
const clients: InProcessClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Thread = { id: string; name: string | null; path: string };
type ReadState = { firstUnread: { type: string; turnId: string } | null; revision: string };

async function client(options: ConstructorParameters<typeof InProcessClient>[0]): Promise<InProcessClient> {
  const c = new InProcessClient(options);
  clients.push(c);
  await c.initialize();
  return c;
}

const result = <T>(m: Msg): T => {
  expect(m.error, JSON.stringify(m.error)).toBeUndefined();
  return m.result as T;
};

describe('thread names and read state (0.169)', () => {
  it('a name set on a thread shows in thread/read and thread/list, and survives a new server', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('hello') });
    const ws = await appServerWorkspace0169(mock.url);
    const c = await client(ws.options);
    const { thread } = result<{ thread: Thread }>(await c.request('thread/start', { cwd: ws.cwd }));
    expect(thread.name).toBeNull();
    // thread/list shows threads someone spoke in.
    const from = c.received.length;
    const { turn } = result<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: 'hi', text_elements: [] }] }));
    await c.turnCompleted(thread.id, turn.id, from);

    result(await c.request('thread/name/set', { threadId: thread.id, name: 'Fix the parser' }));
    expect((await c.until((m) => m.method === 'thread/name/updated')).params).toEqual({ threadId: thread.id, threadName: 'Fix the parser' });
    expect(result<{ thread: Thread }>(await c.request('thread/read', { threadId: thread.id })).thread.name).toBe('Fix the parser');
    expect(result<{ data: Thread[] }>(await c.request('thread/list', {})).data.map((t) => [t.id, t.name])).toEqual([[thread.id, 'Fix the parser']]);

    const index = (await readFile(join(ws.codexHome, 'session_index.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(index).toHaveLength(1);
    expect(index[0]).toMatchObject({ id: thread.id, thread_name: 'Fix the parser' });
    expect(String(index[0]?.updated_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(await readFile(thread.path, 'utf8')).toContain('"thread_name_updated"');

    // A new server (the first one closed, so the thread is not loaded): the name is still there;
    // renamed while not loaded, the last name wins.
    await c.close();
    clients.splice(clients.indexOf(c), 1);
    const other = await client(ws.options);
    expect(result<{ thread: Thread }>(await other.request('thread/read', { threadId: thread.id })).thread.name).toBe('Fix the parser');
    result(await other.request('thread/name/set', { threadId: thread.id, name: 'Parser, second try' }));
    expect(result<{ data: Thread[] }>(await other.request('thread/list', {})).data[0]?.name).toBe('Parser, second try');
    expect(result<{ thread: Thread }>(await other.request('thread/read', { threadId: thread.id })).thread.name).toBe('Parser, second try');
  });

  it('readState: initial before any turn, then the first completed turn; stable across reads', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('hello') });
    const ws = await appServerWorkspace0169(mock.url);
    const c = await client(ws.options);
    const { thread } = result<{ thread: Thread }>(await c.request('thread/start', { cwd: ws.cwd }));
    const before = result<{ readState: ReadState }>(await c.request('thread/read', { threadId: thread.id })).readState;
    expect(before).toEqual({ firstUnread: null, revision: `initial:${thread.id}` });

    const turnIds: string[] = [];
    for (const text of ['one', 'two']) {
      const from = c.received.length;
      const { turn } = result<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text, text_elements: [] }] }));
      await c.turnCompleted(thread.id, turn.id, from);
      turnIds.push(turn.id);
    }
    const read = result<{ readState: ReadState }>(await c.request('thread/read', { threadId: thread.id })).readState;
    expect(read.firstUnread).toEqual({ type: 'turn', turnId: turnIds[0] });
    expect(read.revision).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(result<{ readState: ReadState }>(await c.request('thread/read', { threadId: thread.id })).readState).toEqual(read);
    const listed = result<{ readStates: Record<string, ReadState> }>(await c.request('thread/list', {}));
    expect(listed.readStates).toEqual({ [thread.id]: read });

    // An ephemeral thread has no read receipt.
    const eph = result<{ thread: Thread }>(await c.request('thread/start', { cwd: ws.cwd, ephemeral: true })).thread;
    expect(result<{ readState: ReadState | null }>(await c.request('thread/read', { threadId: eph.id })).readState).toBeNull();
  });
});
