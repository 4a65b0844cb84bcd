// thread/goal/get (Codex 0.169): the thread's goal, or null, from the home's goal store (the goal
// the model's tools and Codex itself see); "thread not found" for a thread neither loaded nor stored.
import { rpcError } from '../rpc-errors.js';
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { ThreadGoalGetParams, goalParams, protocolGoal } from './thread-goal-params.js';

export async function threadGoalGet(ctx: ServerContext, raw: unknown): Promise<HandlerResult> {
  const params = goalParams('thread/goal/get', ThreadGoalGetParams, raw);
  const id = validThreadId(params.threadId);
  if (!ctx.loaded.has(id) && !(await ctx.base.store.find(id))) throw rpcError.invalidRequest(`thread not found: ${id}`);
  const goal = ctx.base.goals.get(id);
  return { result: { goal: goal === null ? null : protocolGoal(goal) } };
}
