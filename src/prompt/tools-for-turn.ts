// The tools array of a request: the pack's tools, with web search as the thread's mode says (left
// out when disabled, live access on when live; by default live only when the sandbox is
// danger-full-access; the stored value is off), and without apply_patch for a
// model whose entry says it has no patch tool (`apply_patch_tool_type: null`, Codex's fallback
// entry): such a model edits files through the shell.
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { webSearchMode, type WebSearchMode } from '../config/web-search-mode.js';
import { APPLY_PATCH_TOOL_NAME } from '../tools/apply-patch/apply-patch-tool.js';

export function toolsForTurn(
  packTools: readonly ToolSpec[],
  settings: { readonly sandbox: SandboxPolicy; readonly model: ModelInfo; readonly webSearch?: WebSearchMode | undefined },
): ToolSpec[] {
  const mode = webSearchMode(settings.webSearch, settings.sandbox);
  const live = mode === 'live' || mode === 'indexed';
  const noPatchTool = settings.model.apply_patch_tool_type === null;
  return packTools
    .filter((tool) => !(noPatchTool && tool.name === APPLY_PATCH_TOOL_NAME))
    .filter((tool) => !(mode === 'disabled' && tool.type === 'web_search'))
    .map((tool) =>
      tool.type === 'web_search' && 'external_web_access' in tool
        ? { ...tool, external_web_access: live, ...(mode === 'indexed' ? { indexed_web_access: true } : {}) }
        : tool,
    );
}
