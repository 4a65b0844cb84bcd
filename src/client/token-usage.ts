// Token counts as Codex records them in `token_count` events (`last_token_usage`,
// `total_token_usage`), converted from the usage block of `response.completed`.
import type { WireUsage } from '../../protocol/responses-events.js';

/** Key order is the order Codex writes in a rollout. */
export interface TokenUsage {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
}

/** Missing detail blocks count as zero, as they do in Codex. */
export function tokenUsageFromWire(usage: WireUsage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    cached_input_tokens: usage.input_tokens_details?.cached_tokens ?? 0,
    output_tokens: usage.output_tokens,
    reasoning_output_tokens: usage.output_tokens_details?.reasoning_tokens ?? 0,
    total_tokens: usage.total_tokens,
  };
}

/**
 * Field-wise sum: how a thread's `total_token_usage` grows by each response's usage. Any usage with
 * more counts (codex-0.169's cache writes) sums them too, in `a`'s key order.
 */
export function addTokenUsage<T extends TokenUsage>(a: T, b: T): T {
  const more = b as unknown as Record<string, number>;
  return Object.fromEntries(Object.entries(a as unknown as Record<string, number>).map(([key, n]) => [key, n + (more[key] ?? 0)])) as unknown as T;
}
