// When a thread compacts by itself: once the tokens in use reach the limit — from config, else the
// model catalog, else 90% of the context window. In the middle of a turn (after a response whose
// calls ran) the tokens in use are, as Codex counts them, the last response's total plus the
// estimate of the items recorded after the model's last output (its calls' outputs, steered input):
// the response's usage does not include them yet. Before a turn, the last total alone.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { estimateVisibleItemTokens } from '../history/token-estimate.js';
import type { ThreadState } from '../thread/turn-ports.js';

export type { CompactionTrigger } from '../thread/turn-ports.js';

export function autoCompactTokenLimit(settings: TurnSettings, configured: number | undefined): number | undefined {
  if (configured !== undefined) return configured;
  const model = settings.model;
  if (model.auto_compact_token_limit) return model.auto_compact_token_limit;
  return model.context_window ? Math.floor(model.context_window * 0.9) : undefined;
}

/** An item the model produced (its usage covers it); what follows it the next response will read. */
export function isModelOutput(item: ResponseItem): boolean {
  switch (item.type) {
    case 'message':
      return item.role === 'assistant';
    case 'reasoning':
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call':
    case 'tool_search_call':
    case 'web_search_call':
    case 'compaction':
    case 'compaction_summary':
      return true;
    default:
      return false;
  }
}

/** Estimated tokens of the items after the model's last output (all of them when it has none). */
export function tokensAfterLastModelOutput(history: readonly ResponseItem[]): number {
  let total = 0;
  for (let i = history.length - 1; i >= 0 && !isModelOutput(history[i] as ResponseItem); i--) total += estimateVisibleItemTokens(history[i] as ResponseItem);
  return total;
}

export function shouldAutoCompact(state: ThreadState, limit: number | undefined, phase: 'pre-turn' | 'mid-turn' = 'pre-turn'): boolean {
  const used = state.tokenInfo?.last_token_usage.total_tokens;
  if (limit === undefined || used === undefined) return false;
  return (phase === 'mid-turn' ? used + tokensAfterLastModelOutput(state.history) : used) >= limit;
}
