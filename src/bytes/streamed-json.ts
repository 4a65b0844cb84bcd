// JSON.parse of an event's data read as its bytes arrive, for events too large to hold until their end
// (`response.output_item.done` and `response.completed` each repeat a 20 MB answer). On this kind of
// machine fresh memory is what is slow: held until the event ends, its chunks are 20 MB of pages
// touched for the first time, twice per answer. Here each chunk is read once and let go. The document
// around its long strings (ids, types, usage: a few hundred bytes) is kept and parsed by JSON.parse at
// the end, which checks its structure; each long string literal goes, as its bytes arrive, to a reader
// chosen by where it stands (long-literal-readers.ts: matched against bytes already held, decoded, or
// only checked), and its text is put in its place. A document JSON.parse refuses is refused with a
// SyntaxError that names the event, the byte where it went wrong, and JSON.parse's own message there.
import { CLOSE_ARRAY, CLOSE_OBJECT, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.js';
import { JsonScanner, type JsonScanReader } from './json-scanner.js';
import { LONG_STRING } from './long-string-cache.js';
import { LiteralError, StringSliceDecoder } from './string-slice-decoder.js';

/** Where a value stands: object keys and array indexes from the top. */
export type JsonPath = readonly (string | number)[];

/** Reads one long literal's content as it arrives. */
export interface LongLiteralReader {
  /** More content bytes (a view, valid for the call). @throws LiteralError */
  push(bytes: Uint8Array): void;
  /** The literal's text, put in its place. @throws LiteralError */
  end(): string;
  /**
   * Takes the leading bytes of `bytes` that the reader knows to be string content without a closing
   * quote (bytes it already holds), and says how many; the rest is pushed as usual.
   */
  takeKnown?(bytes: Uint8Array): number;
}

export type LongLiteralFor = (path: JsonPath) => LongLiteralReader;

interface Container {
  readonly object: boolean;
  key: string | undefined;
  index: number;
}

export class StreamedJson implements JsonScanReader {
  readonly #event: string;
  readonly #literalFor: LongLiteralFor;
  readonly #scanner = new JsonScanner(this);
  /** The document without its long literals (each replaced by a placeholder). */
  readonly #kept: Buffer[] = [];
  #keptLength = 0;
  /** Where the kept text and the document stop running in step: pairs of offsets (kept, document). */
  readonly #shifts: [number, number][] = [];
  /** Per open container: the key of its current member (objects) or its index (arrays). */
  readonly #stack: Container[] = [];
  /** The open string is a key. */
  #isKey = false;
  /** Document offset of the current string's content. */
  #stringStart = 0;
  /**
   * The literal being read while it is short, until it is kept or found long. The reader's own: a
   * literal can span chunks, and another large event may be read between them (an app-server runs
   * several turns at once).
   */
  readonly #short = Buffer.allocUnsafeSlow(LONG_STRING);
  #shortLength = 0;
  #long: LongLiteralReader | undefined;
  readonly #texts = new Map<string, string>();
  readonly #nonce = `\u0000${Math.random().toString(36).slice(2)}:`;

  /** `event` names the event in errors; `literalFor` chooses the reader of each long literal. */
  constructor(event: string, literalFor: LongLiteralFor) {
    this.#event = event;
    this.#literalFor = literalFor;
  }

  /** The next bytes of the document. @throws SyntaxError when a long literal is not JSON. */
  push(piece: Buffer): void {
    this.#scanner.push(piece);
  }

  /** The document's value, as JSON.parse gives it. @throws SyntaxError when it is not JSON. */
  end(): unknown {
    if (this.#scanner.inString) this.#fail(this.#stringStart - 1, 'the data ends inside the string that starts there (unterminated string)');
    const text = Buffer.concat(this.#kept, this.#keptLength).toString('utf8');
    const texts = this.#texts;
    try {
      return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && value.charCodeAt(0) === 0 ? (texts.get(value) ?? value) : value));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const position = jsonErrorPosition(message, text);
      const at = position === undefined ? undefined : this.#documentOffset(Buffer.byteLength(text.slice(0, position)));
      return this.#fail(at, `JSON.parse of the data without its long strings says: ${message}`);
    }
  }

  /** Tracks the path of containers and keys; JSON.parse checks the structure at the end. */
  structure(b: number): void {
    const top = this.#stack[this.#stack.length - 1];
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.#stack.push({ object: b === OPEN_OBJECT, key: undefined, index: 0 });
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) this.#stack.pop();
    else if (b === COMMA && top !== undefined && !top.object) top.index++;
  }

  outside(piece: Buffer, from: number, to: number): void {
    this.#keep(piece.subarray(from, to));
  }

  stringOpened(at: number, key: boolean): void {
    this.#isKey = key;
    this.#stringStart = at + 1;
    this.#shortLength = 0;
  }

  knownContent(piece: Buffer, from: number, to: number): number {
    return this.#long?.takeKnown?.(piece.subarray(from, to)) ?? 0;
  }

  content(piece: Buffer, from: number, to: number): void {
    const bytes = piece.subarray(from, to);
    try {
      if (this.#long !== undefined) {
        this.#long.push(bytes);
        return;
      }
      if (this.#shortLength + bytes.length < LONG_STRING) {
        this.#short.set(bytes, this.#shortLength);
        this.#shortLength += bytes.length;
        return;
      }
      // Long: from here on its bytes go to its reader (a key, though, is always decoded: its text is the path).
      this.#long = this.#isKey ? new StringSliceDecoder(true) : this.#literalFor(this.#path());
      this.#long.push(this.#short.subarray(0, this.#shortLength));
      this.#long.push(bytes);
    } catch (err) {
      this.#literalFailed(err);
    }
  }

  stringClosed(closingQuote: number): void {
    const isKey = this.#isKey;
    const top = this.#stack[this.#stack.length - 1];
    const long = this.#long;
    if (long === undefined) {
      const literal = Buffer.allocUnsafe(this.#shortLength + 2);
      literal[0] = QUOTE;
      this.#short.copy(literal, 1, 0, this.#shortLength);
      literal[literal.length - 1] = QUOTE;
      this.#keep(literal);
      if (isKey && top !== undefined) top.key = keyText(literal);
      return;
    }
    this.#long = undefined;
    let text: string;
    try {
      text = long.end();
    } catch (err) {
      return this.#literalFailed(err);
    }
    let literal: string;
    if (isKey) {
      literal = JSON.stringify(text);
      if (top !== undefined) top.key = text;
    } else {
      const placeholder = `${this.#nonce}${this.#texts.size}`;
      this.#texts.set(placeholder, text);
      literal = JSON.stringify(placeholder);
    }
    this.#shifts.push([this.#keptLength, this.#stringStart - 1]);
    this.#keep(Buffer.from(literal));
    this.#shifts.push([this.#keptLength, closingQuote + 1]);
  }

  #path(): JsonPath {
    return this.#stack.map((c) => (c.object ? (c.key ?? '') : c.index));
  }

  /** Keeps a copy of `bytes` (the chunk they are a view of is let go). */
  #keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#kept.push(Buffer.from(bytes));
    this.#keptLength += bytes.length;
  }

  /** The document offset of the kept text's byte `kept`. */
  #documentOffset(kept: number): number {
    let shift: [number, number] = [0, 0];
    for (const s of this.#shifts) if (s[0] <= kept) shift = s;
    return shift[1] + (kept - shift[0]);
  }

  #literalFailed(err: unknown): never {
    if (!(err instanceof LiteralError)) throw err;
    return this.#fail(this.#stringStart + err.offset, `JSON.parse of the slice of a long string read there says: ${err.message}`);
  }

  #fail(at: number | undefined, message: string): never {
    const where = at === undefined ? '' : ` at byte ${at}`;
    throw new SyntaxError(`the data of the '${this.#event}' event (read as it arrived, being large) is not JSON${where}: ${message}`);
  }
}

/** V8 shows this many characters on each side of an unexpected token. */
const CONTEXT = 10;

/**
 * Where in `text` JSON.parse stopped, from its message: a position it names, the end of the input, or
 * the place of the context it quotes around an unexpected token; undefined when it cannot be told.
 */
function jsonErrorPosition(message: string, text: string): number | undefined {
  const position = /at position (\d+)/.exec(message);
  if (position !== null) return Number(position[1]);
  if (message.startsWith('Unexpected end of JSON input')) return text.length;
  const quoted = /^Unexpected token .+?, (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (quoted === null) return undefined;
  const [, before, context = '', after] = quoted;
  if (before === undefined && after !== undefined) return context.length - CONTEXT;
  const at = text.indexOf(context);
  if (before === undefined || at < 0 || text.indexOf(context, at + 1) >= 0) return undefined;
  return at + CONTEXT;
}

/** The text of a short key literal; undefined when it is not JSON (JSON.parse says so at the end). */
function keyText(literal: Buffer): string | undefined {
  try {
    return JSON.parse(literal.toString('utf8')) as string;
  } catch {
    return undefined;
  }
}
