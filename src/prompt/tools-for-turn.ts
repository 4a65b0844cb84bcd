// The tools array of a request: the pack's tools, with web search's live access switched on only
// when the sandbox is danger-full-access (the stored value is off), and without apply_patch for a
// model whose entry says it has no patch tool (`apply_patch_tool_type: null`, Codex's fallback
// entry): such a model edits files through the shell.
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { APPLY_PATCH_TOOL_NAME } from '../tools/apply-patch/apply-patch-tool.js';

export function toolsForTurn(packTools: readonly ToolSpec[], settings: { readonly sandbox: SandboxPolicy; readonly model: ModelInfo }): ToolSpec[] {
  const live = settings.sandbox.type === 'danger-full-access';
  const noPatchTool = settings.model.apply_patch_tool_type === null;
  return packTools
    .filter((tool) => !(noPatchTool && tool.name === APPLY_PATCH_TOOL_NAME))
    .map((tool) => (tool.type === 'web_search' && 'external_web_access' in tool ? { ...tool, external_web_access: live } : tool));
}
