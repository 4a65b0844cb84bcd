// JSON.parse of an event's data from the pieces it arrived in, for events that carry a long string
// (`response.output_item.done` holds the whole answer). Joined and decoded whole, a 20 MB answer costs
// three fresh 20 MB blocks (the joined bytes, their text, the parsed string), and on this kind of
// machine fresh memory is what is slow. Here the structure around the long strings is parsed as usual,
// and each long string literal is decoded a slice at a time (string-slice-decoder.ts); only the final
// text is new memory. JSON.parse still checks every slice (escapes, raw control characters), and a
// document it would refuse whole is parsed whole, for JSON.parse's own error. The literal's bytes are
// remembered (long-string-cache.ts): the rollout writes them as they came when they are exactly
// JSON.stringify's escaping of the text. A literal that is, byte for byte, the literals of the deltas
// that streamed it (delta-runs.ts) is not decoded at all: its text is theirs.
import { randomUUID } from 'node:crypto';
import { BACKSLASH, COLON, QUOTE } from './json-bytes.js';
import type { LongStringCache } from './long-string-cache.js';
import { escapesAsStringified } from './stringified-escapes.js';
import { StringSliceDecoder } from './string-slice-decoder.js';
import type { DeltaRun } from './delta-runs.js';

/** A string literal of at least this many bytes is decoded a slice at a time. */
export const LONG_LITERAL = 64 * 1024;

/** The pieces of a document, addressed by offsets from its start. */
class Pieces {
  readonly pieces: readonly Buffer[];
  readonly starts: number[] = [];
  readonly length: number;
  #hint = 0;
  constructor(pieces: readonly Uint8Array[]) {
    this.pieces = pieces.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
    let at = 0;
    for (const p of pieces) {
      this.starts.push(at);
      at += p.length;
    }
    this.length = at;
  }

  /** The piece holding `offset`: the last one looked at or the next one, else a binary search. */
  #pieceAt(offset: number): number {
    const i = this.#hint;
    const last = this.pieces.length - 1;
    if (offset >= (this.starts[i] as number) && (i === last || offset < (this.starts[i + 1] as number))) return i;
    if (i < last && offset >= (this.starts[i + 1] as number) && (i + 1 === last || offset < (this.starts[i + 2] as number))) {
      return (this.#hint = i + 1);
    }
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return (this.#hint = lo);
  }

  byteAt(offset: number): number {
    const i = this.#pieceAt(offset);
    return (this.pieces[i] as Uint8Array)[offset - (this.starts[i] as number)] as number;
  }

  /** The offset of the next `byte` at or after `from`, or -1. */
  indexOf(byte: number, from: number): number {
    if (from >= this.length) return -1;
    for (let i = this.#pieceAt(from); i < this.pieces.length; i++) {
      const start = this.starts[i] as number;
      const found = (this.pieces[i] as Buffer).indexOf(byte, Math.max(0, from - start));
      if (found >= 0) return start + found;
    }
    return -1;
  }

  /** Views of the bytes `from..to`. */
  views(from: number, to: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (to <= from) return out;
    for (let i = this.#pieceAt(from); i < this.pieces.length; i++) {
      const piece = this.pieces[i] as Uint8Array;
      const start = this.starts[i] as number;
      if (start >= to) break;
      out.push(piece.subarray(Math.max(0, from - start), Math.min(piece.length, to - start)));
    }
    return out;
  }

  /** The bytes from `offset` on are `bytes` (of total length `length`). */
  holdsAt(offset: number, bytes: readonly Uint8Array[], length: number): boolean {
    if (offset + length >= this.length) return false;
    let at = offset;
    for (const b of bytes) {
      let from = 0;
      for (const v of this.views(at, at + b.length)) {
        if (Buffer.compare(v, b.subarray(from, from + v.length)) !== 0) return false;
        from += v.length;
      }
      at += b.length;
    }
    return true;
  }

  /** How many backslashes end just before `offset` (an odd count escapes the byte at `offset`). */
  backslashesBefore(offset: number, floor: number): number {
    let n = 0;
    while (offset - n - 1 >= floor && this.byteAt(offset - n - 1) === BACKSLASH) n++;
    return n;
  }
}

/** A long literal found in the document: its content, between its quotes. */
interface Literal {
  readonly from: number;
  readonly to: number;
  readonly placeholder: string;
  /** The deltas whose literals these bytes are: the text is theirs. */
  readonly run?: DeltaRun;
}

/**
 * JSON.parse of the UTF-8 document in `pieces`, its long strings decoded a slice at a time, or taken
 * from the deltas in `runs` whose literals they repeat byte for byte (and remembered with their
 * bytes, in `longStrings`). @throws SyntaxError as JSON.parse does when the document is not JSON.
 */
export function parseJsonWithLongStrings(pieces: readonly Uint8Array[], runs: readonly DeltaRun[], longStrings: LongStringCache): unknown {
  const doc = new Pieces(pieces);
  const literals = doc.length >= LONG_LITERAL ? longLiterals(doc, runs) : undefined;
  if (literals !== undefined && literals.length > 0) {
    try {
      return parseAround(doc, literals, longStrings);
    } catch {
      // Not JSON after all: parsed whole below, for JSON.parse's own error.
    }
  }
  return JSON.parse(Buffer.concat(pieces).toString('utf8'));
}

/** The long string literals of the document; undefined when a string has no end. */
function longLiterals(doc: Pieces, runs: readonly DeltaRun[]): Literal[] | undefined {
  const found: Literal[] = [];
  const nonce = randomUUID();
  for (let at = doc.indexOf(QUOTE, 0); at >= 0; ) {
    // A run is whole string content (its escapes end inside it): its bytes, then a quote, are the literal.
    const run = runs.find((r) => doc.holdsAt(at + 1, r.bytes, r.length) && doc.byteAt(at + 1 + r.length) === QUOTE);
    if (run !== undefined && !isKey(doc, at + 2 + run.length)) {
      found.push({ from: at + 1, to: at + 1 + run.length, placeholder: `\u0000${nonce}:${found.length}`, run });
      at = doc.indexOf(QUOTE, at + 2 + run.length);
      continue;
    }
    // Outside strings every quote opens one; inside, the first quote not escaped closes it.
    let end = doc.indexOf(QUOTE, at + 1);
    while (end >= 0 && doc.backslashesBefore(end, at + 1) % 2 === 1) end = doc.indexOf(QUOTE, end + 1);
    if (end < 0) return undefined;
    if (end - at - 1 >= LONG_LITERAL && !isKey(doc, end + 1)) found.push({ from: at + 1, to: end, placeholder: `\u0000${nonce}:${found.length}` });
    at = doc.indexOf(QUOTE, end + 1);
  }
  return found;
}

/** The string ending before `at` is an object's key (a colon follows it). */
function isKey(doc: Pieces, at: number): boolean {
  while (at < doc.length) {
    const b = doc.byteAt(at++);
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return b === COLON;
  }
  return false;
}

/** The document parsed with each long literal swapped for a placeholder, then the decoded texts put in their places. */
function parseAround(doc: Pieces, literals: readonly Literal[], longStrings: LongStringCache): unknown {
  const texts = new Map<string, string>();
  const rest: Uint8Array[] = [];
  let at = 0;
  for (const lit of literals) {
    rest.push(...doc.views(at, lit.from - 1), Buffer.from(JSON.stringify(lit.placeholder)));
    texts.set(lit.placeholder, decodeLiteral(doc, lit, longStrings));
    at = lit.to + 1;
  }
  rest.push(...doc.views(at, doc.length));
  return JSON.parse(Buffer.concat(rest).toString('utf8'), (_key, value: unknown) =>
    typeof value === 'string' && value.charCodeAt(0) === 0 ? (texts.get(value) ?? value) : value,
  );
}

/** The text of a long literal, decoded slice by slice. @throws SyntaxError when a slice is not JSON. */
function decodeLiteral(doc: Pieces, lit: Literal, longStrings: LongStringCache): string {
  if (lit.run !== undefined) {
    const { text, bytes } = lit.run;
    // Each delta's bytes are valid UTF-8 on their own (delta-runs.ts) and hold whole escapes.
    const asStringified = lit.run.asStringified ?? bytes.every((b) => escapesAsStringified(Buffer.from(b.buffer, b.byteOffset, b.byteLength), 0, b.length));
    longStrings.remember({ value: text, bytes: doc.views(lit.from, lit.to), length: lit.to - lit.from, asStringified });
    return text;
  }
  const decoder = new StringSliceDecoder(true);
  for (const view of doc.views(lit.from, lit.to)) decoder.push(view);
  const value = decoder.end();
  longStrings.remember({ value, bytes: doc.views(lit.from, lit.to), length: lit.to - lit.from, asStringified: decoder.asStringified });
  return value;
}

