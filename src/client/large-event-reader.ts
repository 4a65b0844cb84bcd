// The data of an event that may be very large (`response.output_item.done`, `response.completed`:
// each repeats the whole answer), read as its bytes arrive. An event shorter than LONG_STRING holds
// no long string: its pieces are held and JSON.parsed whole at the end (a malformed one is refused
// with JSON.parse's own message, as every event of an ordinary answer is). From that size on, holding
// them would make the chunks of a 20 MB answer stay in memory until the event ends (fresh pages, the
// main cost of a long answer), so they go to the streamed reader (streamed-json.ts) and are let go;
// such an event, when malformed, is refused with weft's own SyntaxError naming the event and the byte
// where it went wrong. This is the one path of a large event: one threshold, one reader.
import { Buffer } from 'node:buffer';
import { DONE, startsWithDone, type SseDataReader } from './sse-json.js';
import type { StreamedJson } from '../bytes/streamed-json.js';
import { LONG_STRING } from '../bytes/long-string-cache.js';

export class LargeEventReader implements SseDataReader {
  #pieces: Buffer[] = [];
  #length = 0;
  #streamed: StreamedJson | undefined;
  /** The first bytes of the data, to tell `[DONE]`. */
  readonly #head: Buffer[] = [];
  #headLength = 0;

  /** `streamed` makes the reader of a large event; `after` finishes the value read, whole or streamed. */
  constructor(
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
    if (this.#length < LONG_STRING) return;
    const streamed = this.streamed();
    for (const held of this.#pieces) streamed.push(held);
    this.#pieces = [];
    this.#streamed = streamed;
  }

  startsWithDone(): boolean {
    return startsWithDone(this.#head);
  }

  end(): unknown {
    if (this.#streamed !== undefined) return this.after(this.#streamed.end());
    const data = this.#pieces.length === 1 ? (this.#pieces[0] as Buffer) : Buffer.concat(this.#pieces, this.#length);
    return this.after(JSON.parse(data.toString('utf8')));
  }
}
