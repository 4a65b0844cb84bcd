// A client may write its next messages without waiting for initialize's answer. They are handled
// once initialize is, in order: initialize is answered first, an unknown method still gets -32601
// (not "Not initialized"), and a thread/start is served.
import { afterEach, expect, test } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

test('requests written right after initialize are answered after it, as if the client had waited', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options);
  try {
    const lines = [
      { id: 1, method: 'initialize', params: { clientInfo: { name: 'pipelining_client', version: '1' } } },
      { method: 'initialized' },
      { id: 2, method: 'nope/x' },
      { id: 3, method: 'thread/start', params: { cwd: ws.cwd } },
    ];
    client.server.receive(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    await client.untilAll((all) => [1, 2, 3].every((id) => all.some((m) => m.id === id)));
    const answers = client.received.filter((m): m is Msg & { id: number } => typeof m.id === 'number');
    expect(answers.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(answers[0]?.error).toBeUndefined();
    expect((answers[1]?.error as { code: number }).code).toBe(-32601);
    expect(answers[2]?.error).toBeUndefined();
    expect((answers[2]?.result as { thread: { id: string } }).thread.id).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await client.close();
    await mock.close();
  }
});
