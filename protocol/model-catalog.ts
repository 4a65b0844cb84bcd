// The model catalog entry, in Codex's ModelInfo JSON shape (a pack's models.json).
import { z } from 'zod';
import { ReasoningEffort, ReasoningSummary } from './responses-request.js';
import { lazySchema } from './lazy-schema.js';

export const TruncationPolicy = lazySchema(() =>
  z.object({
    mode: z.enum(['tokens', 'bytes']),
    limit: z.number().int().nonnegative(),
  }),
);
export type TruncationPolicy = z.infer<typeof TruncationPolicy>;

export const ReasoningLevelPreset = lazySchema(() => z.looseObject({ effort: ReasoningEffort, description: z.string().optional() }));

export const InstructionsVariables = lazySchema(() =>
  z.looseObject({
    personality_default: z.string().nullable().optional(),
    personality_friendly: z.string().nullable().optional(),
    personality_pragmatic: z.string().nullable().optional(),
  }),
);
export type InstructionsVariables = z.infer<typeof InstructionsVariables>;

export const ModelMessages = lazySchema(() =>
  z.looseObject({
    instructions_template: z.string().nullable().optional(),
    instructions_variables: InstructionsVariables.nullable().optional(),
  }),
);
export type ModelMessages = z.infer<typeof ModelMessages>;

export const ModelInfo = lazySchema(() =>
  z.looseObject({
    slug: z.string(),
    display_name: z.string().optional(),
    description: z.string().nullable().optional(),
    default_reasoning_level: ReasoningEffort.nullable().optional(),
    supported_reasoning_levels: z.array(ReasoningLevelPreset).optional(),
    shell_type: z.string().optional(),
    visibility: z.string().optional(),
    supported_in_api: z.boolean().optional(),
    priority: z.number().optional(),
    upgrade: z.unknown().optional(),
    base_instructions: z.string(),
    model_messages: ModelMessages.nullable().optional(),
    supports_reasoning_summaries: z.boolean().optional(),
    reasoning_summary_format: z.string().optional(),
    support_verbosity: z.boolean().optional(),
    default_verbosity: z.enum(['low', 'medium', 'high']).nullable().optional(),
    apply_patch_tool_type: z.string().nullable().optional(),
    truncation_policy: TruncationPolicy,
    supports_parallel_tool_calls: z.boolean(),
    context_window: z.number().int().positive().nullable().optional(),
    auto_compact_token_limit: z.number().int().positive().nullable().optional(),
    effective_context_window_percent: z.number().optional(),
    experimental_supported_tools: z.array(z.string()).optional(),
    // Catalog fields of newer Codex generations (codex-0.169 packs).
    default_reasoning_summary: ReasoningSummary.nullable().optional(),
    include_skills_usage_instructions: z.boolean().optional(),
    /** Changes when the model needs a fresh context window: a switch between hashes compacts first. */
    comp_hash: z.string().optional(),
    /** `code_mode_only`: the tools travel in an `additional_tools` input item, not the `tools` field. */
    tool_mode: z.string().optional(),
    multi_agent_version: z.string().optional(),
    /** False: no tool_search, so nothing is deferred behind it (Codex's fallback entry). */
    supports_search_tool: z.boolean().optional(),
    use_responses_lite: z.boolean().optional(),
    node_repl_auto_review_required: z.boolean().optional(),
    node_repl_disabled: z.boolean().optional(),
  }),
);
export type ModelInfo = z.infer<typeof ModelInfo>;

export const ModelCatalog = lazySchema(() => z.object({ models: z.array(ModelInfo) }));
export type ModelCatalog = z.infer<typeof ModelCatalog>;

/**
 * A catalog entry of Codex 0.169's shape, which no longer says whether the model calls tools in
 * parallel: Codex sends `parallel_tool_calls: true` except for code-mode models, which is what the
 * entry gets here. Entries that say it, and anything not an object, are left as they are.
 */
export function withParallelToolCallsOf0169(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null && !('supports_parallel_tool_calls' in entry)
    ? { ...entry, supports_parallel_tool_calls: (entry as { tool_mode?: unknown }).tool_mode !== 'code_mode_only' }
    : entry;
}
