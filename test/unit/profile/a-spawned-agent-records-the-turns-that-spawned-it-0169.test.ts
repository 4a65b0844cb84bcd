// A spawned agent's rollout names the turns it works for, as Codex 0.169 records them (found by
// comparing both engines' rollouts line by line, test/conformance/cross-team-requests-codex-0.169):
// its task_started is attributed to the parent's turn and the parent's path, every turn line names
// the root's turn as root, its usage records the team's root session; a message between agents is
// recorded with the turn that received it and the collaboration tools as provenance of each part;
// a turn's task_complete says how long its first output took.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { collaborationCallReply, agentOf, respondByAgent, startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Line = { type: string; payload: Record<string, unknown> & { type?: string } };
const linesOf = async (file: string): Promise<Line[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

it('a child records its spawning turns, its root session, and its messages as the collaboration tools wrote them (codex-0.169)', async () => {
  const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'c1'), collaborationCallReply('wait_agent', { timeout_ms: 10000 }, 'c2'), textReply('all done')];
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')] }, () => textReply('extra')) });
  const home = await tempDir('weft-agents-rollout-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
  const thread = await weft.startThread();
  await thread.run('delegate');
  await thread.close();

  const childReq = mock.requests.find((r) => agentOf(r).agent === '/root/alpha') as CapturedRequest;
  const childId = agentOf(childReq).threadId as string;
  const rootLines = await linesOf(await weft.locate(thread.id));
  const rootTurn = rootLines.find((l) => l.payload.type === 'task_started')?.payload.turn_id;
  const child = await linesOf(await weft.locate(childId));
  const started = child.find((l) => l.payload.type === 'task_started')?.payload as { turn_id: string; root_turn_id: string; turn_attribution: Record<string, unknown> };
  expect(started.root_turn_id).toBe(rootTurn);
  expect(started.turn_attribution).toEqual({ turn_id: started.turn_id, turn_trigger: null, parent_turn_id: rootTurn, initiating_agent_path: '/root', root_turn_id: rootTurn });
  expect(child.find((l) => l.type === 'turn_context')?.payload.root_turn_id).toBe(rootTurn);
  expect(child.find((l) => l.type === 'token_usage_record')?.payload).toMatchObject({ thread_id: childId, session_id: thread.id, root_turn_id: rootTurn });
  const complete = child.find((l) => l.payload.type === 'task_complete')?.payload as Record<string, unknown>;
  expect(complete.root_turn_id).toBe(rootTurn);
  expect(Object.keys(complete).slice(-2)).toEqual(['duration_ms', 'time_to_first_token_ms']);
  expect(complete.time_to_first_token_ms as number).toBeLessThanOrEqual(complete.duration_ms as number);

  // The task as the child recorded it; the answer as the root recorded it.
  const task = child.find((l) => l.payload.type === 'agent_message')?.payload;
  expect(task?.internal_chat_message_metadata_passthrough).toEqual({
    turn_id: started.turn_id,
    create_time: expect.any(Number),
    content_item_metadata: [{ provenance: { type: 'tool', namespace: 'collaboration' } }, { provenance: { type: 'tool', namespace: 'collaboration' } }],
  });
  const answer = rootLines.find((l) => l.payload.type === 'agent_message')?.payload;
  expect(answer?.internal_chat_message_metadata_passthrough).toMatchObject({ turn_id: rootTurn, content_item_metadata: [{ provenance: { type: 'tool', namespace: 'collaboration' } }] });
  // The root's own turn names no spawning.
  expect(rootLines.find((l) => l.payload.type === 'task_started')?.payload.turn_attribution).toMatchObject({ parent_turn_id: null, initiating_agent_path: null });
  // Sent to a provider that is not the built-in one, an agent message carries none of that metadata.
  const sent = (childReq.body as { input: Record<string, unknown>[] }).input.find((i) => i.type === 'agent_message');
  expect(sent).not.toHaveProperty('internal_chat_message_metadata_passthrough');
}, 60_000);
