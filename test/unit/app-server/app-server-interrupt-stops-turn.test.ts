// turn/interrupt: the running turn ends `interrupted`, the answer comes at once, the interruption is
// recorded (the next request carries Codex's marker), and an interrupt with nothing running is
// answered too.
import { afterEach, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { startAppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

type Body = { input: Array<{ role?: string; content?: Array<{ text?: string }> }> };

test('turn/interrupt ends the running turn as interrupted and the next request carries the marker', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const client = new InProcessClient(ws.options);
  try {
    await client.initialize();
    const threadId = ((await client.request('thread/start', { cwd: ws.cwd })).result as { thread: { id: string } }).thread.id;
    const prompt = 'Stream slowly [[slow]]';
    const at = client.received.length;
    const started = await client.request('turn/start', { threadId, input: [{ type: 'text', text: prompt }] });
    const turnId = (started.result as { turn: { id: string } }).turn.id;
    await mock.held(prompt);
    await client.until((m) => m.method === 'item/agentMessage/delta', at);

    const answer = await client.request('turn/interrupt', { threadId, turnId });
    expect(answer.result).toEqual({});
    const done = await client.turnCompleted(threadId, turnId, at);
    expect((done.params as { turn: Msg }).turn).toEqual({ id: turnId, items: [], status: 'interrupted', error: null });

    const idle = await client.request('turn/interrupt', { threadId, turnId });
    expect(idle.result).toEqual({});

    const after = client.received.length;
    const next = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'again' }] });
    await client.turnCompleted(threadId, (next.result as { turn: { id: string } }).turn.id, after);
    const body = mock.server.requests.at(-1)?.body as Body;
    const texts = body.input.filter((i) => i.role === 'user').map((i) => i.content?.[0]?.text ?? '');
    expect(texts.at(-1)).toBe('again');
    expect(texts.at(-2)).toMatch(/^<turn_aborted>/);
    expect(texts.at(-3)).toBe(prompt);
  } finally {
    await client.close();
    await mock.close();
  }
});
