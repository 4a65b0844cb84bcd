// What becomes of a long string literal of an event read as it arrives (streamed-json.ts). Most often
// the literal repeats, byte for byte, bytes already held: `response.output_item.done` repeats its
// deltas' literals (delta-runs.ts), `response.completed` repeats the answer `output_item.done` carried
// (long-string-cache.ts). Those are compared as they arrive and nothing of them is decoded or kept:
// the held bytes were checked as JSON when they came. A literal that differs anywhere is decoded (or
// only checked, when its text is not used) from where it stands, the part that matched included.
import { StringSliceDecoder } from './string-slice-decoder.js';
import type { LongLiteralReader } from './streamed-json.js';

/** Bytes already held, in views, that a literal may repeat. */
export interface HeldBytes {
  readonly bytes: readonly Uint8Array[];
  readonly length: number;
}

/** A position in held bytes, moved on as the literal's bytes are found equal to them. */
class HeldCursor {
  #view = 0;
  #at = 0;
  constructor(readonly held: HeldBytes) {}

  /** The held bytes at the cursor are `bytes` (then the cursor moves past them). */
  matches(bytes: Uint8Array): boolean {
    const views = this.held.bytes;
    for (let from = 0; from < bytes.length; ) {
      const view = views[this.#view];
      if (view === undefined) return false;
      const n = Math.min(view.length - this.#at, bytes.length - from);
      if (n <= 0) {
        this.#view++;
        this.#at = 0;
        continue;
      }
      if (Buffer.compare(view.subarray(this.#at, this.#at + n), bytes.subarray(from, from + n)) !== 0) return false;
      this.#at += n;
      from += n;
    }
    return true;
  }

  /** How many leading bytes of `bytes` are the held bytes at the cursor (the cursor moves past them). */
  matchingPrefix(bytes: Uint8Array): number {
    const views = this.held.bytes;
    let from = 0;
    while (from < bytes.length) {
      const view = views[this.#view];
      if (view === undefined) break;
      const n = Math.min(view.length - this.#at, bytes.length - from);
      if (n <= 0) {
        this.#view++;
        this.#at = 0;
        continue;
      }
      const held = view.subarray(this.#at, this.#at + n);
      const got = bytes.subarray(from, from + n);
      if (Buffer.compare(held, got) !== 0) {
        let same = 0;
        while (held[same] === got[same]) same++;
        this.#at += same;
        return from + same;
      }
      this.#at += n;
      from += n;
    }
    return from;
  }
}

/**
 * A literal compared with the candidates as it arrives. `matched` gives the text of a candidate it
 * is exactly; otherwise it is decoded (`keepText`) or only checked (its text is then '').
 */
export class RepeatedLiteral<T extends HeldBytes> implements LongLiteralReader {
  #cursors: HeldCursor[];
  #length = 0;
  #decoder: StringSliceDecoder | undefined;

  constructor(
    candidates: readonly T[],
    private readonly keepText: boolean,
    private readonly matched: (candidate: T) => string,
  ) {
    this.#cursors = candidates.map((c) => new HeldCursor(c));
    if (this.#cursors.length === 0) this.#decoder = new StringSliceDecoder(keepText);
  }

  /**
   * While one candidate is left: takes the leading bytes of `bytes` that are its bytes and says how
   * many. The candidate is valid string content from the literal's start (its escapes end inside it),
   * so no closing quote is among them: the caller need not look for one there.
   */
  takeKnown(bytes: Uint8Array): number {
    if (this.#decoder !== undefined || this.#cursors.length !== 1) return 0;
    const n = (this.#cursors[0] as HeldCursor).matchingPrefix(bytes);
    this.#length += n;
    return n;
  }

  push(bytes: Uint8Array): void {
    if (this.#decoder === undefined) {
      const before = this.#cursors[0] as HeldCursor;
      this.#cursors = this.#cursors.filter((c) => c.matches(bytes));
      if (this.#cursors.length === 0) this.#decodeFrom(before.held);
    }
    this.#decoder?.push(bytes);
    this.#length += bytes.length;
  }

  end(): string {
    if (this.#decoder === undefined) {
      const exact = this.#cursors.find((c) => c.held.length === this.#length);
      if (exact !== undefined) return this.matched(exact.held as T);
      this.#decodeFrom((this.#cursors[0] as HeldCursor).held);
    }
    return (this.#decoder as StringSliceDecoder).end();
  }

  /** Decodes from the start: the part read so far is the first `#length` bytes of `held`. */
  #decodeFrom(held: HeldBytes): void {
    const decoder = new StringSliceDecoder(this.keepText);
    let left = this.#length;
    for (const view of held.bytes) {
      if (left <= 0) break;
      const part = view.subarray(0, Math.min(view.length, left));
      decoder.push(part);
      left -= part.length;
    }
    this.#decoder = decoder;
  }
}
