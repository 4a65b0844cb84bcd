// 10,000 malformed or hostile lines: every one that can be answered is answered with the right
// JSON-RPC error (ids echoed when readable), nothing crashes, and a turn runs normally afterwards.
import { afterEach, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { startAppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const MAX_LINE = 64 * 1024;

/** Line i of the barrage and the error code it must get (undefined: a notification, no answer). */
function hostile(i: number, threadId: string): { line: string; code: number | undefined; id: unknown } {
  const id = 100_000 + i;
  switch (i % 10) {
    case 0:
      return { line: `{"id": ${id}, "method": "thread/list", "params": {`, code: -32700, id: null };
    case 1:
      return { line: `{"id":${id},"method":"thread/list","params":{"x":"${'a'.repeat(MAX_LINE)}"}}`, code: -32600, id: null };
    case 2:
      return { line: JSON.stringify({ id, method: 'thread/list', params: { limit: 'ten' } }), code: -32602, id };
    case 3: {
      // Names that exist on every object must not pass for methods.
      const method = [`no/such/${i}`, '__proto__', 'constructor', 'toString', 'hasOwnProperty'][Math.floor(i / 10) % 5] as string;
      return { line: JSON.stringify({ id, method, params: {} }), code: -32601, id };
    }
    case 4:
      return { line: `${'['.repeat(5000)}${']'.repeat(5000)}`, code: -32600, id: null };
    case 5:
      return { line: JSON.stringify({ id, method: 'turn/start', params: { threadId, input: nest(2000) } }), code: -32602, id };
    case 6:
      return { line: JSON.stringify({ id: { nested: true }, method: 'thread/read' }), code: -32600, id: null };
    case 7:
      return { line: JSON.stringify({ id, method: 'turn/start', params: { threadId: `../../etc/passwd${i}`, input: [] } }), code: -32602, id };
    case 8:
      return { line: JSON.stringify({ method: 'no/such/notification', params: { i } }), code: undefined, id: undefined };
    default:
      return { line: JSON.stringify({ id, method: 'initialize', params: { clientInfo: { name: 'again', version: '0' } } }), code: -32600, id };
  }
}

function nest(depth: number): unknown {
  let v: unknown = 'x';
  for (let d = 0; d < depth; d++) v = { a: v };
  return [v];
}

test('10,000 hostile lines are each answered with the right error and a turn still runs', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient({ ...ws.options, maxLineBytes: MAX_LINE });
  try {
    await client.initialize();
    const started = await client.request('thread/start', { cwd: ws.cwd });
    const threadId = (started.result as { thread: { id: string } }).thread.id;

    const from = client.received.length;
    const expected: Array<{ code: number; id: unknown }> = [];
    for (let i = 0; i < 10_000; i++) {
      const h = hostile(i, threadId);
      client.send(h.line);
      if (h.code !== undefined) expected.push({ code: h.code, id: h.id });
    }
    await client.untilAll((all) => all.length - from >= expected.length);
    const answers = client.received.slice(from) as Array<Msg & { error?: { code: number } }>;
    expect(answers).toHaveLength(expected.length);
    expect(answers.map((a) => ({ code: a.error?.code, id: a.id }))).toEqual(expected);

    const at = client.received.length;
    const turn = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'still there?' }] });
    const turnId = (turn.result as { turn: { id: string } }).turn.id;
    const done = await client.turnCompleted(threadId, turnId, at);
    expect((done.params as { turn: { status: string } }).turn.status).toBe('completed');
    const message = client.received.slice(at).find((m) => m.method === 'item/completed' && (m.params as { item: { type: string } }).item.type === 'agentMessage');
    expect((message?.params as { item: { text: string } }).item.text).toMatch(/^Mock reply \d+ to: still there\?$/);
  } finally {
    await client.close();
    await mock.close();
  }
}, 60_000);
