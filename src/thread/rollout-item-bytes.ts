// A response_item line's payload is the item's wire JSON. This validates the item once, where the
// line is read, and keeps the payload's bytes with it (src/history/raw-json.ts): resume then forwards
// the history without re-serializing it, and long fields are not held twice in memory.
import { ResponseItem } from '../../protocol/responses-items.js';
import { sameJson, withRawJson } from '../history/raw-json.js';

/** Items that passed ResponseItem's schema when they were read. */
const validated = new WeakSet<object>();

export function wasValidated(payload: unknown): payload is ResponseItem {
  return typeof payload === 'object' && payload !== null && validated.has(payload);
}

function field(line: Record<string, unknown>, key: string): string {
  return `${JSON.stringify(key)}:${JSON.stringify(line[key])}`;
}

/** The `{…"payload":` before and the `…}` after the payload in the line's text, as written by a compact JSON writer. */
function envelopeAround(line: Record<string, unknown>): { head: string; tail: string } | undefined {
  const keys = Object.keys(line);
  // The common line, {timestamp, type, payload}, without the general case's arrays.
  if (keys.length === 3 && keys[0] === 'timestamp' && keys[1] === 'type' && keys[2] === 'payload') {
    return { head: `{${field(line, 'timestamp')},"type":"response_item","payload":`, tail: '}' };
  }
  const at = keys.indexOf('payload');
  if (at === -1) return undefined;
  let head = '{';
  for (const key of keys.slice(0, at)) head += `${field(line, key)},`;
  let tail = '';
  for (const key of keys.slice(at + 1)) tail += `,${field(line, key)}`;
  return { head: `${head}"payload":`, tail: `${tail}}` };
}

/** The payload's bytes, cut out of the line's bytes when the line is compact JSON around it. */
function payloadBytes(line: Record<string, unknown>, text: string, bytes: Buffer): Buffer | undefined {
  const env = envelopeAround(line);
  if (!env || !text.startsWith(env.head) || !text.endsWith(env.tail)) return undefined;
  return bytes.subarray(Buffer.byteLength(env.head), bytes.length - Buffer.byteLength(env.tail));
}

/** Marks a payload that is exactly a valid item as such, backed by its bytes when they are known. */
function validItem(payload: unknown, bytes: Buffer | undefined, unread?: readonly string[]): ResponseItem | undefined {
  const parsed = ResponseItem.safeParse(payload);
  // A schema that dropped something: the item is less than the payload, so the payload is not it.
  if (!parsed.success || !sameJson(payload, parsed.data)) return undefined;
  const item = bytes ? withRawJson(payload as ResponseItem, bytes, unread) : (payload as ResponseItem);
  validated.add(item);
  return item;
}

/**
 * Validates the payload of a parsed response_item line and returns what the record should hold. The
 * record keeps the JSON value from the file (unknown fields too); when that value is exactly a valid
 * item, it is marked as validated, and backed by its bytes when they can be cut out of the line.
 * Otherwise responseItemOf validates it when the item is used (and names the line if it is invalid).
 *
 * `text` is the line as parsed; `bytes` are the same line's UTF-8 bytes.
 */
export function storedItemPayload(line: Record<string, unknown>, text: string, bytes: Buffer): unknown {
  return validItem(line.payload, payloadBytes(line, text, bytes)) ?? line.payload;
}

/**
 * The item of a line parsed from its skeleton (item-line-skeleton.ts), whose cut fields hold "".
 * Undefined when it is not exactly a valid item: the caller then parses the whole line.
 */
export function skeletonItemPayload(payload: unknown, bytes: Buffer, cutKeys: readonly string[]): ResponseItem | undefined {
  return validItem(payload, bytes, cutKeys);
}
