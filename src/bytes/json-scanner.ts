// The one scanner of JSON structure in weft's byte fast path. It reads UTF-8 JSON as bytes, in the
// pieces they arrive in, and tells its reader where strings open and close, which bytes are string
// content, and where the structural bytes (`{ [ } ] , :`) stand, without decoding anything. Every
// reader of JSON bytes is built on it: the large event read as it arrives (streamed-json.ts), the
// delta literal found in a small event (delta-runs.ts) and the rollout line skeleton
// (item-line-skeleton.ts).
//
// It is a scanner, not a parser: it finds string tokens (a quote opens one outside strings; the first
// quote after an even run of backslashes closes it, even when the run spans pieces) and follows the
// nesting, and it checks nothing else. Whoever keeps the bytes has JSON.parse check them (the reader of
// a large event parses what it kept, the line skeleton parses its text). Strings are passed over a
// search for the next quote at a time, so a long string costs a few `indexOf`s, not a loop per byte;
// outside strings, bytes are looked at one by one (numbers, spaces and punctuation: few of them), the
// opening quote among them.
import { backslashesBefore, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.js';

/**
 * What a scan tells. Offsets count bytes from the document's start, across pieces. Views are of the
 * piece being scanned and valid for the call.
 */
export interface JsonScanReader {
  /** A structural byte outside strings (`{ [ } ] , :`) at `at`, once the scanner's nesting took it in. */
  structure(byte: number, at: number): void;
  /** Bytes outside strings (structural ones included), `piece[from..to)`, after their `structure` calls. */
  outside?(piece: Buffer, from: number, to: number): void;
  /** A string opens with its quote at `at`; `key` when it stands where an object's key does. */
  stringOpened(at: number, key: boolean): void;
  /** Content bytes of the open string, `piece[from..to)` (a string's content may come in several calls). */
  content?(piece: Buffer, from: number, to: number): void;
  /** The open string closes with its quote at `at`. */
  stringClosed(at: number): void;
  /**
   * How many leading bytes of `piece[from..to)` the reader knows to be content of the open string
   * without its closing quote (bytes it already holds and checked): the reader takes them itself,
   * they are not searched for a quote nor passed to `content`.
   */
  knownContent?(piece: Buffer, from: number, to: number): number;
}

/** What a byte outside strings is, as a table (one load per byte): structural, a quote, or neither. */
const IS_STRUCTURAL = 1;
const IS_QUOTE = 2;
const OUTSIDE = new Uint8Array(256);
for (const b of [OPEN_OBJECT, OPEN_ARRAY, CLOSE_OBJECT, CLOSE_ARRAY, COMMA, COLON]) OUTSIDE[b] = IS_STRUCTURAL;
OUTSIDE[QUOTE] = IS_QUOTE;

export class JsonScanner {
  readonly #reader: JsonScanReader;
  // Which optional parts the reader has, told once (the scan runs per byte and per string).
  readonly #outside: boolean;
  readonly #content: boolean;
  readonly #known: boolean;
  /** Document bytes before the current piece. */
  #offset = 0;
  /** Per open container: whether it is an object. */
  readonly #objects: boolean[] = [];
  #expectKey = false;
  #inString = false;
  /** Backslashes ending the open string's content so far (an odd count escapes what follows). */
  #trailingBackslashes = 0;

  constructor(reader: JsonScanReader) {
    this.#reader = reader;
    this.#outside = reader.outside !== undefined;
    this.#content = reader.content !== undefined;
    this.#known = reader.knownContent !== undefined;
  }

  /** How many containers are open. */
  get depth(): number {
    return this.#objects.length;
  }

  /** Whether the innermost open container is an object. */
  get inObject(): boolean {
    return this.#objects[this.#objects.length - 1] === true;
  }

  /** A string is open (at the end of the document: it has no end). */
  get inString(): boolean {
    return this.#inString;
  }

  /** Bytes scanned so far. */
  get offset(): number {
    return this.#offset;
  }

  /** Scans the next bytes of the document: `piece[from..to)` (the whole piece by default). */
  push(piece: Buffer, from = 0, to = piece.length): void {
    // Offsets of the document are piece offsets shifted by `base`.
    const base = this.#offset - from;
    let i = from;
    const n = to;
    while (i < n) {
      if (this.#inString) {
        i = this.#stringBytes(piece, i, n, base);
        continue;
      }
      // Outside strings every byte is looked at anyway (for structure), so the opening quote is found
      // in the same loop: no search call per string (a small event holds a dozen strings).
      let stop = i;
      for (; stop < n; stop++) {
        const kind = OUTSIDE[piece[stop] as number] as number;
        if (kind === IS_QUOTE) break;
        if (kind === IS_STRUCTURAL) this.#structure(piece[stop] as number, base + stop);
      }
      if (this.#outside && stop > i) this.#reader.outside?.(piece, i, stop);
      if (stop >= n) break;
      this.#inString = true;
      this.#trailingBackslashes = 0;
      this.#reader.stringOpened(base + stop, this.#expectKey);
      i = stop + 1;
    }
    this.#offset += to - from;
  }

  #structure(b: number, at: number): void {
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      this.#objects.push(b === OPEN_OBJECT);
      this.#expectKey = b === OPEN_OBJECT;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      this.#objects.pop();
      this.#expectKey = false;
    } else if (b === COMMA) this.#expectKey = this.#objects[this.#objects.length - 1] === true;
    else this.#expectKey = false;
    this.#reader.structure(b, at);
  }

  /** Reads string content from `start` (before `n`); returns where scanning goes on (past the closing quote, or `n`). */
  #stringBytes(piece: Buffer, start: number, n: number, base: number): number {
    let i = start;
    const known = this.#known ? (this.#reader.knownContent?.(piece, i, n) ?? 0) : 0;
    if (known > 0) {
      // Not searched for quotes: bytes the reader already holds as content.
      i += known;
      this.#trailingBackslashes = trailingBackslashes(piece, start, i, this.#trailingBackslashes);
      if (i >= n) return i;
    }
    let quote = piece.indexOf(QUOTE, i);
    if (quote >= n) quote = -1;
    while (quote >= 0) {
      let slashes = backslashesBefore(piece, quote, i);
      if (quote - slashes === i) slashes += this.#trailingBackslashes;
      if (slashes % 2 === 0) break;
      quote = piece.indexOf(QUOTE, quote + 1);
      if (quote >= n) quote = -1;
    }
    const end = quote < 0 ? n : quote;
    if (this.#content && end > i) this.#reader.content?.(piece, i, end);
    if (quote < 0) {
      this.#trailingBackslashes = trailingBackslashes(piece, i, end, this.#trailingBackslashes);
      return end;
    }
    this.#inString = false;
    this.#expectKey = false;
    this.#reader.stringClosed(base + quote);
    return quote + 1;
  }
}

/** Backslashes ending the content once `piece[from..to)` is read, `before` of them ending it before. */
function trailingBackslashes(piece: Buffer, from: number, to: number, before: number): number {
  const slashes = backslashesBefore(piece, to, from);
  return to - slashes === from ? before + slashes : slashes;
}
