// thread/goal/get (Codex 0.169): the thread's goal, or null, from the home's goal store (the goal
// the model's tools and Codex itself see).
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { ThreadGoalGetParams, goalParams, protocolGoal } from './thread-goal-params.js';

export async function threadGoalGet(ctx: ServerContext, raw: unknown): Promise<HandlerResult> {
  const params = goalParams('thread/goal/get', ThreadGoalGetParams, raw);
  const goal = ctx.base.goals.get(validThreadId(params.threadId));
  return { result: { goal: goal === null ? null : protocolGoal(goal) } };
}
