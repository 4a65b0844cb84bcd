// Under an approval policy that asks, a command the model wants to run is shown as a
// commandExecution item and put to the client (`item/commandExecution/requestApproval`): accepted,
// it runs; declined, it does not run, the item ends `declined` and the model is told so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

afterEach(removeTempDirs);

async function run(decision: string): Promise<{ received: Msg[]; created: boolean; output: unknown }> {
  const mock = await startMockResponsesServer({ replies: [functionCallReply('exec_command', { cmd: 'touch created.txt' }, 'call_touch'), textReply('ok')] });
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options, (req) => ({ result: req.method === 'item/commandExecution/requestApproval' ? { decision } : {} }));
  try {
    await client.initialize();
    const start = await client.request('thread/start', { cwd: ws.cwd, approvalPolicy: 'on-request', sandbox: 'workspace-write' });
    const threadId = (start.result as { thread: { id: string } }).thread.id;
    const at = client.received.length;
    const turn = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'make a file' }] });
    await client.turnCompleted(threadId, (turn.result as { turn: { id: string } }).turn.id, at);
    const input = (mock.requests[1]?.body as { input: Array<{ type: string; output?: unknown }> }).input;
    return { received: client.received.slice(at), created: existsSync(join(ws.cwd, 'created.txt')), output: input.at(-1)?.output };
  } finally {
    await client.close();
    await mock.close();
  }
}

test('an accepted command runs, between its item/started and item/completed', async () => {
  const { received, created } = await run('accept');
  expect(created).toBe(true);
  const seq = received
    .filter((m) => m.method === 'item/commandExecution/requestApproval' || (m.method?.startsWith('item/') && (m.params as { item?: { type: string } }).item?.type === 'commandExecution'))
    .map((m) => {
      const item = (m.params as { item?: { status: string } }).item;
      return item ? `${m.method}:${item.status}` : String(m.method);
    });
  expect(seq).toEqual(['item/started:inProgress', 'item/commandExecution/requestApproval', 'item/completed:completed']);
  const ask = received.find((m) => m.method === 'item/commandExecution/requestApproval') as Msg;
  expect(ask.params).toMatchObject({ itemId: 'call_touch', command: 'touch created.txt', turnId: '0' });
});

test('a declined command does not run; its item ends declined and the model is told', async () => {
  const { received, created, output } = await run('decline');
  expect(created).toBe(false);
  const done = received.find((m) => m.method === 'item/completed' && (m.params as { item: { type: string } }).item.type === 'commandExecution');
  expect((done?.params as { item: { status: string; id: string } }).item).toMatchObject({ status: 'declined', id: 'call_touch' });
  expect(String(output)).toBe(weftToolTexts.commandDenied('touch created.txt'));
});
