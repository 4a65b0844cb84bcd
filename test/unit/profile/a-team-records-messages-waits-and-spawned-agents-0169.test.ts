// What Codex 0.169 writes in a team's rollouts beside the items the model sees (found by comparing
// both engines' rollouts, test/conformance/cross-team-requests-codex-0.169): before each message
// another agent sends a thread, an `inter_agent_communication_metadata` line saying whether it is
// one that starts a turn (a task: true; an answer: false); for a wait_agent call that
// ended, a `CollabAgentToolCall` item (tool `wait`) after the activity it saw and before its output;
// and at the sampling after a spawn, a partial `world_state` naming the thread's spawned agents.
// A rollout holding those lines resumes (the reader accepts them and the history leaves them out).
// The agents listed are the thread's own children, not theirs (the real Codex 0.169 on a grandchild).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { collaborationCallReply, agentOf, respondByAgent, startMockResponsesServer, textReply, type CapturedRequest, type MockReply, type MockServer } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Line = { type: string; payload: Record<string, unknown> & { type?: string; item?: Record<string, unknown> } };
const linesOf = async (file: string): Promise<Line[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

/** A line's kind: its type, with the payload's type (and an item's type) for items and events. */
const kind = (l: Line): string => {
  if (l.type === 'response_item') return `${String(l.payload.type)}${typeof l.payload.call_id === 'string' ? ` ${l.payload.call_id}` : ''}`;
  if (l.type === 'event_msg') return l.payload.type === 'item_completed' ? `item_completed:${String(l.payload.item?.type)}` : String(l.payload.type);
  if (l.type === 'inter_agent_communication_metadata') return `${l.type} ${String(l.payload.trigger_turn)}`;
  return l.type;
};

async function teamSession(home: string): Promise<{ weft: Weft; rootId: string; childIds: string[] }> {
  // Alpha answers only once the root waits, so its answer reaches the root during the wait.
  let rootWaits!: () => void;
  const waiting = new Promise<void>((resolve) => (rootWaits = resolve));
  const root = [
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'c_spawn_a'),
    collaborationCallReply('spawn_agent', { task_name: 'beta', message: 'count to two', fork_turns: 'none' }, 'c_spawn_b'),
    collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'c_wait'),
    textReply('all done'),
  ];
  const rootScript = (_req: CapturedRequest, n: number): MockReply => {
    if (n === 2) rootWaits();
    return root[n] ?? textReply('extra');
  };
  const alpha = (): MockReply => ({ ...textReply('one two three'), pause: { after: 0, until: waiting } });
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': rootScript, '/root/alpha': alpha, '/root/beta': [textReply('one two')] }, () => textReply('extra')) });
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
  const thread = await weft.startThread();
  await thread.run('delegate');
  await thread.close();
  const childIds = ['/root/alpha', '/root/beta'].map((p) => agentOf(mock?.requests.find((r) => agentOf(r).agent === p) as CapturedRequest).threadId as string);
  return { weft, rootId: thread.id, childIds };
}

it('a team under codex-0.169 records its messages, its waits and its spawned agents as Codex does', async () => {
  const home = await tempDir('weft-team-lines-');
  const { weft, rootId, childIds } = await teamSession(home);
  const root = await linesOf(await weft.locate(rootId));
  const kinds = root.map(kind);

  // After each spawn, the next sampling records the agents spawned so far, as a patch.
  const partial = root.filter((l) => l.type === 'world_state' && l.payload.full === false).map((l) => l.payload.state);
  expect(partial).toEqual([{ environments: { subagents: '<agent name="/root/alpha" />' } }, { environments: { subagents: '<agent name="/root/alpha" />\n<agent name="/root/beta" />' } }]);
  const afterSpawn = kinds.indexOf('function_call_output c_spawn_a');
  expect(kinds.slice(afterSpawn, afterSpawn + 4)).toEqual(['function_call_output c_spawn_a', 'token_count', 'world_state', 'function_call c_spawn_b']);

  // The wait: the completion it saw, its own item, then its output; alpha's answer after, marked as not starting a turn.
  const wait = kinds.indexOf('function_call c_wait');
  const waited = kinds.slice(wait, kinds.indexOf('function_call_output c_wait') + 1).filter((k) => k.startsWith('item_completed') || k.startsWith('function_call_output'));
  expect(waited.slice(-2)).toEqual(['item_completed:CollabAgentToolCall', 'function_call_output c_wait']);
  expect(waited).toContain('item_completed:SubAgentActivity');
  const item = root.find((l) => l.payload.item?.type === 'CollabAgentToolCall');
  expect(item?.payload.item).toEqual({ type: 'CollabAgentToolCall', id: 'c_wait', tool: 'wait', status: 'completed', sender_thread_id: rootId, receiver_thread_ids: [], receiver_agents: [], agents_states: {} });
  expect(item?.payload.started_at_ms as number).toBeLessThanOrEqual(item?.payload.completed_at_ms as number);
  const answer = kinds.indexOf('agent_message');
  expect(kinds[answer - 1]).toBe('inter_agent_communication_metadata false');

  // Each child: its task, marked as starting a turn; having spawned nobody, no partial world_state.
  for (const id of childIds) {
    const child = (await linesOf(await weft.locate(id))).map(kind);
    expect(child.filter((k) => k.startsWith('inter_agent') || k === 'agent_message')).toEqual(['inter_agent_communication_metadata true', 'agent_message']);
    expect(child.filter((k) => k === 'world_state')).toHaveLength(1);
  }

  // The root resumes from that rollout: its history holds the answer, no line was refused.
  const again = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
  const resumed = await again.resumeThread(rootId);
  expect(resumed.history.filter((i) => i.type === 'agent_message')).toHaveLength(1);
  expect(again.takeWarnings(resumed)).toEqual([]);
  await resumed.close();
}, 60_000);

it('a thread lists only the agents it spawned itself, not theirs (codex-0.169)', async () => {
  const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'delegate further', fork_turns: 'none' }, 'r1'), collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'r2'), textReply('done')];
  const alpha = [collaborationCallReply('spawn_agent', { task_name: 'x', message: 'count', fork_turns: 'none' }, 'a1'), collaborationCallReply('wait_agent', { timeout_ms: 60000 }, 'a2'), textReply('alpha done')];
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root, '/root/alpha': alpha, '/root/alpha/x': [textReply('x done')] }, () => textReply('extra')) });
  const home = await tempDir('weft-team-lines-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
  const thread = await weft.startThread();
  await thread.run('delegate');
  await thread.close();
  const alphaId = agentOf(mock.requests.find((r) => agentOf(r).agent === '/root/alpha') as CapturedRequest).threadId as string;
  const partials = async (id: string) => (await linesOf(await weft.locate(id))).filter((l) => l.type === 'world_state' && l.payload.full === false).map((l) => l.payload.state);
  // The root sampled again after x was spawned (its wait ended with alpha's answer): still alpha alone.
  expect(await partials(thread.id)).toEqual([{ environments: { subagents: '<agent name="/root/alpha" />' } }]);
  expect(await partials(alphaId)).toEqual([{ environments: { subagents: '<agent name="/root/alpha/x" />' } }]);
}, 60_000);
