// A follow-up task given to an agent while its turn samples waits for a boundary of that turn; when
// the turn is interrupted before it reaches one, the task (and the message sent before it) starts
// the agent's next turn, as the real Codex 0.169 does (found with the binary on the same script,
// test/conformance/cross-team-session-codex-0.169.test.ts): the client sees the first turn end
// interrupted and a second begin, and that turn's request carries both, after the first task.
import { afterEach, expect, it } from 'vitest';
import { agentOf, startMockResponsesServer, type CapturedRequest, type MockServer } from '../../../../src/testing/index.js';
import { contactSessionScript, driveContactSession, teamWorkspace, weftAppServer } from '../../../support/team-session.js';
import { removeTempDirs } from '../../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Input = { type: string; content?: { type: string; text?: string; encrypted_content?: string }[] }[];

it('an interrupted turn leaves the follow-up task it had not taken in to the next turn (codex-0.169)', async () => {
  const script = contactSessionScript();
  let secondArrived!: (req: CapturedRequest) => void;
  const second = new Promise<CapturedRequest>((resolve) => (secondArrived = resolve));
  let alphaRequests = 0;
  mock = await startMockResponsesServer({
    respond: (req) => {
      if (agentOf(req).agent === '/root/alpha' && ++alphaRequests === 2) secondArrived(req);
      return script(req);
    },
  });
  const ws = await teamWorkspace(mock.url, 'codex-0.169');
  const t = weftAppServer(ws);
  try {
    const received = await driveContactSession(t, ws.cwd);
    const rootId = (received.find((m) => m.method === 'thread/started')?.params as { thread: { id: string } }).thread.id;
    const alphaTurns = received.filter((m) => (m.method === 'turn/started' || m.method === 'turn/completed') && (m.params as { threadId: string }).threadId !== rootId);
    expect(alphaTurns.map((m) => [m.method, (m.params as { turn: { status: string } }).turn.status])).toEqual([
      ['turn/started', 'inProgress'],
      ['turn/completed', 'interrupted'],
      ['turn/started', 'inProgress'],
    ]);
    const input = (await second).body as { input: Input };
    const delivered = input.input.filter((i) => i.type === 'agent_message').map((i) => [i.content?.[0]?.text?.split('\n')[0], i.content?.[1]?.encrypted_content]);
    expect(delivered).toEqual([
      ['Message Type: NEW_TASK', 'count to three'],
      ['Message Type: MESSAGE', 'count slowly'],
      ['Message Type: NEW_TASK', 'then count to five'],
    ]);
  } finally {
    await t.close();
  }
}, 60_000);
