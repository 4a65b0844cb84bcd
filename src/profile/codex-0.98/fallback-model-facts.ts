// Codex 0.98's description of a model its catalog lacks (learned from its source and the app-server
// recordings, which use such a slug): no reasoning parameter, no parallel calls, no apply_patch
// tool, tool output cut at 10,000 bytes, and no known context window.
import type { FallbackModelFacts } from '../../config/fallback-model.js';

export const FALLBACK_MODEL_098: FallbackModelFacts = {
  description: null,
  default_reasoning_level: null,
  supported_reasoning_levels: [],
  shell_type: 'default',
  visibility: 'none',
  supported_in_api: true,
  priority: 99,
  upgrade: null,
  model_messages: null,
  supports_reasoning_summaries: false,
  support_verbosity: false,
  default_verbosity: null,
  apply_patch_tool_type: null,
  truncation_policy: { mode: 'bytes', limit: 10_000 },
  supports_parallel_tool_calls: false,
  context_window: null,
  auto_compact_token_limit: null,
  effective_context_window_percent: 95,
  experimental_supported_tools: [],
};
