// The tools a review thread is offered: the thread's usual ones but those Codex leaves out of a
// review (recorded from Codex 0.169's review request): no plan, no goals, no web search and no
// collaboration with other agents. The reviewer reads the code with the shell and looks at images.
import type { ToolSpec } from '../../protocol/responses-request.js';
import { CREATE_GOAL_TOOL_NAME, GET_GOAL_TOOL_NAME, UPDATE_GOAL_TOOL_NAME } from '../tools/goals/goal-tools.js';
import { UPDATE_PLAN_TOOL_NAME } from '../tools/update-plan.js';

const LEFT_OUT = new Set([UPDATE_PLAN_TOOL_NAME, GET_GOAL_TOOL_NAME, CREATE_GOAL_TOOL_NAME, UPDATE_GOAL_TOOL_NAME]);

function leftOut(tool: ToolSpec): boolean {
  if (tool.type === 'web_search') return true;
  const name = 'name' in tool && typeof tool.name === 'string' ? tool.name : undefined;
  return name !== undefined && (LEFT_OUT.has(name) || name.startsWith('multi_agent'));
}

export function reviewTools(tools: readonly ToolSpec[]): ToolSpec[] {
  return tools.filter((tool) => !leftOut(tool));
}
