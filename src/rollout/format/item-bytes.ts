// A response_item line's payload is the item's wire JSON. This validates the item once, where the
// line is read, and keeps the payload's bytes with it when the line is in compact form
// (bytes/item-line-skeleton.ts, src/history/raw-json.ts): resume then forwards the history without
// re-serializing it, and its long fields are not decoded until something reads them.
import { ResponseItem } from '../../../protocol/responses-items.js';
import { rawJsonOf, withRawJson, type RawJson } from '../../history/raw-json.js';
import { EXACT, REJECTED, verdictOf } from '../cache/schema-verdict.js';

/** Items parsed whole that passed ResponseItem's schema when they were read. */
const validated = new WeakSet<object>();

/** Whether the payload passed the schema when it was read; an item backed by its bytes did. */
export function wasValidated(payload: unknown): payload is ResponseItem {
  return typeof payload === 'object' && payload !== null && (rawJsonOf(payload) !== undefined || validated.has(payload));
}

/** Whether `payload` is exactly a valid item: the schema accepts it and drops nothing from it. */
function isExactItem(payload: unknown): payload is ResponseItem {
  // A schema that would drop something: the item is less than the payload, so the payload is not it.
  return verdictOf(ResponseItem, payload) === EXACT;
}

/**
 * Checks the payload of a response_item line that was parsed whole (not in the compact form, or not
 * exactly an item). False when the schema refuses it: the reader then skips the line, as it does any
 * line its schema refuses. Otherwise the record keeps the JSON value from the file, fields the schema
 * does not know included, marked as validated when it is exactly a valid item (`responseItemOf`
 * gives the schema's output for one that is not).
 */
export function acceptStoredItem(payload: unknown): boolean {
  const verdict = verdictOf(ResponseItem, payload);
  if (verdict === EXACT && typeof payload === 'object' && payload !== null) validated.add(payload);
  return verdict !== REJECTED;
}

/**
 * The item of a line parsed from its skeleton (bytes/item-line-skeleton.ts), whose cut fields hold "".
 * Undefined when it is not exactly a valid item: the caller then parses the whole line. Otherwise
 * the caller backs it with its bytes (`backItem`).
 */
export function skeletonItemPayload(payload: unknown): ResponseItem | undefined {
  return isExactItem(payload) ? payload : undefined;
}

/**
 * Backs a valid item from a skeleton with its bytes; its `cutKeys` are read from them on use. Only
 * items validated here are backed, so being backed also says the item is valid.
 */
export function backItem(item: ResponseItem, bytes: RawJson, cutKeys: readonly string[]): ResponseItem {
  return withRawJson(item, bytes, cutKeys);
}
