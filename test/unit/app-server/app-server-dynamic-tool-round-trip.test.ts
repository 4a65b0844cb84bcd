// Client-side (dynamic) tools: the model's call goes to the client as `item/tool/call`, the answer
// (or the client's error) becomes the call's output in the next request; a client that is slow to
// answer holds up only its own thread.
import { readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { InProcessClient, type Msg, type ServerRequestAnswer } from '../../support/appserver-client.js';
import { startAppServerMock, type AppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace, appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const TOOL = {
  name: 'lookup_ticket',
  description: 'Fetch a ticket by id',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};

type Body = { tools: Array<Record<string, unknown>>; input: Array<Record<string, unknown>> };

async function setup(answer: ServerRequestAnswer): Promise<{ mock: AppServerMock; client: InProcessClient; packDir: string | undefined; cwd: string }> {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options, answer);
  await client.initialize(true);
  return { mock, client, packDir: ws.options.runtime?.packDir, cwd: ws.cwd };
}

async function runTurn(client: InProcessClient, threadId: string, text: string): Promise<Msg> {
  const at = client.received.length;
  const r = await client.request('turn/start', { threadId, input: [{ type: 'text', text }] });
  return client.turnCompleted(threadId, (r.result as { turn: { id: string } }).turn.id, at);
}

async function startThread(client: InProcessClient, cwd: string): Promise<string> {
  const r = await client.request('thread/start', { cwd, dynamicTools: [TOOL] });
  if (r.error) throw new Error(JSON.stringify(r.error));
  return (r.result as { thread: { id: string } }).thread.id;
}

test('a dynamic tool call is asked of the client and its content items become the call output', async () => {
  const { mock, client, cwd } = await setup((req) =>
    req.method === 'item/tool/call' ? { result: { contentItems: [{ type: 'inputText', text: 'Ticket ABC-1 is open.' }], success: true } } : { result: {} },
  );
  try {
    const threadId = await startThread(client, cwd);
    const done = await runTurn(client, threadId, 'Check [[tool:lookup_ticket {"id":"ABC-1"}]]');
    expect((done.params as { turn: { status: string } }).turn.status).toBe('completed');

    const call = client.received.find((m) => m.method === 'item/tool/call') as Msg;
    expect(call.params).toEqual({ threadId, turnId: '0', callId: 'call_mock_1', tool: 'lookup_ticket', arguments: { id: 'ABC-1' } });

    const [first, second] = mock.server.requests.map((r) => r.body as Body);
    expect(first?.tools.at(-1)).toEqual({ type: 'function', name: TOOL.name, description: TOOL.description, strict: false, parameters: TOOL.inputSchema });
    expect(second?.input.at(-1)).toEqual({ type: 'function_call_output', call_id: 'call_mock_1', output: [{ type: 'input_text', text: 'Ticket ABC-1 is open.' }] });
  } finally {
    await client.close();
    await mock.close();
  }
});

test('a client error answer becomes the pack’s dynamic-tool failure text', async () => {
  const { mock, client, packDir, cwd } = await setup((req) =>
    req.method === 'item/tool/call' ? { error: { code: -32000, message: 'ticket service down' } } : { result: {} },
  );
  try {
    const threadId = await startThread(client, cwd);
    await runTurn(client, threadId, 'Check [[tool:lookup_ticket {"id":"ABC-2"}]]');
    const failed = packDir ? readFileSync(`${packDir}/tool_output/dynamic_tool_failed.txt`, 'utf8') : undefined;
    const second = mock.server.requests[1]?.body as Body;
    const output = second.input.at(-1) as { type: string; output: Array<{ type: string; text: string }> };
    expect(output.type).toBe('function_call_output');
    expect(output.output).toHaveLength(1);
    expect(output.output[0]?.type).toBe('input_text');
    if (failed !== undefined) expect(output.output[0]?.text).toBe(failed);
  } finally {
    await client.close();
    await mock.close();
  }
});

test('dynamic tools need the experimental API', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options);
  try {
    await client.initialize(false);
    const r = await client.request('thread/start', { cwd: ws.cwd, dynamicTools: [TOOL] });
    expect(r.error).toEqual({ code: -32600, message: 'thread/start.dynamicTools requires experimentalApi capability' });
  } finally {
    await client.close();
    await mock.close();
  }
});

test('a client slow to answer a tool call holds up only its own thread', async () => {
  let answerSlow!: () => void;
  const slowAnswered = new Promise<void>((resolve) => (answerSlow = resolve));
  const { mock, client, cwd } = await setup(async (req) => {
    if (req.method !== 'item/tool/call') return { result: {} };
    await slowAnswered;
    return { result: { contentItems: [{ type: 'inputText', text: 'late' }], success: true } };
  });
  try {
    const slowThread = await startThread(client, cwd);
    const fastThread = await startThread(client, cwd);
    const at = client.received.length;
    const slowTurn = await client.request('turn/start', { threadId: slowThread, input: [{ type: 'text', text: '[[tool:lookup_ticket {"id":"X"}]]' }] });
    await client.until((m) => m.method === 'item/tool/call', at);

    const fast = await runTurn(client, fastThread, 'meanwhile');
    expect((fast.params as { turn: { status: string } }).turn.status).toBe('completed');
    const slowDone = (m: Msg) => m.method === 'turn/completed' && (m.params as { threadId: string }).threadId === slowThread;
    expect(client.received.some(slowDone)).toBe(false);

    answerSlow();
    const done = await client.turnCompleted(slowThread, (slowTurn.result as { turn: { id: string } }).turn.id, at);
    expect((done.params as { turn: { status: string } }).turn.status).toBe('completed');
  } finally {
    await client.close();
    await mock.close();
  }
});

test('0.169: the totals of a response that calls a client tool are announced after the call, as Codex 0.169 does', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace0169(mock.url);
  const client = new InProcessClient(ws.options, (req) => (req.method === 'item/tool/call' ? { result: { contentItems: [{ type: 'inputText', text: 'open' }], success: true } } : { result: {} }));
  await client.initialize(true);
  try {
    const threadId = await startThread(client, ws.cwd);
    const at = client.received.length;
    await runTurn(client, threadId, 'Check [[tool:lookup_ticket {"id":"ABC-1"}]]');
    const order = client.received.slice(at).map((m) => m.method).filter((m) => m === 'item/tool/call' || m === 'thread/tokenUsage/updated');
    expect(order[0]).toBe('item/tool/call');
    expect(order).toContain('thread/tokenUsage/updated');
  } finally {
    await client.close();
    await mock.close();
  }
});
