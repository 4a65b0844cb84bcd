// The event that ends a compaction, under the id its start announced (then forgotten: the next
// compaction gets its own).
import { estimateItemsTokens } from '../history/token-estimate.js';
import { newThreadId } from '../rollout/store/thread-id.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { ThreadState } from '../thread/turn-ports.js';

export function compactionFinishedEvent(state: ThreadState, tokensBefore: number): ThreadEvent {
  const itemId = state.compactionItemId ?? newThreadId();
  state.compactionItemId = undefined;
  return { type: 'compaction_finished', itemId, tokensBefore, tokensAfter: estimateItemsTokens(state.history) };
}
