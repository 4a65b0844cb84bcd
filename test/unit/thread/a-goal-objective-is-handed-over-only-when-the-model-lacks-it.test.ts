// Codex 0.169 hands a goal's objective to the model (a call-less `goal_objective` output) only when
// the history it sends does not already end its goal context with that objective: the first
// continuation turn of a goal carries it, the next ones of the same goal do not (as the real binary's
// requests show), and a changed objective is handed over again.
import { writeFile } from 'node:fs/promises';
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
}, 60_000);
