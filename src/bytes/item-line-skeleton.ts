// A response_item line in the compact form Codex and weft write holds the item's wire JSON as its
// payload. This finds the payload's bytes in the line, and because most of a long rollout's bytes are
// a few long strings in those payloads (tool outputs, encrypted reasoning, call arguments), which
// resume only forwards, it cuts each long string field of the payload out of the text to parse
// (leaving ""). The item is then backed by its bytes (src/history/raw-json.ts) and the cut fields are
// read from them on use.
//
// The payload is read by the byte path's one scanner (json-scanner.ts), not parsed: anything
// unexpected (another envelope, a key with escapes, a torn line) returns undefined, so the caller
// parses the whole line as before. JSON.parse still checks everything that is not cut; a cut string
// is known to be one terminated JSON string token.

import { BACKSLASH, CLOSE_OBJECT, COMMA, QUOTE } from './json-bytes.js';
import { JsonScanner, type JsonScanReader } from './json-scanner.js';

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

/** The payload's members, as the scanner finds them (the scan starts at the payload's `{`). */
class PayloadMembers implements JsonScanReader {
  readonly cuts: { key: string; start: number; end: number }[] = [];
  /** Line offset just past the payload's `}`; -1 until it closes. */
  end = -1;
  /** A key was written with an escape: nothing is cut. */
  refused = false;
  readonly #scanner = new JsonScanner(this);
  #opened = -1;
  #isKey = false;
  /** The current member's key, as its bytes' bounds (decoded only for a cut). */
  #keyFrom = 0;
  #keyTo = 0;

  constructor(
    private readonly line: Buffer,
    private readonly start: number,
    limit: number,
  ) {
    this.#scanner.push(line, start, limit);
  }

  get endsInString(): boolean {
    return this.#scanner.inString;
  }

  structure(b: number, at: number): void {
    if (this.end < 0 && this.#scanner.depth === 0 && b === CLOSE_OBJECT) this.end = this.start + at + 1;
  }

  stringOpened(at: number, key: boolean): void {
    this.#opened = this.end < 0 && this.#scanner.depth === 1 ? this.start + at : -1;
    this.#isKey = key;
  }

  stringClosed(at: number): void {
    const open = this.#opened;
    if (open < 0) return;
    const close = this.start + at;
    if (this.#isKey) {
      // A key with an escape might be another key spelled otherwise: the line is parsed whole.
      if (hasBackslash(this.line, open + 1, close)) this.refused = true;
      this.#keyFrom = open + 1;
      this.#keyTo = close;
    } else if (close - open - 1 >= MIN_CUT_BYTES) this.cuts.push({ key: this.line.toString('utf8', this.#keyFrom, this.#keyTo), start: open, end: close + 1 });
  }
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

  const members = new PayloadMembers(line, payloadStart, limit);
  if (members.refused || members.endsInString || members.end < 0) return undefined;
  const { cuts } = members;
  const payloadEnd = members.end;
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
