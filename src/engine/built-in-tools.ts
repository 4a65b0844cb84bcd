// The tools weft runs for the model, registered once per engine: the shell and patch tools always,
// the generation's other tools only when a request offered them (otherwise the model's call is
// answered as unsupported, as Codex answers a tool it did not offer).
import { COLLABORATION_HANDLERS, COLLABORATION_TOOL_NAMES } from '../tools/agents/collaboration-tools.js';
import { REQUEST_USER_INPUT_TOOL_NAME, requestUserInput } from '../tools/user-input/request-user-input.js';
import { CREATE_GOAL_TOOL_NAME, GET_GOAL_TOOL_NAME, UPDATE_GOAL_TOOL_NAME, createGoal, getGoal, updateGoal } from '../tools/goals/goal-tools.js';
import { createExecCommandHandler, EXEC_COMMAND_TOOL_NAME } from '../tools/unified-exec/exec-command-tool.js';
import { APPLY_PATCH_TOOL_NAME, applyPatchTool } from '../tools/apply-patch/apply-patch-tool.js';
import { interceptShellPatch } from '../tools/apply-patch/shell-patch.js';
import { writeStdin, WRITE_STDIN_TOOL_NAME } from '../tools/unified-exec/write-stdin.js';
import { updatePlan, UPDATE_PLAN_TOOL_NAME } from '../tools/update-plan.js';
import { viewImage, VIEW_IMAGE_TOOL_NAME } from '../tools/view-image.js';
import type { ToolRegistry } from '../tools/tool-registry.js';

export function registerBuiltInTools(tools: ToolRegistry): void {
  tools.register(EXEC_COMMAND_TOOL_NAME, interceptShellPatch(createExecCommandHandler()));
  tools.register(APPLY_PATCH_TOOL_NAME, applyPatchTool);
  tools.register(WRITE_STDIN_TOOL_NAME, writeStdin, { whenOffered: true });
  tools.register(UPDATE_PLAN_TOOL_NAME, updatePlan, { whenOffered: true });
  tools.register(VIEW_IMAGE_TOOL_NAME, viewImage, { whenOffered: true });
  tools.register(CREATE_GOAL_TOOL_NAME, createGoal, { whenOffered: true });
  tools.register(GET_GOAL_TOOL_NAME, getGoal, { whenOffered: true });
  tools.register(UPDATE_GOAL_TOOL_NAME, updateGoal, { whenOffered: true });
  tools.register(REQUEST_USER_INPUT_TOOL_NAME, requestUserInput, { whenOffered: true });
  for (const name of COLLABORATION_TOOL_NAMES) tools.register(name, COLLABORATION_HANDLERS[name], { whenOffered: true });
}
