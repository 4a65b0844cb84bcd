// The content of one JSON string literal (the bytes between its quotes), decoded a slice at a time as
// its bytes arrive, for literals too long to be held (a 20 MB answer read while its event streams in).
// Each slice is copied into one reused buffer, cut where no UTF-8 sequence and no escape is split, and
// read by JSON.parse between quotes: JSON.parse checks it exactly as it would check it inside the
// whole literal (escapes, raw control characters), and the slices' texts joined are the literal's
// text. Used to check a literal without keeping its text too (then nothing of it is kept).
import { isUtf8 } from 'node:buffer';
import { backslashesBefore, BACKSLASH, QUOTE } from './json-bytes.js';
import { escapesAsStringified } from './stringified-escapes.js';

/** Bytes held before a slice is cut and decoded. */
const HELD = 64 * 1024;
const U = 0x75;
const isContinuation = (b: number): boolean => (b & 0xc0) === 0x80;

/** A literal JSON.parse refused: `offset` counts bytes from the start of its content. */
export class LiteralError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export class StringSliceDecoder {
  /** The opening quote, then the bytes not decoded yet (room for a closing quote after them). */
  readonly #buf = Buffer.allocUnsafeSlow(HELD + 2);
  #held = 0;
  /** Content bytes decoded so far. */
  #decoded = 0;
  /** The decoded slices; undefined when the literal is only checked. */
  readonly #parts: string[] | undefined;
  #stringified = true;

  constructor(keepText: boolean) {
    this.#buf[0] = QUOTE;
    this.#parts = keepText ? [] : undefined;
  }

  /** More content bytes. @throws LiteralError when a slice is not JSON string content. */
  push(bytes: Uint8Array): void {
    for (let from = 0; from < bytes.length; ) {
      const n = Math.min(HELD - this.#held, bytes.length - from);
      this.#buf.set(bytes.subarray(from, from + n), 1 + this.#held);
      this.#held += n;
      from += n;
      if (this.#held === HELD) this.#decode(this.#cut());
    }
  }

  /**
   * Whether the bytes decoded so far (their text kept) are UTF-8 whose escapes are all
   * JSON.stringify's: then they are exactly JSON.stringify's text of the literal.
   */
  get asStringified(): boolean {
    return this.#stringified;
  }

  /** The literal's text ('' when it is only checked). @throws LiteralError */
  end(): string {
    this.#decode(1 + this.#held);
    return this.#parts === undefined ? '' : this.#parts.join('');
  }

  /**
   * Where the held bytes are cut (an index into the buffer): at the end, moved back before a UTF-8
   * sequence or an escape that the end would split.
   */
  #cut(): number {
    const buf = this.#buf;
    const first = 1;
    let end = 1 + this.#held;
    // The last UTF-8 sequence, when its last bytes have not come yet, goes to the next slice (bytes
    // that are no UTF-8 at all are left as they are: JSON.parse reads them as the whole literal would).
    let lead = end - 1;
    while (lead > first && end - lead < 4 && isContinuation(buf[lead] as number)) lead--;
    const b = buf[lead] as number;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (lead > first && lead + length > end) end = lead;
    for (let back = 1; back <= 5 && end - back >= first; back++) {
      const at = end - back;
      if (buf[at] !== BACKSLASH || backslashesBefore(buf, at, first) % 2 === 1) continue;
      // An escape starts at `at`: it is whole when its letter (and for \u its four digits) is before `end`.
      if (back === 1 || buf[at + 1] === U) end = at;
      break;
    }
    return end;
  }

  /** Decodes the held bytes before `end` and keeps the rest for the next slice. */
  #decode(end: number): void {
    const buf = this.#buf;
    const after = buf[end] as number;
    buf[end] = QUOTE;
    const text = buf.toString('utf8', 0, end + 1);
    buf[end] = after;
    let value: string;
    try {
      value = JSON.parse(text) as string;
    } catch (err) {
      throw new LiteralError(this.#decoded + errorByte(text, err), (err as Error).message);
    }
    this.#parts?.push(value);
    if (this.#parts !== undefined && this.#stringified) this.#stringified = isUtf8(buf.subarray(1, end)) && escapesAsStringified(buf, 1, end);
    buf.copyWithin(1, end, 1 + this.#held);
    this.#held = 1 + this.#held - end;
    this.#decoded += end - 1;
  }
}

/**
 * The byte, counted in the slice's content, where JSON.parse stopped: its message names a position
 * in UTF-16 units of `text` (the slice between quotes), 0 when it names none.
 */
function errorByte(text: string, err: unknown): number {
  const position = /at position (\d+)/.exec(err instanceof Error ? err.message : '');
  if (position === null) return 0;
  return Math.max(0, Buffer.byteLength(text.slice(0, Number(position[1]))) - 1);
}
