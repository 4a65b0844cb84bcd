// thread/goal/set (Codex 0.169): sets the thread's goal — a new active goal when the thread has none
// (or its goal is complete and an objective is given), else the fields given on the goal it has —
// answers with the goal, and notifies thread/goal/updated (the store's listener, goal-notifications.ts).
// A loaded thread records the goal set in its rollout (Codex 0.169's thread_goal_updated line; the
// goal tools' changes are not recorded there).
// An active goal on a loaded thread that runs nothing starts a continuation turn then, as Codex does.
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import { statusFromView } from '../../tools/goals/thread-goal.js';
import type { HandlerResult } from './handler.js';
import { ThreadGoalSetParams, goalParams, protocolGoal } from './thread-goal-params.js';

export async function threadGoalSet(ctx: ServerContext, raw: unknown): Promise<HandlerResult> {
  const params = goalParams('thread/goal/set', ThreadGoalSetParams, raw);
  const threadId = validThreadId(params.threadId);
  const store = ctx.base.goals;
  const current = store.get(threadId);
  const objective = params.objective?.trim();
  if (objective !== undefined && objective === '') throw rpcError.invalidField('objective', 'a goal needs an objective with some text in it');
  if (params.tokenBudget !== undefined && params.tokenBudget !== null && params.tokenBudget <= 0) throw rpcError.invalidField('tokenBudget', 'a token budget must be above zero');
  const status = params.status === undefined || params.status === null ? undefined : statusFromView(params.status);
  if (current === null || (current.status === 'complete' && objective !== undefined)) {
    if (objective === undefined) throw rpcError.invalidRequest(`thread ${threadId} has no goal: give an objective to set one`);
    const created = store.create(threadId, objective, params.tokenBudget ?? null);
    const goal = status !== undefined && status !== 'active' ? store.update(threadId, { status }) ?? created : created;
    await ctx.loaded.get(threadId)?.thread.recordGoalSet(goal);
    return withGoalTurn(ctx, threadId, { result: { goal: protocolGoal(goal) } });
  }
  const goal = store.update(threadId, {
    ...(objective !== undefined ? { objective } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(params.tokenBudget !== undefined ? { tokenBudget: params.tokenBudget } : {}),
  });
  if (goal === null) throw rpcError.invalidRequest(`thread ${threadId} has no goal`);
  await ctx.loaded.get(threadId)?.thread.recordGoalSet(goal);
  return withGoalTurn(ctx, threadId, { result: { goal: protocolGoal(goal) } });
}

/** An active goal on a loaded, idle thread is worked on at once: its continuation turn starts after the answer. */
function withGoalTurn(ctx: ServerContext, threadId: string, answer: HandlerResult): HandlerResult {
  const after = ctx.loaded.get(threadId)?.goalTurnIfIdle();
  return after === undefined ? answer : { ...answer, after };
}
