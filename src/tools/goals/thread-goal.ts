// A thread's goal as Codex 0.169 keeps it (one per thread: objective, status, token budget and usage,
// time), and the object its goal tools and the app-server show for it. Plain data; the store
// (goal-store.ts) keeps it in the home where Codex keeps it.
import { z } from 'zod';
import { lazySchema } from '../../../protocol/lazy-schema.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';

/** The statuses of Codex's `thread_goals.status` column. */
export const GOAL_STATUSES = ['active', 'paused', 'blocked', 'usage_limited', 'budget_limited', 'complete'] as const;
export const GoalStatus = lazySchema(() => z.enum(GOAL_STATUSES));
export type GoalStatus = z.infer<typeof GoalStatus>;

export interface ThreadGoal {
  threadId: string;
  goalId: string;
  objective: string;
  status: GoalStatus;
  tokenBudget: number | null;
  tokensUsed: number;
  timeUsedSeconds: number;
  createdAtMs: number;
  updatedAtMs: number;
}

/** The objective as context: a call-less `goal_objective` output in namespace `agent`, as Codex records it. */
export function objectiveContext(objective: string): ResponseItem {
  return { type: 'function_call_output', name: 'goal_objective', namespace: 'agent', output: objective };
}

/**
 * Whether the model already has this objective as context: the last `goal_objective` output of the
 * history it is sent holds it. Codex 0.169 keeps the objective as context the model has seen, and
 * hands it over again only when it is not there (a first continuation, a changed objective, a
 * history compacted without it): the real binary's second and later continuation turns of one goal
 * carry no `goal_objective`.
 */
export function objectiveInContext(history: readonly ResponseItem[], objective: string): boolean {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as { type?: string; name?: string; namespace?: string; output?: unknown };
    if (item.type === 'function_call_output' && item.name === 'goal_objective' && item.namespace === 'agent') return item.output === objective;
  }
  return false;
}

/**
 * The items a goal's continuation turn opens with, as Codex 0.169 sends them: the objective as
 * context unless the history already holds it (`objectiveInContext`), then a user message framed as
 * Codex's internal goal context, holding the pack's `text`.
 */
export function continuationItems(history: readonly ResponseItem[], objective: string, text: string): ResponseItem[] {
  return [
    ...(objectiveInContext(history, objective) ? [] : [objectiveContext(objective)]),
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: `<codex_internal_context source="goal">\n${text}\n\n</codex_internal_context>` }] },
  ];
}

/** The goal as the tools and the app-server show it (camelCase, times in seconds, no budget key without a budget). */
export interface GoalView {
  threadId: string;
  objective: string;
  status: GoalStatusView;
  tokenBudget?: number;
  tokensUsed: number;
  timeUsedSeconds: number;
  createdAt: number;
  updatedAt: number;
}

/** A status as the tools and the app-server spell it (camelCase). */
export type GoalStatusView = 'active' | 'paused' | 'blocked' | 'usageLimited' | 'budgetLimited' | 'complete';

export function statusView(status: GoalStatus): GoalStatusView {
  if (status === 'usage_limited') return 'usageLimited';
  if (status === 'budget_limited') return 'budgetLimited';
  return status;
}

export function statusFromView(status: GoalStatusView): GoalStatus {
  if (status === 'usageLimited') return 'usage_limited';
  if (status === 'budgetLimited') return 'budget_limited';
  return status;
}

export function goalView(goal: ThreadGoal): GoalView {
  return {
    threadId: goal.threadId,
    objective: goal.objective,
    status: statusView(goal.status),
    ...(goal.tokenBudget !== null ? { tokenBudget: goal.tokenBudget } : {}),
    tokensUsed: goal.tokensUsed,
    timeUsedSeconds: goal.timeUsedSeconds,
    createdAt: Math.floor(goal.createdAtMs / 1000),
    updatedAt: Math.floor(goal.updatedAtMs / 1000),
  };
}

/** Tokens left under the budget (never below 0), or null without a budget. */
export function remainingTokens(goal: ThreadGoal): number | null {
  return goal.tokenBudget === null ? null : Math.max(0, goal.tokenBudget - goal.tokensUsed);
}

/** A goal that is not finished: a new one cannot be created beside it. */
export function isUnfinished(goal: ThreadGoal): boolean {
  return goal.status !== 'complete';
}

/** Usage of one model response, as a goal counts it: new input (not cached) and output. */
export function goalTokensOf(usage: { input_tokens: number; cached_input_tokens?: number | undefined; output_tokens: number }): number {
  return Math.max(0, usage.input_tokens - (usage.cached_input_tokens ?? 0)) + usage.output_tokens;
}
