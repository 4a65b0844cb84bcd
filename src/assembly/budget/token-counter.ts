// How budgeted assembly counts tokens: by default the estimator compaction uses (4 bytes per token;
// items by their JSON), or an exact tokenizer plugged in by the caller.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { estimateItemTokens, estimateTokens } from '../../history/token-estimate.js';

export interface TokenCounter {
  text(text: string): number;
  item(item: ResponseItem): number;
}

export const estimatingCounter: TokenCounter = { text: estimateTokens, item: estimateItemTokens };

/** A counter from an exact tokenizer: items are counted by their JSON text, as the estimator does. */
export function exactCounter(count: (text: string) => number): TokenCounter {
  return { text: count, item: (item) => count(JSON.stringify(item)) };
}

export function itemsTokens(items: readonly ResponseItem[], counter: TokenCounter): number {
  let total = 0;
  for (const item of items) total += counter.item(item);
  return total;
}
