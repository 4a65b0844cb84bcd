// A response_item line in the compact form Codex and weft write holds the item's wire JSON as its
// payload. This finds the payload's bytes in the line, and because most of a long rollout's bytes are
// a few long strings in those payloads (tool outputs, encrypted reasoning, call arguments), which
// resume only forwards, it cuts each long string field of the payload out of the text to parse
// (leaving ""). The item is then backed by its bytes (src/history/raw-json.ts) and the cut fields are
// read from them on use.
//
// This is a scan of JSON's structure, not a parser: strings are skipped with a byte search for their
// closing quote, and anything unexpected (spaces, another key order, a key with escapes, a torn
// line) returns undefined, so the caller parses the whole line as before. JSON.parse still checks
// everything that is not cut; a cut string is known to be one terminated JSON string token.

import { backslashesBefore, BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.js';

/** Strings of at least this many bytes (between their quotes) are cut. */
const MIN_CUT_BYTES = 512;

const HEAD = Buffer.from('{"timestamp":"');
/** Codex 0.169 numbers its lines: `"ordinal":N` comes between the timestamp and the type. */
const ORDINAL = Buffer.from(',"ordinal":');
const TYPE_AND_PAYLOAD = Buffer.from(',"type":"response_item","payload":{');
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

export interface ItemLineSkeleton {
  /** The line's text with each cut string replaced by "" (the whole line when nothing was cut). */
  readonly text: string;
  /** Where the payload's bytes are in the line: [payloadStart, payloadEnd). */
  readonly payloadStart: number;
  readonly payloadEnd: number;
  /** Payload fields whose string values were cut. */
  readonly cutKeys: readonly string[];
}

/** Index of the quote closing the string opened at `open`, or -1 before `limit`. */
function stringEnd(b: Buffer, open: number, limit: number): number {
  for (let from = open + 1; ; ) {
    const q = b.indexOf(QUOTE, from);
    if (q === -1 || q >= limit) return -1;
    if (backslashesBefore(b, q) % 2 === 0) return q;
    from = q + 1;
  }
}

/** Index just past the compact JSON value starting at `at`, or -1. */
function valueEnd(b: Buffer, at: number, limit: number): number {
  const first = b[at];
  if (first === QUOTE) {
    const end = stringEnd(b, at, limit);
    return end === -1 ? -1 : end + 1;
  }
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    for (let i = at; i < limit; i++) {
      const c = b[i];
      if (c === QUOTE) {
        const end = stringEnd(b, i, limit);
        if (end === -1) return -1;
        i = end;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        depth++;
      } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) {
        return i + 1;
      }
    }
    return -1;
  }
  let i = at;
  while (i < limit && b[i] !== COMMA && b[i] !== CLOSE_OBJECT && b[i] !== CLOSE_ARRAY) i++;
  return i > at ? i : -1;
}

/** Whether `line` holds `pattern` at `at` (without making a view of it: this runs for every line). */
function holdsAt(line: Buffer, at: number, pattern: Buffer): boolean {
  if (at + pattern.length > line.length) return false;
  for (let i = 0; i < pattern.length; i++) if (line[at + i] !== pattern[i]) return false;
  return true;
}

/** Whether bytes [from, to) of `line` include a backslash. */
function hasBackslash(line: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (line[i] === BACKSLASH) return true;
  return false;
}

/** Where the payload object starts (its `{`), after the envelope fields before it; -1 if not as expected. */
function payloadStartOf(line: Buffer): number {
  if (!holdsAt(line, 0, HEAD)) return -1;
  const tsEnd = line.indexOf(QUOTE, HEAD.length);
  if (tsEnd === -1 || hasBackslash(line, HEAD.length, tsEnd)) return -1;
  let at = tsEnd + 1;
  if (holdsAt(line, at, ORDINAL)) {
    at += ORDINAL.length;
    const digits = at;
    while (line[at] !== undefined && (line[at] as number) >= DIGIT_0 && (line[at] as number) <= DIGIT_9) at++;
    if (at === digits) return -1;
  }
  if (!holdsAt(line, at, TYPE_AND_PAYLOAD)) return -1;
  return at + TYPE_AND_PAYLOAD.length - 1;
}

/**
 * The skeleton of a `{"timestamp":"…",["ordinal":N,]"type":"response_item","payload":{…}…}` line
 * (`line` holds exactly its bytes, no line end); undefined for any other line. What follows the
 * payload (0.169's `metadata`) is left to JSON.parse.
 */
export function itemLineSkeleton(line: Buffer): ItemLineSkeleton | undefined {
  if (line[line.length - 1] !== CLOSE_OBJECT) return undefined;
  const payloadStart = payloadStartOf(line);
  if (payloadStart === -1) return undefined;
  const limit = line.length - 1; // the envelope's closing brace

  const cuts: { key: string; start: number; end: number }[] = [];
  let i = payloadStart + 1;
  while (line[i] !== CLOSE_OBJECT) {
    if (line[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(line, i, limit);
    if (keyEnd === -1 || line[keyEnd + 1] !== COLON) return undefined;
    if (hasBackslash(line, i + 1, keyEnd)) return undefined;
    const valueStart = keyEnd + 2;
    const end = valueEnd(line, valueStart, limit);
    if (end === -1) return undefined;
    if (line[valueStart] === QUOTE && end - valueStart - 2 >= MIN_CUT_BYTES) {
      cuts.push({ key: line.toString('utf8', i + 1, keyEnd), start: valueStart, end });
    }
    if (line[end] === COMMA) i = end + 1;
    else if (line[end] === CLOSE_OBJECT) i = end;
    else return undefined;
  }
  const payloadEnd = i + 1;
  if (payloadEnd > limit || (line[payloadEnd] !== COMMA && payloadEnd !== limit)) return undefined;

  let text = '';
  let from = 0;
  for (const cut of cuts) {
    text += `${line.toString('utf8', from, cut.start)}""`;
    from = cut.end;
  }
  text += line.toString('utf8', from);
  return { text, payloadStart, payloadEnd, cutKeys: cuts.map((c) => c.key) };
}
