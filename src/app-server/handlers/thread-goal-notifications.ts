// Every change of a goal of a thread loaded on this connection (by thread/goal/*, or by the model's
// goal tools during a turn) is told to the client: thread/goal/updated with the goal, or
// thread/goal/cleared, naming the thread's running turn when there is one (a change made by the
// model, or the turn's usage counted at its end), as Codex 0.169 does. Returns the unsubscribe.
import type { GoalStore } from '../../tools/goals/goal-store.js';
import { protocolGoal } from './thread-goal-params.js';

/** What the notifier needs of the connection (not the whole server context: it is opened there). */
export interface GoalNotifyTarget {
  readonly base: { readonly goals: GoalStore };
  notifyAny(method: string, params: Record<string, unknown>): void;
  /** The turn the thread runs now, if it is loaded and running one. */
  runningTurnOf?(threadId: string): string | undefined;
}

export function notifyGoalChanges(ctx: GoalNotifyTarget): () => void {
  return ctx.base.goals.onChange(({ threadId, goal }) => {
    if (goal === null) ctx.notifyAny('thread/goal/cleared', { threadId });
    else ctx.notifyAny('thread/goal/updated', { threadId, turnId: ctx.runningTurnOf?.(threadId) ?? null, goal: protocolGoal(goal) });
  });
}
