// Parsing a JSON document while leaving out one member, whose value is never decoded. The
// `response.completed` event repeats the whole answer in `response.output`, which weft does not read
// (Codex reads only the response's id and usage there: items come from `response.output_item.done`):
// decoding a 20 MB answer a second time costs as much as receiving it. Here the left-out value is only
// scanned, byte by byte, in the pieces it arrived in. It is still checked: its strings byte by byte
// (no raw control character, valid escapes) and its structure by parsing its skeleton (the value with
// every string emptied), so a document JSON.parse would refuse is refused the same way: then the
// whole text is parsed, which throws JSON.parse's own error. A string that repeats, byte for byte, a
// long literal already read and checked in this stream (long-string-cache.ts: the answer of
// `response.output_item.done`) is passed over by comparing bytes, not scanned again.

import type { KnownJsonString } from './long-string-cache.js';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.js';

const HEX = new Set([...'0123456789abcdefABCDEF'].map((c) => c.charCodeAt(0)));
/** The characters a JSON escape may name after its backslash (`u` is followed by four hex digits). */
const ESCAPES = new Set([...'"\\/bfnrtu'].map((c) => c.charCodeAt(0)));
const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** Reading position over the pieces of a document, as if they were one buffer. */
class Cursor {
  piece = 0;
  at = 0;
  constructor(
    readonly pieces: readonly Uint8Array[],
    /** Long literals already read and checked in this stream, which a repeat is matched against. */
    readonly known: readonly KnownJsonString[] = [],
  ) {
    this.#settle();
  }

  get done(): boolean {
    return this.piece >= this.pieces.length;
  }

  /** The current byte (the cursor must not be done). */
  peek(): number {
    return (this.pieces[this.piece] as Uint8Array)[this.at] as number;
  }

  advance(): void {
    this.at++;
    this.#settle();
  }

  /** Moves to byte `at` of piece `piece`. */
  jump(piece: number, at: number): void {
    this.piece = piece;
    this.at = at;
    this.#settle();
  }

  /** Moves past empty pieces and the end of the current one. */
  #settle(): void {
    while (this.piece < this.pieces.length && this.at >= (this.pieces[this.piece] as Uint8Array).length) {
      this.piece++;
      this.at = 0;
    }
  }
}

/** Bytes copied out of the pieces: the part of the document that is parsed. */
class Kept {
  readonly parts: Uint8Array[] = [];
  #piece = 0;
  #from = 0;
  constructor(private readonly cursor: Cursor) {}

  /** Keeps everything from the last mark up to the cursor. */
  keepToCursor(): void {
    const { pieces } = this.cursor;
    for (let p = this.#piece; p <= this.cursor.piece && p < pieces.length; p++) {
      const piece = pieces[p] as Uint8Array;
      const from = p === this.#piece ? this.#from : 0;
      const to = p === this.cursor.piece ? this.cursor.at : piece.length;
      if (to > from) this.parts.push(piece.subarray(from, to));
    }
  }

  /** Starts keeping again at the cursor. */
  markCursor(): void {
    this.#piece = this.cursor.piece;
    this.#from = this.cursor.at;
  }

  text(): string {
    return Buffer.concat(this.parts).toString('utf8');
  }
}

/**
 * Scans the string starting at the cursor (on its opening quote) to just past its closing quote.
 * Returns false when JSON would refuse it (a raw control character, a bad escape, no end).
 */
function skipString(c: Cursor): boolean {
  c.advance();
  if (skipKnownString(c)) return true;
  while (!c.done) {
    const piece = c.pieces[c.piece] as Uint8Array;
    let i = c.at;
    const n = piece.length;
    // The long run: plain bytes of the string, within one piece.
    while (i < n) {
      const b = piece[i] as number;
      if (b === QUOTE || b === BACKSLASH || b < 0x20) break;
      i++;
    }
    c.at = i;
    if (i === n) {
      c.advance();
      continue;
    }
    const b = piece[i] as number;
    if (b === QUOTE) {
      c.advance();
      return true;
    }
    if (b < 0x20) return false;
    c.advance();
    if (c.done || !ESCAPES.has(c.peek())) return false;
    const escape = c.peek();
    c.advance();
    if (escape === 0x75) {
      for (let k = 0; k < 4; k++) {
        if (c.done || !HEX.has(c.peek())) return false;
        c.advance();
      }
    }
  }
  return false;
}

/**
 * A string whose content is, byte for byte, a long literal already read and checked in this stream
 * (the answer of `response.output_item.done`, repeated here): the cursor (just past the opening
 * quote) moves past its closing quote without a scan.
 */
function skipKnownString(c: Cursor): boolean {
  if (c.done) return false;
  const first = c.peek();
  for (const known of c.known) {
    if ((known.bytes.find((b) => b.length > 0) ?? [])[0] !== first) continue;
    const end = matchedThrough(c, known.bytes);
    if (end === undefined) continue;
    c.jump(end.piece, end.at);
    if (c.done || c.peek() !== QUOTE) {
      c.jump(end.start.piece, end.start.at);
      continue;
    }
    c.advance();
    return true;
  }
  return false;
}

/** Where the bytes `known` end when they occur at the cursor, or undefined. */
function matchedThrough(
  c: Cursor,
  known: readonly Uint8Array[],
): { piece: number; at: number; start: { piece: number; at: number } } | undefined {
  let piece = c.piece;
  let at = c.at;
  for (const bytes of known) {
    for (let off = 0; off < bytes.length; ) {
      const here = c.pieces[piece];
      if (here === undefined) return undefined;
      const n = Math.min(here.length - at, bytes.length - off);
      if (n <= 0) {
        piece++;
        at = 0;
        continue;
      }
      if (Buffer.compare(here.subarray(at, at + n), bytes.subarray(off, off + n)) !== 0) return undefined;
      at += n;
      off += n;
    }
  }
  return { piece, at, start: { piece: c.piece, at: c.at } };
}

/**
 * Scans one JSON value starting at the cursor; returns its skeleton (the value with every string
 * emptied), or undefined when a string in it is not valid JSON.
 */
function skipValue(c: Cursor): string | undefined {
  const skeleton: number[] = [];
  let depth = 0;
  while (!c.done) {
    const b = c.peek();
    if (b === QUOTE) {
      if (!skipString(c)) return undefined;
      skeleton.push(QUOTE, QUOTE);
    } else {
      if (depth === 0 && skeleton.length > 0 && (b === COMMA || b === CLOSE_OBJECT || b === CLOSE_ARRAY || isSpace(b))) break;
      if (b === OPEN_OBJECT || b === OPEN_ARRAY) depth++;
      else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) depth--;
      skeleton.push(b);
      c.advance();
    }
    if (depth === 0 && (b === QUOTE || b === CLOSE_OBJECT || b === CLOSE_ARRAY)) break;
  }
  // Outside strings JSON is ASCII; any other byte stays a byte JSON.parse refuses.
  return Buffer.from(skeleton).toString('latin1');
}

/**
 * `JSON.parse` of the UTF-8 document in `pieces`, without the member at `path` (object keys from the
 * top: `['response', 'output']` leaves out `value.response.output`). The member's value is checked but
 * never decoded; a string in it that repeats one of `known` byte for byte is passed over without a
 * scan. @throws SyntaxError as JSON.parse does when the document is not JSON.
 */
export function parseJsonWithout(pieces: readonly Uint8Array[], path: readonly string[], known: readonly KnownJsonString[] = []): unknown {
  const skimmed = skim(pieces, path, known);
  if (skimmed !== undefined) {
    try {
      JSON.parse(skimmed.skeleton);
      const value: unknown = JSON.parse(skimmed.kept);
      if (skimmed.left > 0) removeAt(value, path);
      return value;
    } catch {
      // Not JSON: parsed whole below, for JSON.parse's own error.
    }
  }
  const whole: unknown = JSON.parse(Buffer.concat(pieces).toString('utf8'));
  removeAt(whole, path);
  return whole;
}

interface Skimmed {
  /** The document with the left-out values replaced by `null`. */
  readonly kept: string;
  /** The skeletons of the left-out values, as a JSON array. */
  readonly skeleton: string;
  /** How many values were left out. */
  readonly left: number;
}

/** One pass over the document: what is kept, and what is left out (as skeletons). */
function skim(pieces: readonly Uint8Array[], path: readonly string[], known: readonly KnownJsonString[]): Skimmed | undefined {
  const c = new Cursor(pieces, known);
  const kept = new Kept(c);
  const skeletons: string[] = [];
  // Per open container: whether it is an object, and the key of its current member.
  const objects: boolean[] = [];
  const keys: (string | undefined)[] = [];
  let expectKey = false;
  const onPath = (): boolean => objects.length === path.length && objects.every((isObject, i) => isObject && keys[i] === path[i]);
  while (!c.done) {
    const b = c.peek();
    if (b === QUOTE) {
      const keyStart = { piece: c.piece, at: c.at };
      if (!skipString(c)) return undefined;
      if (expectKey && objects.length <= path.length) keys[objects.length - 1] = keyText(pieces, keyStart, c);
      expectKey = false;
      continue;
    }
    c.advance();
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      objects.push(b === OPEN_OBJECT);
      keys.push(undefined);
      expectKey = b === OPEN_OBJECT;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      objects.pop();
      keys.pop();
      expectKey = false;
    } else if (b === COMMA) {
      expectKey = objects[objects.length - 1] === true;
    } else if (b === COLON && onPath()) {
      while (!c.done && isSpace(c.peek())) c.advance();
      kept.keepToCursor();
      const skeleton = skipValue(c);
      if (skeleton === undefined) return undefined;
      skeletons.push(skeleton);
      kept.parts.push(NULL);
      kept.markCursor();
    }
  }
  kept.keepToCursor();
  return { kept: kept.text(), skeleton: `[${skeletons.join(',')}]`, left: skeletons.length };
}

const NULL = Buffer.from('null');

/** The text of the key string between `start` and the cursor (just past its closing quote). */
function keyText(pieces: readonly Uint8Array[], start: { piece: number; at: number }, end: Cursor): string | undefined {
  const parts: Uint8Array[] = [];
  for (let p = start.piece; p <= end.piece && p < pieces.length; p++) {
    const piece = pieces[p] as Uint8Array;
    parts.push(piece.subarray(p === start.piece ? start.at : 0, p === end.piece ? end.at : piece.length));
  }
  const raw = Buffer.concat(parts);
  // Keys are short; a long one is no key of the path anyway.
  if (raw.length > 256) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as string;
  } catch {
    return undefined;
  }
}

export function removeAt(value: unknown, path: readonly string[]): void {
  let at: unknown = value;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return;
    at = (at as Record<string, unknown>)[key];
  }
  if (typeof at === 'object' && at !== null && !Array.isArray(at)) delete (at as Record<string, unknown>)[path[path.length - 1] as string];
}
