// The client of a root thread on the 0.169 app-server, while the issue-37 session runs (a goal
// created, a question answered, two agents spawned and waited for, the goal completed), receives
// what the real Codex 0.169 sends on the same script (scripts/record-team-session.ts --codex):
// each spawn is a subAgentActivity item (kind started, the spawn call's id, the child's resolved
// model and effort) around the child's idle status; each child turn is reported on the child's
// thread id and names the root's turn; each completed child turn is a subAgentActivity item
// (kind completed, id subagent-completed-<child turn>) around the child's turn/completed; the
// question puts the thread in waitingOnUserInput until serverRequest/resolved. Every message
// passes the 0.169 schema (the authority).
import { afterEach, expect, it } from 'vitest';
import { AppServer } from '../../../src/app-server/app-server.js';
import { startMockResponsesServer, type MockServer } from '../../../src/testing/index.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';
import { driveTeamSession, teamSessionScript, type LineTransport, type Msg } from '../../support/team-session.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Item = { type: string; id: string; kind?: string; agentThreadId?: string; agentPath?: string; model?: string | null; reasoningEffort?: string | null };
const p = (m: Msg) => (m.params ?? {}) as { threadId?: string; turnId?: string; item?: Item; turn?: { id: string; rootTurnId: string }; status?: { type: string; activeFlags?: string[] }; requestId?: number };

async function weftTeamSession(): Promise<Msg[]> {
  mock = await startMockResponsesServer({ respond: teamSessionScript() });
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  const listeners: ((line: string) => void)[] = [];
  const server = new AppServer({ env: ws.env, cwd: ws.cwd, write: (l) => listeners.forEach((f) => f(l)) });
  const t: LineTransport = { send: (l) => server.receive(`${l}\n`), onLine: (f) => void listeners.push(f), close: () => server.close() };
  try {
    return await driveTeamSession(t, ws.cwd);
  } finally {
    await t.close();
  }
}

it('a root thread client sees its agents as Codex 0.169 shows them (subAgentActivity, child turns, the question)', async () => {
  const received = await weftTeamSession();
  const root = p(received.find((m) => m.method === 'thread/started') as Msg) as unknown as { thread: { id: string } };
  const rootId = root.thread.id;
  const rootTurn = (p(received.find((m) => m.method === 'turn/started' && p(m).threadId === rootId) as Msg).turn as { id: string }).id;

  // Spawns: started activities on the root's turn, with the child's idle status inside.
  const spawns = received.filter((m) => p(m).item?.type === 'subAgentActivity' && p(m).item?.kind === 'started');
  expect(spawns.map((m) => [m.method, p(m).threadId, p(m).turnId, p(m).item?.id, p(m).item?.agentPath, p(m).item?.model, p(m).item?.reasoningEffort])).toEqual([
    ['item/started', rootId, rootTurn, 'call_spawn_a', '/root/alpha', 'gpt-5.6-sol', 'medium'],
    ['item/completed', rootId, rootTurn, 'call_spawn_a', '/root/alpha', 'gpt-5.6-sol', 'medium'],
    ['item/started', rootId, rootTurn, 'call_spawn_b', '/root/beta', 'gpt-5.6-sol', 'medium'],
    ['item/completed', rootId, rootTurn, 'call_spawn_b', '/root/beta', 'gpt-5.6-sol', 'medium'],
  ]);
  expect(Object.keys(spawns[0]?.params as object)).toEqual(['item', 'threadId', 'turnId', 'startedAtMs']);
  expect(Object.keys(p(spawns[0] as Msg).item as object)).toEqual(['type', 'model', 'reasoningEffort', 'id', 'kind', 'agentThreadId', 'agentPath', 'startedAtMs', 'completedAtMs']);

  for (const [n, path] of [[0, '/root/alpha'], [2, '/root/beta']] as const) {
    const child = p(spawns[n] as Msg).item?.agentThreadId as string;
    const at = received.indexOf(spawns[n] as Msg);
    expect(received[at + 1]).toMatchObject({ method: 'thread/status/changed', params: { threadId: child, status: { type: 'idle' } } });
    // The child's own notifications, in Codex's order (no user message: its task came from its parent).
    const own = received.filter((m) => p(m).threadId === child);
    const turnId = (own.find((m) => m.method === 'turn/started')?.params as { turn: { id: string; rootTurnId: string } }).turn;
    expect(turnId.rootTurnId).toBe(rootTurn);
    expect(own.map((m) => (m.method?.startsWith('item/') && p(m).item ? `${m.method} ${p(m).item?.type}` : m.method === 'thread/status/changed' ? `status ${p(m).status?.type}` : m.method))).toEqual([
      'status idle',
      'status active',
      'turn/started',
      'item/started agentMessage',
      'item/agentMessage/delta',
      'item/completed agentMessage',
      'thread/tokenUsage/updated',
      'status idle',
      'turn/completed',
    ]);
    // Its completion: an activity on the root's turn around the child's turn/completed.
    const done = received.filter((m) => p(m).item?.id === `subagent-completed-${turnId.id}`);
    expect(done.map((m) => [m.method, p(m).threadId, p(m).turnId, p(m).item?.kind, p(m).item?.agentPath, p(m).item?.model])).toEqual([
      ['item/started', rootId, rootTurn, 'completed', path, null],
      ['item/completed', rootId, rootTurn, 'completed', path, null],
    ]);
    const completedAt = received.findIndex((m) => m.method === 'turn/completed' && p(m).threadId === child);
    expect(received.indexOf(done[0] as Msg)).toBeLessThan(completedAt);
    expect(received.indexOf(done[1] as Msg)).toBeGreaterThan(completedAt);
  }

  // The question: waiting on the user while asked, resolved once answered.
  const asked = received.findIndex((m) => m.method === 'item/tool/requestUserInput');
  expect(received[asked - 1]).toMatchObject({ method: 'thread/status/changed', params: { threadId: rootId, status: { type: 'active', activeFlags: ['waitingOnUserInput'] } } });
  expect(received[asked + 1]).toMatchObject({ method: 'serverRequest/resolved', params: { threadId: rootId, requestId: received[asked]?.id } });
  expect(received[asked + 2]).toMatchObject({ method: 'thread/status/changed', params: { threadId: rootId, status: { type: 'active', activeFlags: [] } } });

  // Goal notices name the root's turn; the completed goal counted nothing of the turn that set it.
  const goals = received.filter((m) => m.method === 'thread/goal/updated');
  expect(goals.map((m) => [p(m).turnId, (m.params as { goal: { status: string; tokensUsed: number } }).goal.status, (m.params as { goal: { tokensUsed: number } }).goal.tokensUsed])).toEqual([
    [rootTurn, 'active', 0],
    [rootTurn, 'complete', 0],
  ]);

  const schema = new AuthoritySchema0169();
  for (const m of received.filter((x) => x.method !== undefined)) expect(schema.problem(m as { method: string; params: Record<string, unknown> }, () => undefined), JSON.stringify(m)).toBe('');
}, 120_000);
