// The params of Codex 0.169's thread/goal/set, thread/goal/get and thread/goal/clear, and the goal
// as its answers and notifications carry it (ThreadGoal: camelCase, times in seconds).
import { z } from 'zod';
import { goalView, type ThreadGoal } from '../../tools/goals/thread-goal.js';
import { parseParams } from '../rpc-errors.js';

export const GoalStatusParam = z.enum(['active', 'paused', 'blocked', 'usageLimited', 'budgetLimited', 'complete']);
const Origin = z.enum(['user', 'automatic']).nullable().optional();

export const ThreadGoalSetParams = z.object({
  threadId: z.string(),
  objective: z.string().nullable().optional(),
  status: GoalStatusParam.nullable().optional(),
  tokenBudget: z.number().int().nullable().optional(),
  origin: Origin,
});
export const ThreadGoalGetParams = z.object({ threadId: z.string() });
export const ThreadGoalClearParams = z.object({ threadId: z.string(), origin: Origin });

/** ThreadGoal of the protocol: the tools' view with the budget always present (null without one). */
export function protocolGoal(goal: ThreadGoal): Record<string, unknown> {
  // Codex 0.169's order: the budget (null without one) right after the status.
  const { threadId, objective, status, tokensUsed, timeUsedSeconds, createdAt, updatedAt } = goalView(goal);
  return { threadId, objective, status, tokenBudget: goal.tokenBudget, tokensUsed, timeUsedSeconds, createdAt, updatedAt };
}

/** The params checked against `schema` (the method's error wording when they do not fit). */
export function goalParams<T extends z.ZodType>(method: string, schema: T, raw: unknown): z.infer<T> {
  return parseParams(method, schema, raw) as z.infer<T>;
}
