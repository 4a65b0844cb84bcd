// When a thread compacts by itself: once the last request's usage reaches the limit — from config,
// else the model catalog, else 90% of the context window.
import type { TurnSettings } from '../context/turn-settings.js';
import type { ThreadState } from '../thread/turn-ports.js';

export type { CompactionTrigger } from '../thread/turn-ports.js';

export function autoCompactTokenLimit(settings: TurnSettings, configured: number | undefined): number | undefined {
  if (configured !== undefined) return configured;
  const model = settings.model;
  if (model.auto_compact_token_limit) return model.auto_compact_token_limit;
  return model.context_window ? Math.floor(model.context_window * 0.9) : undefined;
}

export function shouldAutoCompact(state: ThreadState, limit: number | undefined): boolean {
  const used = state.tokenInfo?.last_token_usage.total_tokens;
  return limit !== undefined && used !== undefined && used >= limit;
}
