// Codex 0.169 hands a goal's objective to the model (a call-less `goal_objective` output) only when
// the history it sends does not already end its goal context with that objective: the first
// continuation turn of a goal carries it, the next ones of the same goal do not (as the real binary's
// requests show, also after create_goal gave it), and a changed objective is handed over again. A
// continuation turn is recorded as started by the goal alone, its message as the goal's context.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { Weft } from '../../../src/engine/weft.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { continuationItems, objectiveContext, objectiveInContext } from '../../../src/tools/goals/thread-goal.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

const said = (text: string): ResponseItem => ({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });

describe('the objective as context', () => {
  it('is in context when the last goal_objective of the history holds it, and only then', () => {
    expect(objectiveInContext([], 'Count')).toBe(false);
    expect(objectiveInContext([objectiveContext('Count'), said('one')], 'Count')).toBe(true);
    expect(objectiveInContext([objectiveContext('Count'), said('one'), objectiveContext('Sing')], 'Count')).toBe(false);
    // A tool output of another name is no objective.
    expect(objectiveInContext([{ type: 'function_call_output', call_id: 'c', output: 'Count' }], 'Count')).toBe(false);
  });

  it('opens a continuation turn only when the model lacks it', () => {
    expect(continuationItems([], 'Count', 'go on').map((i) => i.type)).toEqual(['function_call_output', 'message']);
    expect(continuationItems([objectiveContext('Count')], 'Count', 'go on').map((i) => i.type)).toEqual(['message']);
  });
});

it('a library thread hands the objective over on the first continuation turn of a goal, not on the next', async () => {
  mock = await startMockResponsesServer({ respond: () => textReply('working') });
  const home = await tempDir('weft-goal-objective-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, CODEX_HOME: home }, cwd: home });
  const thread = await weft.startThread();
  // Each answer counts 240 tokens: the user's turn and two continuations spend the 720.
  weft.goals.create(thread.id, 'Keep working', 720);
  await thread.runWithGoal('go');
  await thread.close();
  const objectives = mock.requests
    .filter((r) => r.method === 'POST')
    .map((r) => ((r.body as { input: { type?: string; name?: string }[] }).input ?? []).filter((i) => i.type === 'function_call_output' && i.name === 'goal_objective').length);
  expect(objectives).toEqual([0, 1, 1]);

  // Each continuation is recorded as Codex 0.169 records one: started by the goal and by no turn
  // (its own root), its message written by the harness as the goal's internal context.
  const lines = (await readFile(await weft.locate(thread.id), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown> & { type?: string } });
  const goalTurns = lines.filter((l) => l.payload.type === 'task_started').slice(1);
  expect(goalTurns.map((l) => l.payload.turn_attribution)).toEqual(
    goalTurns.map((l) => ({ turn_id: l.payload.turn_id, turn_trigger: 'goal', parent_turn_id: null, initiating_agent_path: null, root_turn_id: l.payload.turn_id })),
  );
  const opensWithGoal = (l: (typeof lines)[number]): boolean => ((l.payload.content as { text?: string }[] | undefined)?.[0]?.text ?? '').startsWith('<codex_internal_context source="goal">');
  const contexts = lines.filter((l) => l.type === 'response_item' && l.payload.type === 'message' && l.payload.role === 'user' && opensWithGoal(l));
  expect(contexts).toHaveLength(2);
  expect(contexts.map((l) => l.payload.internal_chat_message_metadata_passthrough)).toEqual(
    contexts.map(() => expect.objectContaining({ content_item_kinds: ['goal.internal_context'], content_item_metadata: [{ provenance: { type: 'harness', hook: false } }] })),
  );
}, 60_000);
