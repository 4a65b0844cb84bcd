// thread/goal/clear (Codex 0.169): removes the thread's goal; answers whether there was one, and
// notifies thread/goal/cleared when there was (the store's listener, goal-notifications.ts).
import { validThreadId, type ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { ThreadGoalClearParams, goalParams } from './thread-goal-params.js';

export async function threadGoalClear(ctx: ServerContext, raw: unknown): Promise<HandlerResult> {
  const params = goalParams('thread/goal/clear', ThreadGoalClearParams, raw);
  return { result: { cleared: ctx.base.goals.clear(validThreadId(params.threadId)) } };
}
