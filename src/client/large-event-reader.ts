// The data of an event that may be very large (`response.output_item.done`, `response.completed`:
// each repeats the whole answer), read as its bytes arrive. Below LARGE_EVENT the pieces are held and
// read whole at the end, exactly as before (a malformed event is refused with JSON.parse's own message,
// as every event of an ordinary answer is). Past it, holding them would make the chunks of a 20 MB
// answer stay in memory until the event ends (fresh pages, the main cost of a long answer), so they
// go to a streamed reader (streamed-json.ts) and are let go; such an event, when malformed, is refused
// with weft's own SyntaxError naming the event and the byte where it went wrong.
import type { Buffer } from 'node:buffer';
import { DONE, startsWithDone, type SseDataReader } from './sse-json.js';
import type { StreamedJson } from '../bytes/streamed-json.js';

/** An event's data of at least this many bytes is read as it arrives instead of held. */
export const LARGE_EVENT = 1024 * 1024;

export class LargeEventReader implements SseDataReader {
  #pieces: Buffer[] = [];
  #length = 0;
  #streamed: StreamedJson | undefined;
  /** The first bytes of the data, to tell `[DONE]`. */
  readonly #head: Buffer[] = [];
  #headLength = 0;

  /**
   * `whole` reads the held pieces of a small event; `streamed` makes the reader of a large one, whose
   * value `after` finishes (as `whole` would).
   */
  constructor(
    private readonly whole: (pieces: readonly Buffer[]) => unknown,
    private readonly streamed: () => StreamedJson,
    private readonly after: (value: unknown) => unknown = (value) => value,
  ) {}

  push(piece: Buffer): void {
    if (this.#headLength < DONE.length) {
      this.#head.push(piece.subarray(0, DONE.length - this.#headLength));
      this.#headLength += Math.min(piece.length, DONE.length - this.#headLength);
    }
    if (this.#streamed !== undefined) {
      this.#streamed.push(piece);
      return;
    }
    this.#pieces.push(piece);
    this.#length += piece.length;
    if (this.#length < LARGE_EVENT) return;
    const streamed = this.streamed();
    for (const held of this.#pieces) streamed.push(held);
    this.#pieces = [];
    this.#streamed = streamed;
  }

  startsWithDone(): boolean {
    return startsWithDone(this.#head);
  }

  end(): unknown {
    return this.#streamed === undefined ? this.whole(this.#pieces) : this.after(this.#streamed.end());
  }
}
