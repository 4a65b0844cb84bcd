// Token accounting of a thread, in the shape Codex records in `token_count` events: the running
// total, the last request's usage, and the usable context window.
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import { addTokenUsage, type TokenUsage } from '../../client/token-usage.js';

export interface TokenInfo {
  readonly total_token_usage: TokenUsage;
  readonly last_token_usage: TokenUsage;
  readonly model_context_window: number | null;
}

/** Codex keeps 5% of the window as headroom unless the model says otherwise. */
const DEFAULT_EFFECTIVE_WINDOW_PERCENT = 95;

export function effectiveContextWindow(model: ModelInfo): number | null {
  const window = model.context_window ?? null;
  if (window === null) return null;
  const percent = model.effective_context_window_percent ?? DEFAULT_EFFECTIVE_WINDOW_PERCENT;
  return Math.floor((window * percent) / 100);
}

export function addUsage(info: TokenInfo | null, usage: TokenUsage, contextWindow: number | null): TokenInfo {
  const total = info ? addTokenUsage(info.total_token_usage, usage) : usage;
  return { total_token_usage: total, last_token_usage: usage, model_context_window: contextWindow };
}
