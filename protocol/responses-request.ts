// The Responses API request body (POST /v1/responses) and the compact endpoint's body.
import { z } from 'zod';
import { ResponseItem } from './responses-items.js';
import { lazySchema } from './lazy-schema.js';

/** Tools are forwarded as the pack defines them; only their outer shape is checked. */
export const ToolSpec = lazySchema(() => z.looseObject({ type: z.string(), name: z.string().optional() }));
export type ToolSpec = z.infer<typeof ToolSpec>;

// `max` and `ultra` appear in the catalogs of Codex 0.169.
export const ReasoningEffort = lazySchema(() => z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max', 'ultra']));
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;
export const ReasoningSummary = lazySchema(() => z.enum(['auto', 'concise', 'detailed', 'none']));
export type ReasoningSummary = z.infer<typeof ReasoningSummary>;

export const ReasoningParams = lazySchema(() =>
  z.object({
    effort: ReasoningEffort.optional(),
    summary: ReasoningSummary.optional(),
    /** `all_turns` for the models Codex 0.169 marks `use_responses_lite`. */
    context: z.string().optional(),
  }),
);
export type ReasoningParams = z.infer<typeof ReasoningParams>;

export const TextFormat = lazySchema(() => z.looseObject({ type: z.string() }));
export const TextParams = lazySchema(() =>
  z.object({
    verbosity: z.enum(['low', 'medium', 'high']).optional(),
    format: TextFormat.optional(),
  }),
);
export type TextParams = z.infer<typeof TextParams>;

export const ResponsesRequestBody = lazySchema(() =>
  z.object({
    model: z.string(),
    instructions: z.string().optional(),
    input: z.array(ResponseItem),
    /** Absent in a codex-0.169 code-mode body: its tools travel in an `additional_tools` input item. */
    tools: z.array(ToolSpec).optional(),
    tool_choice: z.string(),
    parallel_tool_calls: z.boolean(),
    reasoning: ReasoningParams.nullable().optional(),
    store: z.boolean(),
    stream: z.boolean(),
    include: z.array(z.string()),
    service_tier: z.string().optional(),
    prompt_cache_key: z.string().optional(),
    text: TextParams.optional(),
    client_metadata: z.record(z.string(), z.string()).optional(),
  }),
);
export type ResponsesRequestBody = z.infer<typeof ResponsesRequestBody>;

export const CompactRequestBody = lazySchema(() =>
  z.object({
    model: z.string(),
    input: z.array(ResponseItem),
    instructions: z.string(),
  }),
);
export type CompactRequestBody = z.infer<typeof CompactRequestBody>;

export const CompactResponseBody = lazySchema(() => z.looseObject({ output: z.array(ResponseItem) }));
export type CompactResponseBody = z.infer<typeof CompactResponseBody>;
