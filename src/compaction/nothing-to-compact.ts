// A compaction with nothing to compact is skipped: no model request, no `compacted` line, no
// event. That is a thread nobody spoke in yet (its history holds the initial context at most), or
// one whose last compaction is still its latest item (no turn since): compacting it again would
// record a window made of the same prompts with a fresh summary of the same summary.
// Codex 0.169 asks the model and records a compaction either way; weft leaves the rollout alone
// (issue 22: a compaction that changes nothing is not recorded).
import type { ResponseItem } from '../../protocol/responses-items.js';
import { isRealUserMessage, isSummaryMessage, type ContextPrefixes } from '../history/context-messages.js';

/** Injected context: developer/system messages and user messages the user did not type. */
function isContext(item: ResponseItem, prefixes: ContextPrefixes, summaryPrefix: string): boolean {
  if (item.type !== 'message') return false;
  if (item.role === 'developer' || item.role === 'system') return true;
  return item.role === 'user' && !isRealUserMessage(item, prefixes) && !isSummaryMessage(item, summaryPrefix);
}

const isCompactionClose = (item: ResponseItem, summaryPrefix: string): boolean =>
  item.type === 'compaction' || item.type === 'compaction_summary' || isSummaryMessage(item, summaryPrefix);

export function nothingToCompact(history: readonly ResponseItem[], prefixes: ContextPrefixes, summaryPrefix: string): boolean {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as ResponseItem;
    if (isCompactionClose(item, summaryPrefix)) return true;
    if (!isContext(item, prefixes, summaryPrefix)) return false;
  }
  return true;
}
