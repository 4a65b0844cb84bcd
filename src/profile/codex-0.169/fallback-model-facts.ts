// Codex 0.169's description of a model its catalog lacks (learned from its source and the app-server
// recordings, which use such a slug): a reasoning summary of `auto` with no effort, no verbosity,
// parallel calls as every direct-tools model of this generation, no apply_patch tool, tool output
// cut at 10,000 bytes, a 272,000-token window of which 95% is usable, and the v1 agent tools.
import type { FallbackModelFacts } from '../../config/fallback-model.js';

export const FALLBACK_MODEL_0169: FallbackModelFacts = {
  description: null,
  default_reasoning_level: null,
  supported_reasoning_levels: [],
  shell_type: 'unified_exec',
  visibility: 'none',
  supported_in_api: true,
  priority: 99,
  upgrade: null,
  model_messages: null,
  include_skills_usage_instructions: false,
  default_reasoning_summary: 'auto',
  support_verbosity: false,
  default_verbosity: null,
  apply_patch_tool_type: null,
  truncation_policy: { mode: 'bytes', limit: 10_000 },
  supports_parallel_tool_calls: true,
  context_window: 272_000,
  auto_compact_token_limit: null,
  effective_context_window_percent: 95,
  experimental_supported_tools: [],
  supports_search_tool: false,
  use_responses_lite: false,
  node_repl_auto_review_required: false,
  node_repl_disabled: false,
};
