// update_goal's `completionBudgetReport` (Codex 0.169): present when a goal is completed and has
// usage to report — a token budget, or time spent on it — and null otherwise (the real binary answers
// null for a goal completed without a budget in the same second it was created).
import { afterEach, describe, expect, it } from 'vitest';
import { GoalStore, goalsDbPath } from '../../../src/tools/goals/goal-store.js';
import { createGoal, updateGoal } from '../../../src/tools/goals/goal-tools.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const THREAD = '01a22347-e125-7b21-9c3a-241bb6f088c1';
afterEach(removeTempDirs);

async function completed(budget: number | undefined, secondsSpent: number): Promise<unknown> {
  let now = 1_795_888_243_000;
  const store = new GoalStore(goalsDbPath(await tempDir('weft-goals-'), {}), () => now);
  const ctx = { ...execToolContext({ cwd: '/' }), goals: { threadId: THREAD, store } };
  await createGoal(toolCall('create_goal', { objective: 'Count', ...(budget !== undefined ? { token_budget: budget } : {}) }), ctx);
  now += secondsSpent * 1000;
  store.account(THREAD, 10);
  store.settle(THREAD);
  const answer = JSON.parse((await updateGoal(toolCall('update_goal', { status: 'complete' }), ctx)).output as string) as { completionBudgetReport: unknown };
  store.close();
  return answer.completionBudgetReport;
}

describe('the completion report of update_goal', () => {
  it('is null for a goal without a budget completed before a second was spent', async () => {
    expect(await completed(undefined, 0)).toBeNull();
  });

  it('is given for a goal without a budget that took time', async () => {
    expect(await completed(undefined, 3)).toBe(weftToolTexts.goals.completionReport());
  });

  it('is given for a goal with a token budget, however quick', async () => {
    expect(await completed(5000, 0)).toBe(weftToolTexts.goals.completionReport());
  });
});
