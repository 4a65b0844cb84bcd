// Detaching old conversation (seed 000): once the live conversation is long, its oldest chunk is
// frozen into a history panel, cut at a turn boundary, and only when all four thresholds hold — the
// chunk has enough messages and tokens to be worth it, and enough of both stay live after it.
// Reasoning items do not count: they never reach the wires that read panels as text.
import type { ContentPart, ResponseItem } from '../../../protocol/responses-items.js';
import { estimateItemTokens } from '../../history/token-estimate.js';

export interface DetachThresholds {
  readonly chunkMinMessages: number;
  readonly chunkMinTokens: number;
  readonly keepMinMessages: number;
  readonly keepMinTokens: number;
}

export const DEFAULT_DETACH_THRESHOLDS: DetachThresholds = {
  chunkMinMessages: 25,
  chunkMinTokens: 5_000,
  keepMinMessages: 25,
  keepMinTokens: 7_500,
};

function counted(item: ResponseItem): { messages: number; tokens: number } {
  return item.type === 'reasoning' ? { messages: 0, tokens: 0 } : { messages: 1, tokens: estimateItemTokens(item) };
}

/**
 * A cut right after a finished assistant turn: the item before is an assistant message, the item at
 * `index` opens the next turn (a user or developer message), and no call is waiting for its result.
 */
export function isTurnBoundary(items: readonly ResponseItem[], index: number, pendingCalls: number): boolean {
  const before = items[index - 1];
  const at = items[index];
  return (
    pendingCalls === 0 &&
    before?.type === 'message' &&
    before.role === 'assistant' &&
    at?.type === 'message' &&
    (at.role === 'user' || at.role === 'developer')
  );
}

/**
 * The number of leading items to detach, or undefined. The cut is the first turn boundary where the
 * chunk meets both chunk thresholds; a later cut could only leave less live, so if the rest misses a
 * keep threshold there, nothing is detached.
 */
export function findDetachPoint(items: readonly ResponseItem[], thresholds: DetachThresholds): number | undefined {
  let totalMessages = 0;
  let totalTokens = 0;
  for (const item of items) {
    const c = counted(item);
    totalMessages += c.messages;
    totalTokens += c.tokens;
  }
  let messages = 0;
  let tokens = 0;
  const pending = new Set<string>();
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && isTurnBoundary(items, index, pending.size)) {
      if (messages >= thresholds.chunkMinMessages && tokens >= thresholds.chunkMinTokens) {
        const keepOk = totalMessages - messages >= thresholds.keepMinMessages && totalTokens - tokens >= thresholds.keepMinTokens;
        return keepOk ? index : undefined;
      }
    }
    const item = items[index];
    if (!item) break;
    const c = counted(item);
    messages += c.messages;
    tokens += c.tokens;
    if (item.type === 'function_call' || item.type === 'custom_tool_call') pending.add(item.call_id);
    if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined) pending.delete(item.call_id);
  }
  return undefined;
}

/** The frozen text of a detached chunk: one line group per item, labelled by role or kind. */
export function historyTranscript(items: readonly ResponseItem[]): string {
  const lines: string[] = [];
  for (const item of items) {
    switch (item.type) {
      case 'message':
        lines.push(`[${item.role}] ${partsText(item.content)}`);
        break;
      case 'function_call':
        lines.push(`[call ${item.name} ${item.call_id}] ${item.arguments}`);
        break;
      case 'custom_tool_call':
        lines.push(`[call ${item.name} ${item.call_id}] ${item.input}`);
        break;
      case 'function_call_output':
      case 'custom_tool_call_output':
        lines.push(`[result ${item.call_id}] ${typeof item.output === 'string' ? item.output : partsText(item.output)}`);
        break;
      default:
        // Reasoning, hosted-tool calls, compaction: nothing readable to keep.
        break;
    }
  }
  return lines.join('\n');
}

function partsText(parts: readonly (ContentPart | { type: 'input_image'; image_url: string })[]): string {
  return parts.map((p) => (p.type === 'input_image' ? '[image]' : p.text)).join('');
}
