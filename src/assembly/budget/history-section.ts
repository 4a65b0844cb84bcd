// The history section. Under the trigger (a share of its budget) the history goes whole. Above it,
// everything before the latest user prompt is summarized by the model and sent as one summary
// message, followed verbatim by the latest prompt and what came after it (or, when that part is too
// large itself, by as many of the latest items as fit half the budget). When summarizing fails
// (no summarizer, an error, an empty reply, or a result that still does not fit), the section falls
// back to the most recent items that fit the budget.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { errorMessage } from '../../errors.js';
import { textMessage } from '../../history/message.js';
import type { BudgetTexts } from './budget-texts.js';
import { historyTranscript } from './history-transcript.js';
import { itemsTokens, type TokenCounter } from './token-counter.js';

export type Summarizer = (prompt: string) => Promise<string>;

export type HistoryFit =
  | { readonly mode: 'whole'; readonly items: readonly ResponseItem[]; readonly tokens: number }
  | { readonly mode: 'summarized'; readonly items: readonly ResponseItem[]; readonly tokens: number; readonly summarizedItems: number }
  | { readonly mode: 'recent'; readonly items: readonly ResponseItem[]; readonly tokens: number; readonly droppedItems: number; readonly reason: string };

export interface HistoryOptions {
  readonly budget: number;
  readonly summarizeAt: number;
  readonly counter: TokenCounter;
  readonly texts: Pick<BudgetTexts, 'historySummaryPrompt' | 'summaryMessage'>;
  readonly summarize?: Summarizer | undefined;
  /** The user's own prompts (not injected context); default: any user message. */
  readonly isUserPrompt?: ((item: ResponseItem) => boolean) | undefined;
}

export async function fitHistory(items: readonly ResponseItem[], opts: HistoryOptions): Promise<HistoryFit> {
  const total = itemsTokens(items, opts.counter);
  if (total <= Math.floor(opts.budget * opts.summarizeAt)) return { mode: 'whole', items, tokens: total };
  const split = tailStart(items, opts);
  const older = items.slice(0, split);
  const tail = items.slice(split);
  const attempt = await summarizeOlder(older, tail, opts);
  if (attempt.ok) return { mode: 'summarized', items: attempt.items, tokens: attempt.tokens, summarizedItems: older.length };
  return recentThatFit(items, opts.budget, opts.counter, attempt.reason);
}

async function summarizeOlder(
  older: readonly ResponseItem[],
  tail: readonly ResponseItem[],
  opts: HistoryOptions,
): Promise<{ ok: true; items: ResponseItem[]; tokens: number } | { ok: false; reason: string }> {
  if (opts.summarize === undefined) return { ok: false, reason: 'no summarizer' };
  if (older.length === 0) return { ok: false, reason: 'nothing before the latest prompt to summarize' };
  let summary: string;
  try {
    summary = await opts.summarize(opts.texts.historySummaryPrompt(historyTranscript(older)));
  } catch (err) {
    return { ok: false, reason: `summarizer failed: ${errorMessage(err)}` };
  }
  if (summary.trim() === '') return { ok: false, reason: 'summarizer returned no text' };
  const items = [textMessage('user', opts.texts.summaryMessage(summary)), ...tail];
  const tokens = itemsTokens(items, opts.counter);
  if (tokens > opts.budget) return { ok: false, reason: `summary and latest prompt need ${tokens} tokens` };
  return { ok: true, items, tokens };
}

/** The verbatim tail may take at most this share of the history budget; the summary gets the rest. */
export const TAIL_SHARE = 0.5;

/**
 * Where the verbatim tail starts: at the latest user prompt, unless what follows it is too large (a
 * long tool output in the current turn); then at the most recent items that fit the tail's share.
 * A tool output never stays in the tail without its call.
 */
function tailStart(items: readonly ResponseItem[], opts: HistoryOptions): number {
  const isPrompt = opts.isUserPrompt ?? ((item: ResponseItem) => item.type === 'message' && item.role === 'user');
  const prompt = lastIndexWhere(items, isPrompt);
  let start = prompt < 0 ? items.length : prompt;
  const room = Math.floor(opts.budget * TAIL_SHARE);
  if (itemsTokens(items.slice(start), opts.counter) > room) {
    start = items.length;
    for (let used = 0; start > 0; start--) {
      used += opts.counter.item(items[start - 1] as ResponseItem);
      if (used > room) break;
    }
  }
  for (;;) {
    const before = new Set(items.slice(0, start).flatMap((i) => (i.type === 'function_call' || i.type === 'custom_tool_call' ? [i.call_id] : [])));
    const orphan = items.slice(start).some((i) => (i.type === 'function_call_output' || i.type === 'custom_tool_call_output') && i.call_id !== undefined && before.has(i.call_id));
    if (!orphan) return start;
    start += 1;
  }
}

/** The longest run of latest items within `budget`, without tool outputs whose call was cut off. */
export function recentThatFit(items: readonly ResponseItem[], budget: number, counter: TokenCounter, reason: string): HistoryFit {
  let start = items.length;
  let used = 0;
  while (start > 0) {
    const cost = counter.item(items[start - 1] as ResponseItem);
    if (used + cost > budget) break;
    used += cost;
    start -= 1;
  }
  const suffix = items.slice(start);
  const calls = new Set(suffix.flatMap((i) => (i.type === 'function_call' || i.type === 'custom_tool_call' ? [i.call_id] : [])));
  const kept = suffix.filter((i) => !((i.type === 'function_call_output' || i.type === 'custom_tool_call_output') && i.call_id !== undefined && !calls.has(i.call_id)));
  return { mode: 'recent', items: kept, tokens: itemsTokens(kept, counter), droppedItems: items.length - kept.length, reason };
}

function lastIndexWhere<T>(list: readonly T[], test: (value: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i] as T)) return i;
  return -1;
}
