// Token usage as codex-0.169 records it: each count weft keeps (tokens written to the cache too),
// and a token info with whether its last usage counts the model's reasoning.
type Payload = Record<string, unknown>;

/** weft's counts in 0.169's order (TokenUsage with the tokens written to the cache). */
export interface Usage {
  input_tokens: number;
  cached_input_tokens: number;
  cache_write_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
}

const count = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** weft's usage counts in 0.169's shape (it also counts tokens written to the cache). */
export function usage0169(u: unknown): Usage {
  const o = typeof u === 'object' && u !== null ? (u as Payload) : {};
  return {
    input_tokens: count(o.input_tokens),
    cached_input_tokens: count(o.cached_input_tokens),
    cache_write_input_tokens: count(o.cache_write_input_tokens),
    output_tokens: count(o.output_tokens),
    reasoning_output_tokens: count(o.reasoning_output_tokens),
    total_tokens: count(o.total_tokens),
  };
}

/** A token info in 0.169's shape; `includesReasoning`: whether its last usage counts reasoning (see noteResponse). */
export function tokenInfo0169(info: unknown, includesReasoning: boolean): unknown {
  if (typeof info !== 'object' || info === null) return info ?? null;
  const o = info as Payload;
  return {
    total_token_usage: usage0169(o.total_token_usage),
    last_token_usage: usage0169(o.last_token_usage),
    last_usage_includes_reasoning: includesReasoning,
    model_context_window: o.model_context_window ?? null,
  };
}
