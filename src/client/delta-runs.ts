// The text of each streamed content part as its deltas brought it, and the bytes of their JSON string
// literals. `response.output_item.done` then repeats the whole text as one literal; when that literal
// is, byte for byte, the deltas' literals put end to end, its text is the deltas' texts put end to end
// (each delta literal is whole JSON string content: its escapes end inside it, and its bytes are valid
// UTF-8 on their own, which is checked), so long-string-json.ts takes it from here instead of decoding
// 20 MB a second time. The deltas' texts are joined with `+`, which V8 keeps as a rope of the strings
// already made: no copy of the answer is made until something reads it whole (the rollout does not:
// it writes the bytes that came). Only a cache, kept for one response: a run whose bytes cannot be
// told is never offered.
import { isUtf8 } from 'node:buffer';
import { escapesAsStringified } from './stringified-escapes.js';
import { backslashesBefore, BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from '../json-bytes.js';

/** One content part's deltas so far. */
export interface DeltaRun {
  /** The decoded deltas, joined. */
  readonly text: string;
  /** The bytes of their literals (without quotes), end to end, as views of the blocks they were copied into. */
  readonly bytes: readonly Uint8Array[];
  /** Total length of `bytes`. */
  readonly length: number;
  /** Every delta's literal is JSON.stringify's escaping of its text (told delta by delta, where escapes end). */
  readonly asStringified?: boolean;
}

/** Delta literal bytes are copied into blocks of this size. */
const BLOCK = 1024 * 1024;

class OpenRun implements DeltaRun {
  text = '';
  /** Views of the filled part of each block. */
  bytes: Uint8Array[] = [];
  length = 0;
  /** False once a delta's literal could not be found or was not valid UTF-8 on its own. */
  intact = true;
  asStringified = true;
  #block: Buffer | undefined;
  #filled = 0;

  add(text: string, literal: Uint8Array | undefined): void {
    if (!this.intact) return;
    if (literal === undefined || !isUtf8(literal)) {
      this.intact = false;
      this.text = '';
      this.bytes = [];
      this.#block = undefined;
      return;
    }
    this.text += text;
    if (this.asStringified) this.asStringified = escapesAsStringified(Buffer.from(literal.buffer, literal.byteOffset, literal.byteLength), 0, literal.length);
    this.#copy(literal);
    this.length += literal.length;
  }

  /**
   * The literal's bytes, copied into the current block: a view would keep the whole chunk it came in
   * (64 KB for a few deltas) until the response ends, and chunks kept are fresh pages for the next ones.
   */
  #copy(literal: Uint8Array): void {
    for (let from = 0; from < literal.length; ) {
      if (this.#block === undefined || this.#filled === this.#block.length) {
        this.#block = Buffer.allocUnsafeSlow(BLOCK);
        this.#filled = 0;
        this.bytes.push(this.#block.subarray(0, 0));
      }
      const n = Math.min(this.#block.length - this.#filled, literal.length - from);
      this.#block.set(literal.subarray(from, from + n), this.#filled);
      this.#filled += n;
      from += n;
      this.bytes[this.bytes.length - 1] = this.#block.subarray(0, this.#filled);
    }
  }
}

/** The runs of one response, by content part. */
export class DeltaRuns {
  readonly #runs = new Map<string, OpenRun>();

  /**
   * A delta of the part `key`: its decoded text, and the bytes of its literal in the event data
   * (undefined when they could not be told).
   */
  add(key: string, text: string, literal: Uint8Array | undefined): void {
    let run = this.#runs.get(key);
    if (run === undefined) this.#runs.set(key, (run = new OpenRun()));
    run.add(text, literal);
  }

  /** The intact runs of at least `min` bytes. */
  longRuns(min: number): DeltaRun[] {
    const out: DeltaRun[] = [];
    for (const run of this.#runs.values()) if (run.intact && run.length >= min) out.push(run);
    return out;
  }
}

const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** The first index at or after `at` that is not JSON white space. */
function skipSpace(doc: Uint8Array, at: number): number {
  while (at < doc.length && isSpace(doc[at] as number)) at++;
  return at;
}

/**
 * Past the string literal whose opening quote is at `open`: the index after its closing quote, or -1.
 * The closing quote is looked for from `from` on (the content is known to be at least that long):
 * a quote is unescaped when an even run of backslashes precedes it, wherever the scan started.
 */
function afterString(doc: Uint8Array, open: number, from = open + 1): number {
  for (let q = doc.indexOf(QUOTE, from); q >= 0; q = doc.indexOf(QUOTE, q + 1)) {
    if (backslashesBefore(doc, q) % 2 === 0) return q + 1;
  }
  return -1;
}

/** Past the value starting at `at` (no leading space), or -1. */
function afterValue(doc: Uint8Array, at: number): number {
  let depth = 0;
  let i = at;
  while (i < doc.length) {
    const b = doc[i] as number;
    if (b === QUOTE) {
      i = afterString(doc, i);
      if (i < 0) return -1;
      if (depth === 0) return i;
      continue;
    }
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) depth++;
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (b === COMMA || isSpace(b))) return i;
    i++;
  }
  return depth === 0 ? i : -1;
}

/** How many times the string `quoted` (quotes included) occurs in the JSON text `doc`, up to 2. */
function tokensOf(doc: Buffer, quoted: Buffer): number {
  let n = 0;
  for (let at = doc.indexOf(quoted); at >= 0 && n < 2; at = doc.indexOf(quoted, at + 1)) {
    if (backslashesBefore(doc, at) % 2 === 0) n++;
  }
  return n;
}

/** The bytes `from..to` of `doc` are `name`. */
function bytesAre(doc: Uint8Array, from: number, to: number, name: Uint8Array): boolean {
  if (to - from !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (doc[from + k] !== name[k]) return false;
  return true;
}

/**
 * The content (between the quotes) of the string literal that is the value of the top-level member
 * named by `quotedKey` (the key's JSON text, quotes included) of the JSON object `doc`, whose value
 * JSON.parse read as a string of `length` UTF-16 units; undefined when there is none or it cannot be
 * told. `doc` must be valid JSON (it was parsed): the scan only finds where things are. The literal
 * itself is not scanned: each unit takes at least one byte, so its closing quote is looked for from
 * `length` bytes on. That holds only for the member JSON.parse kept (the last of a repeated key), so
 * the quoted key must occur once in the whole document (a quote not escaped always opens or closes a
 * string, so such an occurrence is that very string), and no key may be written with an escape (it
 * might be the same key spelled otherwise).
 */
export function topLevelStringMember(doc: Buffer, quotedKey: Buffer, length: number): Uint8Array | undefined {
  if (tokensOf(doc, quotedKey) !== 1) return undefined;
  let found: Uint8Array | undefined;
  let i = skipSpace(doc, 0);
  if (doc[i] !== OPEN_OBJECT) return undefined;
  i = skipSpace(doc, i + 1);
  if (doc[i] === CLOSE_OBJECT) return undefined;
  for (;;) {
    if (doc[i] !== QUOTE) return undefined;
    const keyEnd = afterString(doc, i);
    if (keyEnd < 0) return undefined;
    for (let k = i + 1; k < keyEnd - 1; k++) if (doc[k] === BACKSLASH) return undefined;
    const isKey = bytesAre(doc, i, keyEnd, quotedKey);
    i = skipSpace(doc, keyEnd);
    if (doc[i] !== COLON) return undefined;
    i = skipSpace(doc, i + 1);
    if (isKey) {
      if (doc[i] !== QUOTE || found !== undefined) return undefined;
      const end = afterString(doc, i, i + 1 + length);
      if (end < 0) return undefined;
      found = doc.subarray(i + 1, end - 1);
      i = end;
    } else {
      i = afterValue(doc, i);
      if (i < 0) return undefined;
    }
    i = skipSpace(doc, i);
    if (doc[i] === CLOSE_OBJECT) return found;
    if (doc[i] !== COMMA) return undefined;
    i = skipSpace(doc, i + 1);
  }
}
