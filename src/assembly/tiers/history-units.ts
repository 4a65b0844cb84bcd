// Conversation history cut into the pieces stability tiers move around. A unit ends only where the
// history can be split on every wire: no call is waiting for its result (Chat and Anthropic need
// results right after their calls) and the last item is not reasoning (the Responses API wants a
// reasoning item followed by what it produced).
import { createHash } from 'node:crypto';
import type { ResponseItem } from '../../../protocol/responses-items.js';

export interface HistoryUnit {
  /** `history:<index of its first item in the whole history>`. */
  readonly key: string;
  readonly start: number;
  readonly items: readonly ResponseItem[];
}

/** `offset`: index of `items[0]` in the whole history, so keys survive detaching older items. */
export function historyUnits(items: readonly ResponseItem[], offset = 0): HistoryUnit[] {
  const units: HistoryUnit[] = [];
  const pending = new Set<string>();
  let start = 0;
  items.forEach((item, i) => {
    if (item.type === 'function_call' || item.type === 'custom_tool_call') pending.add(item.call_id);
    if (item.type === 'local_shell_call' && item.call_id) pending.add(item.call_id);
    if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined) pending.delete(item.call_id);
    const last = i === items.length - 1;
    if (last || (pending.size === 0 && item.type !== 'reasoning')) {
      units.push({ key: `history:${offset + start}`, start: offset + start, items: items.slice(start, i + 1) });
      start = i + 1;
    }
  });
  return units;
}

export function contentHash(value: unknown): string {
  return createHash('sha256').update(typeof value === 'string' ? value : JSON.stringify(value)).digest('hex').slice(0, 32);
}
