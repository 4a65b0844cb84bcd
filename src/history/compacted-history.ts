// How compaction rebuilds history: the initial context, then the most recent real user messages up
// to a token cap (the oldest one kept is cut in the middle if it does not fit whole), then the
// summary as a user message.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { textMessage, messageText } from './message.js';
import { estimateTokens } from './token-estimate.js';
import { truncateText } from './truncate-output.js';

/** Codex keeps at most this many estimated tokens of user messages across a compaction. */
export const USER_MESSAGE_TOKEN_CAP = 20_000;

export function selectUserMessages(messages: readonly string[], cap = USER_MESSAGE_TOKEN_CAP): string[] {
  const kept: string[] = [];
  let remaining = cap;
  for (let i = messages.length - 1; i >= 0 && remaining > 0; i--) {
    const text = messages[i] as string;
    const tokens = estimateTokens(text);
    if (tokens <= remaining) {
      kept.unshift(text);
      remaining -= tokens;
    } else {
      kept.unshift(truncateText(text, { mode: 'tokens', limit: remaining }).text);
      break;
    }
  }
  return kept;
}

export function buildCompactedHistory(
  initialContext: readonly ResponseItem[],
  userMessages: readonly string[],
  summaryText: string,
  cap = USER_MESSAGE_TOKEN_CAP,
): ResponseItem[] {
  return [
    ...initialContext,
    ...selectUserMessages(userMessages, cap).map((text) => textMessage('user', text)),
    textMessage('user', summaryText),
  ];
}

/** The summary message: the pack's prefix, its separator, then the model's summary text. */
export function summaryMessageText(prefix: string, separator: string, summary: string): string {
  return `${prefix}${separator}${summary}`;
}

export function userMessageTexts(items: readonly ResponseItem[], isReal: (item: ResponseItem) => boolean): string[] {
  return items.filter(isReal).map((item) => messageText(item) ?? '');
}
