// Every change of a goal of a thread loaded on this connection (by thread/goal/*, or by the model's
// goal tools during a turn) is told to the client: thread/goal/updated with the goal, or
// thread/goal/cleared. Returns the unsubscribe.
import type { ServerContext } from '../server-context.js';
import { protocolGoal } from './thread-goal-params.js';

export function notifyGoalChanges(ctx: ServerContext): () => void {
  return ctx.base.goals.onChange(({ threadId, goal }) => {
    if (goal === null) ctx.notifyAny('thread/goal/cleared', { threadId });
    else ctx.notifyAny('thread/goal/updated', { threadId, turnId: null, goal: protocolGoal(goal) });
  });
}
