// The `update_plan` tool: the model's task plan, a list of steps each pending, in progress or
// completed, with an optional explanation. weft keeps nothing of it beyond the call in the history;
// it reports the plan to whoever listens (library users, exec `todo_list` items, app-server
// `turn/plan/updated`) and answers with the pack's text.
import { z } from 'zod';
import { parseToolArguments } from './tool-arguments.js';
import { PlanStepStatus, type PlanUpdate } from './plan-update.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from './tool-context.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

export { PlanStepStatus, type PlanUpdate };

export const UPDATE_PLAN_TOOL_NAME = 'update_plan';

const UpdatePlanArgs = lazySchema(() =>
  z.object({
    explanation: z.string().nullish(),
    plan: z.array(z.object({ step: z.string(), status: PlanStepStatus })),
  }),
);

export const updatePlan: ToolHandler = async (call: ToolCall, ctx: ToolContext): Promise<ToolResult> => {
  const args = parseToolArguments(call, UpdatePlanArgs, ctx);
  if (!args.ok) return { output: args.output, success: false };
  ctx.onPlanUpdate?.({ callId: call.callId, explanation: args.value.explanation ?? null, plan: args.value.plan });
  return { output: ctx.texts.planUpdated(), success: true };
};
