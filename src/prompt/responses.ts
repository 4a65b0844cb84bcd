// The Responses renderer: a prompt and the turn's settings → the POST /v1/responses body, with
// every field Codex 0.98 sends, in its order.
import type { WireApi } from '../../protocol/config.js';
import type { ResponsesRequestBody, ReasoningParams, TextParams } from '../../protocol/responses-request.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { Prompt } from './prompt.js';

export interface RenderOptions {
  /** Thread id: Codex uses it as the prompt cache key so a thread's requests share a cache. */
  readonly promptCacheKey: string;
  /**
   * The wire the prompt goes out on (default `responses`). Code mode is a Responses feature: on
   * `chat` and `anthropic` a generation offers a code-mode model its tools as plain functions.
   */
  readonly wire?: WireApi;
}

export function renderResponsesBody(prompt: Prompt, settings: TurnSettings, opts: RenderOptions): ResponsesRequestBody {
  const reasoning = reasoningParams(settings);
  const text = textParams(prompt, settings);
  return {
    model: settings.model.slug,
    instructions: prompt.instructions,
    input: [...prompt.input],
    tools: [...prompt.tools],
    tool_choice: 'auto',
    parallel_tool_calls: prompt.parallelToolCalls,
    // 0.98 names the field even for a model without reasoning parameters (its fallback entry).
    reasoning: reasoning ?? null,
    store: false,
    stream: true,
    include: reasoning ? ['reasoning.encrypted_content'] : [],
    prompt_cache_key: opts.promptCacheKey,
    ...(text ? { text } : {}),
  };
}

function reasoningParams(settings: TurnSettings): ReasoningParams | undefined {
  const model = settings.model;
  if (model.supports_reasoning_summaries === false) return undefined;
  const effort = settings.reasoningEffort ?? model.default_reasoning_level ?? undefined;
  // `none` asks for no summary: the field is left out rather than sent as "none".
  const summary = settings.reasoningSummary === 'none' ? undefined : settings.reasoningSummary;
  return { ...(effort ? { effort } : {}), ...(summary ? { summary } : {}) };
}

function textParams(prompt: Prompt, settings: TurnSettings): TextParams | undefined {
  const verbosity = settings.model.support_verbosity ? (settings.model.default_verbosity ?? undefined) : undefined;
  const format =
    prompt.outputSchema === undefined
      ? undefined
      : { type: 'json_schema', name: 'codex_output_schema', strict: true, schema: prompt.outputSchema };
  if (!verbosity && !format) return undefined;
  return { ...(verbosity ? { verbosity } : {}), ...(format ? { format } : {}) };
}
