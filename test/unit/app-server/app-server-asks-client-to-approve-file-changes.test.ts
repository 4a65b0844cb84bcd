// A patch that needs approval is shown as a fileChange item and put to the client
// (`item/fileChange/requestApproval`): accepted, it is written and the turn's diff is sent;
// declined, nothing is written, the item ends `declined` and the model is told.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { customToolCallReply, startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const PATCH = '*** Begin Patch\n*** Add File: made.txt\n+made\n*** End Patch';

async function run(decision: string): Promise<{ received: Msg[]; created: boolean; output: unknown }> {
  const mock = await startMockResponsesServer({ replies: [customToolCallReply('apply_patch', PATCH, 'call_patch'), textReply('ok')] });
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options, (req) => ({ result: req.method === 'item/fileChange/requestApproval' ? { decision } : {} }));
  try {
    await client.initialize();
    // untrusted: Codex asks before every patch.
    const start = await client.request('thread/start', { cwd: ws.cwd, approvalPolicy: 'untrusted', sandbox: 'workspace-write' });
    const threadId = (start.result as { thread: { id: string } }).thread.id;
    const at = client.received.length;
    const turn = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'make a file' }] });
    await client.turnCompleted(threadId, (turn.result as { turn: { id: string } }).turn.id, at);
    const input = (mock.requests[1]?.body as { input: Array<{ type: string; output?: unknown }> }).input;
    return { received: client.received.slice(at), created: existsSync(join(ws.cwd, 'made.txt')), output: input.at(-1)?.output };
  } finally {
    await client.close();
    await mock.close();
  }
}

const fileChangeSequence = (received: Msg[]): string[] =>
  received
    .filter((m) => m.method === 'item/fileChange/requestApproval' || m.method === 'turn/diff/updated' || (m.method?.startsWith('item/') && (m.params as { item?: { type: string } }).item?.type === 'fileChange'))
    .map((m) => {
      const item = (m.params as { item?: { status: string } }).item;
      return item ? `${m.method}:${item.status}` : String(m.method);
    });

test('an accepted patch is written between its item/started and item/completed, then the turn diff is sent', async () => {
  const { received, created } = await run('accept');
  expect(created).toBe(true);
  expect(fileChangeSequence(received)).toEqual(['item/started:inProgress', 'item/fileChange/requestApproval', 'item/completed:completed', 'turn/diff/updated']);
  const ask = received.find((m) => m.method === 'item/fileChange/requestApproval') as Msg;
  expect(ask.params).toMatchObject({ itemId: 'call_patch', threadId: expect.any(String), turnId: expect.any(String), startedAtMs: expect.any(Number) });
  const diff = received.find((m) => m.method === 'turn/diff/updated') as Msg;
  expect((diff.params as { diff: string }).diff).toContain('+made\n');
});

test('a declined patch writes nothing; its item ends declined and the model is told', async () => {
  const { received, created, output } = await run('decline');
  expect(created).toBe(false);
  expect(fileChangeSequence(received)).toEqual(['item/started:inProgress', 'item/fileChange/requestApproval', 'item/completed:declined']);
  expect(String(output)).toContain('declined');
});
