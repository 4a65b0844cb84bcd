// Over the app-server, a message or task one agent delivers to another, and an interrupt, are
// reported on the caller's turn as the real Codex 0.169 reports them (provoked with the binary on
// the same script): a `subAgentActivity` item started and completed at once, with the call's id,
// kind `interacted` (send_message, followup_task) or `interrupted` (interrupt_agent), the target's
// thread and path, and no model or effort; each passes the 0.169 schema.
import { afterEach, expect, it } from 'vitest';
import { collaborationCallReply, respondByAgent, startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';
import { driveTeamSession, teamWorkspace, weftAppServer, type Msg } from '../../support/team-session.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

it('send_message and followup_task are interacted, interrupt_agent interrupted, on the caller’s turn (codex-0.169)', async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  const root = [
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'call_spawn_a'),
    collaborationCallReply('send_message', { target: 'alpha', message: 'count slowly' }, 'call_send'),
    collaborationCallReply('followup_task', { target: 'alpha', message: 'then count to five' }, 'call_follow'),
    collaborationCallReply('interrupt_agent', { target: 'alpha' }, 'call_int'),
    textReply('done'),
  ];
  // Alpha stays busy until the test ends, so that the interrupt finds it running.
  mock = await startMockResponsesServer({
    respond: respondByAgent({ '/root': root, '/root/alpha': (_req, n) => (n === 0 ? { ...textReply('one'), pause: { after: 1, until: held } } : textReply('later')) }, () => textReply('nothing more')),
  });
  const ws = await teamWorkspace(mock.url, 'codex-0.169');
  const t = weftAppServer(ws);
  let received: Msg[];
  try {
    received = await driveTeamSession(t, ws.cwd);
  } finally {
    release();
    await t.close();
  }
  const rootId = (received.find((m) => m.method === 'thread/started')?.params as { thread: { id: string } }).thread.id;
  const turnId = (received.find((m) => m.method === 'turn/started' && (m.params as { threadId: string }).threadId === rootId)?.params as { turn: { id: string } }).turn.id;
  const activity = received.filter((m) => (m.method === 'item/started' || m.method === 'item/completed') && (m.params as { item: { type: string } }).item.type === 'subAgentActivity');
  const onRoot = activity.filter((m) => !(m.params as { item: { id: string } }).item.id.startsWith('subagent-completed-'));
  const alpha = (onRoot[0]?.params as { item: { agentThreadId: string } }).item.agentThreadId;
  expect(onRoot.map((m) => [m.method, (m.params as { item: { id: string; kind: string } }).item.id, (m.params as { item: { kind: string } }).item.kind])).toEqual([
    ['item/started', 'call_spawn_a', 'started'],
    ['item/completed', 'call_spawn_a', 'started'],
    ['item/started', 'call_send', 'interacted'],
    ['item/completed', 'call_send', 'interacted'],
    ['item/started', 'call_follow', 'interacted'],
    ['item/completed', 'call_follow', 'interacted'],
    ['item/started', 'call_int', 'interrupted'],
    ['item/completed', 'call_int', 'interrupted'],
  ]);
  for (const m of onRoot.slice(2)) {
    expect(m.params).toMatchObject({ threadId: rootId, turnId, item: { type: 'subAgentActivity', model: null, reasoningEffort: null, agentThreadId: alpha, agentPath: '/root/alpha' } });
  }
  const schema = new AuthoritySchema0169();
  for (const m of onRoot) expect(schema.problem({ method: m.method as string, params: m.params as Record<string, unknown> }, () => undefined)).toBe('');
}, 60_000);
