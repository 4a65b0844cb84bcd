// The three goal tools of Codex 0.169 (create_goal, get_goal, update_goal): each answers with the
// thread's goal as a JSON text (`goal`, `remainingTokens`, `completionBudgetReport`), or with a
// refusal the model can read. A created goal's objective is also handed to the model as context: an
// output without a call, named `goal_objective` in namespace `agent`, as Codex records it.
import { z } from 'zod';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from '../tool-context.js';
import type { GoalAccess } from './goal-store.js';
import { goalView, isUnfinished, objectiveContext, remainingTokens, type ThreadGoal } from './thread-goal.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const CREATE_GOAL_TOOL_NAME = 'create_goal';
export const GET_GOAL_TOOL_NAME = 'get_goal';
export const UPDATE_GOAL_TOOL_NAME = 'update_goal';

const CreateArgs = lazySchema(() => z.object({ objective: z.string(), token_budget: z.number().int().optional() }));
const UpdateArgs = lazySchema(() => z.object({ status: z.string() }));

/** The statuses update_goal may set; the others belong to the user or the system. */
const SETTABLE = new Set(['complete', 'blocked', 'paused']);

function answer(goal: ThreadGoal | null, report: string | null = null): string {
  return JSON.stringify({ goal: goal === null ? null : goalView(goal), remainingTokens: goal === null ? null : remainingTokens(goal), completionBudgetReport: report });
}

function refuse(output: string): ToolResult {
  return { output, success: false };
}

function access(ctx: ToolContext, call: ToolCall): GoalAccess {
  if (ctx.goals === undefined) throw new Error(`${call.name} has no goal store in this turn`);
  return ctx.goals;
}

export const createGoal: ToolHandler = async (call, ctx) => {
  const { threadId, store } = access(ctx, call);
  const args = CreateArgs.safeParse(JSON.parse(call.arguments));
  if (!args.success) return refuse(ctx.texts.invalidArguments(call.name, z.prettifyError(args.error)));
  const objective = args.data.objective.trim();
  if (objective === '') return refuse(ctx.texts.goals.emptyObjective());
  const budget = args.data.token_budget;
  if (budget !== undefined && budget <= 0) return refuse(ctx.texts.goals.badBudget());
  const current = store.get(threadId);
  if (current !== null && isUnfinished(current)) return refuse(ctx.texts.goals.unfinishedGoal());
  const goal = store.create(threadId, objective, budget ?? null);
  return { output: answer(goal), success: true, followUp: [objectiveContext(goal.objective)] };
};

export const getGoal: ToolHandler = async (call, ctx) => {
  const { threadId, store } = access(ctx, call);
  return { output: answer(store.get(threadId)), success: true };
};

export const updateGoal: ToolHandler = async (call, ctx) => {
  const { threadId, store } = access(ctx, call);
  const args = UpdateArgs.safeParse(JSON.parse(call.arguments));
  if (!args.success) return refuse(ctx.texts.invalidArguments(call.name, z.prettifyError(args.error)));
  const status = args.data.status;
  if (!SETTABLE.has(status)) return refuse(ctx.texts.goals.statusNotAllowed());
  // What this turn used so far is counted at its end, not now (the real Codex 0.169's answer shows
  // the usage of the turns before; a goal no longer active counts nothing more).
  const goal = store.get(threadId);
  if (goal === null) return refuse(ctx.texts.goals.noGoal());
  // A goal stopped by its budget or by usage limits stays so: those take precedence over the model.
  if (goal.status === 'budget_limited' || goal.status === 'usage_limited') return { output: answer(goal), success: true };
  const updated = store.update(threadId, { status: status as 'complete' | 'blocked' | 'paused' });
  // Codex 0.169 adds the report only when there is usage worth reporting: a token budget, or time spent.
  const report = status === 'complete' && updated !== null && (updated.tokenBudget !== null || updated.timeUsedSeconds > 0) ? ctx.texts.goals.completionReport() : null;
  return { output: answer(updated, report), success: true };
};
