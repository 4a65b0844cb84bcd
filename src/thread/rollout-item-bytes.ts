// A response_item line's payload is the item's wire JSON. This validates the item once, where the
// line is read, and keeps the payload's bytes with it when the line is in compact form
// (item-line-skeleton.ts, src/history/raw-json.ts): resume then forwards the history without
// re-serializing it, and long fields are not held twice in memory.
import { ResponseItem } from '../../protocol/responses-items.js';
import { sameJson, withRawJson, type RawJson } from '../history/raw-json.js';

/** Items that passed ResponseItem's schema when they were read. */
const validated = new WeakSet<object>();

export function wasValidated(payload: unknown): payload is ResponseItem {
  return typeof payload === 'object' && payload !== null && validated.has(payload);
}

/** Marks a payload that is exactly a valid item as such, backed by its bytes when they are known. */
function validItem(payload: unknown, bytes: (() => RawJson) | undefined, unread?: readonly string[]): ResponseItem | undefined {
  const parsed = ResponseItem.safeParse(payload);
  // A schema that dropped something: the item is less than the payload, so the payload is not it.
  if (!parsed.success || !sameJson(payload, parsed.data)) return undefined;
  const item = bytes ? withRawJson(payload as ResponseItem, bytes(), unread) : (payload as ResponseItem);
  validated.add(item);
  return item;
}

/**
 * Validates the payload of a response_item line that was parsed whole (not in the compact form, or not
 * exactly an item) and returns what the record should hold: the JSON value from the file (unknown
 * fields too), marked as validated when it is exactly a valid item. Otherwise responseItemOf validates
 * it when the item is used (and names the line if it is invalid).
 */
export function storedItemPayload(payload: unknown): unknown {
  return validItem(payload, undefined) ?? payload;
}

/**
 * The item of a line parsed from its skeleton (item-line-skeleton.ts), whose cut fields hold "",
 * backed by `bytes()` (asked for only when the item is valid).
 * Undefined when it is not exactly a valid item: the caller then parses the whole line.
 */
export function skeletonItemPayload(payload: unknown, bytes: () => RawJson, cutKeys: readonly string[]): ResponseItem | undefined {
  return validItem(payload, bytes, cutKeys);
}
