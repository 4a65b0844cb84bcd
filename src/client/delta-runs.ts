// The text of each streamed content part as its deltas brought it, and a fingerprint of the bytes of
// their JSON string literals. `response.output_item.done` then repeats the whole text as one literal;
// when that literal is the deltas' literals put end to end, its text is the deltas' texts put end to
// end (each delta literal is whole JSON string content: its escapes end inside it, and its bytes are
// valid UTF-8 on their own, which is checked), so long-string-json.ts takes it from here instead of
// decoding 20 MB a second time. Only a cache, kept for one response: a run whose bytes cannot be told
// is never offered.
//
// A 20 MB answer streams as some 21,000 deltas, and what is kept of them must be neither 21,000 small
// objects (held across the stream, they survive young collections and are copied and marked again
// and again as the old space grows) nor a second copy of the answer: on this kind of machine memory
// the process has not touched yet is what is slow (each new page costs a fault). So the texts are
// joined into one flat string every few hundred deltas, while they are still young, and the literals'
// bytes are not kept at all: they are fed to a SHA-256 digest as they come, with their length, and
// the done event's literal is compared by its own digest. The chunks the deltas came in are free as
// soon as they are read.
import { isUtf8 } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from '../json-bytes.js';
import { escapesAsStringified } from './stringified-escapes.js';

/** One content part's deltas so far. */
export interface DeltaRun {
  /** The decoded deltas, joined. */
  readonly text: string;
  /** Total length in bytes of their literals (without quotes). */
  readonly length: number;
  /** Every escape in their literals is one JSON.stringify writes. */
  readonly asStringified: boolean;
  /** The bytes in `views` (`length` of them) are the deltas' literals put end to end. */
  isLiteral(views: readonly Uint8Array[]): boolean;
}

/** Delta texts joined into one flat string at a time. */
const TEXTS_PER_JOIN = 256;
const DIGEST = 'sha256';

class OpenRun implements DeltaRun {
  /** Texts already joined, a few hundred deltas each. */
  #joined: string[] = [];
  /** Texts of the latest deltas, not yet joined. */
  #texts: string[] = [];
  #hash: Hash | undefined = createHash(DIGEST);
  #digest: Buffer | undefined;
  length = 0;
  asStringified = true;
  /** False once a delta's literal could not be found or was not valid UTF-8 on its own. */
  intact = true;

  get text(): string {
    // A rope of the joined pieces: no copy of the answer until something reads it whole.
    let text = '';
    for (const piece of this.#joined) text += piece;
    return this.#texts.length > 0 ? text + this.#texts.join('') : text;
  }

  add(text: string, literal: Uint8Array | undefined): void {
    if (!this.intact) return;
    if (literal === undefined || this.#hash === undefined || !isUtf8(literal)) {
      this.intact = false;
      this.#joined = [];
      this.#texts = [];
      this.#hash = undefined;
      return;
    }
    this.#texts.push(text);
    if (this.#texts.length === TEXTS_PER_JOIN) {
      this.#joined.push(this.#texts.join(''));
      this.#texts = [];
    }
    this.#hash.update(literal);
    this.length += literal.length;
    if (this.asStringified) this.asStringified = escapesAsStringified(asBuffer(literal), 0, literal.length);
  }

  isLiteral(views: readonly Uint8Array[]): boolean {
    if (!this.intact) return false;
    let n = 0;
    for (const v of views) n += v.length;
    if (n !== this.length) return false;
    if (this.#digest === undefined) {
      // The run is read at its part's done event: deltas after it (none, in a well-formed stream)
      // would make it no longer intact.
      this.#digest = (this.#hash as Hash).digest();
      this.#hash = undefined;
    }
    const hash = createHash(DIGEST);
    for (const v of views) hash.update(v);
    return hash.digest().equals(this.#digest);
  }
}

const asBuffer = (b: Uint8Array): Buffer => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** The runs of one response, by content part. */
export class DeltaRuns {
  readonly #runs = new Map<string, OpenRun>();
  /** The part of the previous delta, and its run: deltas of one part come one after another. */
  #lastItem: unknown;
  #lastOutput: unknown;
  #lastContent: unknown;
  #last: OpenRun | undefined;

  /**
   * A delta of the part (`item`, `output`, `content`): its decoded text, and the bytes of its literal
   * in the event data (undefined when they could not be told).
   */
  add(item: unknown, output: unknown, content: unknown, text: string, literal: Uint8Array | undefined): void {
    let run = this.#last;
    if (run === undefined || item !== this.#lastItem || output !== this.#lastOutput || content !== this.#lastContent) {
      const key = `${String(item)} ${String(output)} ${String(content)}`;
      run = this.#runs.get(key);
      if (run === undefined) this.#runs.set(key, (run = new OpenRun()));
      this.#last = run;
      this.#lastItem = item;
      this.#lastOutput = output;
      this.#lastContent = content;
    }
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
    let slashes = 0;
    while (doc[q - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
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
    let slashes = 0;
    while (doc[at - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) n++;
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
