// Server-sent events from a response body: `event:` and `data:` fields of each block (blocks end at
// a blank line), comments dropped, several `data:` lines joined by `\n`. Every wire reads its stream
// through this reader.
//
// Linear in the bytes received, and cheap on the bytes nobody reads: lines are found in the bytes as
// they arrive (each chunk scanned once, from where the previous scan stopped), a line cut by a chunk
// boundary is kept as the list of its pieces and joined once its end arrives, and only the values of
// `event:` and `data:` are decoded to text. A reader that re-scans or re-copies its whole buffer on
// every chunk (the openai SDK's does both) turns a long event, such as the `response.completed` of a
// 20 MB answer, or a chunk holding hundreds of small deltas, into quadratic work. The caller may name
// events it will not read (`skip`): their data is neither joined nor decoded; and events it reads from
// their bytes (`asBytes`): their data is handed over as the pieces it arrived in, neither joined nor
// decoded either, at the event's end or, to a sink the caller gives, piece by piece as the chunks
// arrive, so that a 20 MB event need not be held until its end.

export interface SseEvent {
  readonly event: string | undefined;
  /** The data as text; empty when the event is read from its bytes. */
  readonly data: string;
  /** For an event the caller reads from its bytes: the data's UTF-8 bytes, in pieces (views of the chunks). */
  readonly bytes?: readonly Buffer[];
  /** For an event whose bytes went to the caller's sink as they arrived: that sink. */
  readonly sink?: SseDataSink;
}

/** Takes an event's data bytes piece by piece, as they arrive (views of the chunks, valid for the call). */
export interface SseDataSink {
  push(piece: Buffer): void;
}

/** The default sink: the pieces, kept until the event ends. */
class KeptPieces implements SseDataSink {
  readonly pieces: Buffer[] = [];
  push(piece: Buffer): void {
    this.pieces.push(piece);
  }
}

const NEWLINE = Buffer.from('\n');

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
const DATA = Buffer.from('data');
const EVENT = Buffer.from('event');

/** Incremental SSE parser: `push` bytes as they arrive, get the events they completed. */
export class SseParser {
  readonly #skip: ((event: string) => boolean) | undefined;
  readonly #asBytes: ((event: string) => boolean | SseDataSink) | undefined;
  /** Pieces of the line not yet ended (not kept while the event is skipped). */
  #partial: Buffer[] = [];
  /** The previous chunk ended with `\r`: a `\n` starting the next one belongs to it. */
  #afterCr = false;
  #first = true;
  #event: string | undefined;
  #data: string[] = [];
  /** The current event is one the caller does not read: its lines are passed over. */
  #skipping = false;
  /** The current event is read from its bytes: its data lines go to `#sink`, as pieces. */
  #keepingBytes = false;
  #sink: SseDataSink = new KeptPieces();
  /** Data lines given to `#sink` so far. */
  #dataLines = 0;
  /** The unfinished line started as a `data:` line of a skipped event. */
  #partialSkipped = false;
  /** The unfinished line is a `data:` line of an event read from its bytes: its pieces went to `#sink`. */
  #partialSunk = false;

  /**
   * `asBytes` names the events read from their bytes: true hands their data over at the event's end
   * (SseEvent.bytes), a sink takes it as it arrives (SseEvent.sink).
   */
  constructor(skip?: (event: string) => boolean, asBytes?: (event: string) => boolean | SseDataSink) {
    this.#skip = skip;
    this.#asBytes = asBytes;
  }

  push(bytes: Uint8Array, out: SseEvent[]): void {
    const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    if (this.#first && chunk.length > 0) {
      this.#first = false;
      // A byte order mark before the first line is not part of it.
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
    }
    if (this.#afterCr && chunk[start] === LF) start++;
    this.#afterCr = false;
    // The next `\n` and `\r` at or after `start`; each found once, so a chunk is scanned once.
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    while (lf >= 0 || cr >= 0) {
      const end = cr < 0 || (lf >= 0 && lf < cr) ? lf : cr;
      let next = end + 1;
      if (end === cr) {
        if (next === chunk.length) this.#afterCr = true;
        else if (chunk[next] === LF) next++;
      }
      this.#lineEnded(chunk, start, end, out);
      start = next;
      if (lf >= 0 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr >= 0 && cr < start) cr = chunk.indexOf(CR, start);
    }
    if (start < chunk.length) this.#keepPartial(chunk.subarray(start));
  }

  /** The stream ended: a block without its blank line was cut, so it is dropped. */
  end(): void {
    this.#partial = [];
    this.#partialSkipped = false;
    this.#partialSunk = false;
    this.#reset();
  }

  #keepPartial(piece: Buffer): void {
    if (this.#partialSkipped) return;
    if (this.#partialSunk) {
      this.#sink.push(piece);
      return;
    }
    if (this.#partial.length === 0 && this.#skipping && startsWithField(piece, DATA)) {
      this.#partialSkipped = true;
      return;
    }
    // The piece is a view of the chunk: it is copied once, when the line is joined.
    this.#partial.push(piece);
    // A data line of an event read by a sink goes to it now, once its field name can be told (a few
    // bytes): a long line is never held whole.
    if (this.#keepingBytes && !(this.#sink instanceof KeptPieces) && this.#partial.length <= 8 && this.#partialLength() > DATA.length + 1) {
      if (this.#dataPieces(this.#partial)) {
        this.#partialSunk = true;
        this.#partial = [];
      }
    }
  }

  #partialLength(): number {
    let n = 0;
    for (const p of this.#partial) n += p.length;
    return n;
  }

  #lineEnded(chunk: Buffer, start: number, end: number, out: SseEvent[]): void {
    if (this.#partialSkipped) {
      this.#partialSkipped = false;
      return;
    }
    if (this.#partialSunk) {
      this.#partialSunk = false;
      this.#sink.push(chunk.subarray(start, end));
      return;
    }
    let line = chunk;
    let from = start;
    let to = end;
    if (this.#partial.length > 0) {
      this.#partial.push(chunk.subarray(start, end));
      if (this.#keepingBytes && this.#dataPieces(this.#partial)) {
        this.#partial = [];
        return;
      }
      line = Buffer.concat(this.#partial);
      this.#partial = [];
      from = 0;
      to = line.length;
    }
    this.#line(line, from, to, out);
  }

  #line(line: Buffer, from: number, to: number, out: SseEvent[]): void {
    if (from === to) {
      if (this.#keepingBytes) {
        if (this.#dataLines > 0) {
          const sink = this.#sink;
          out.push(sink instanceof KeptPieces ? { event: this.#event, data: '', bytes: sink.pieces } : { event: this.#event, data: '', sink });
        }
      } else if (this.#data.length > 0 && !this.#skipping) {
        out.push({ event: this.#event, data: this.#data.length === 1 ? (this.#data[0] as string) : this.#data.join('\n') });
      }
      this.#reset();
      return;
    }
    if (line[from] === COLON) return;
    const isData = fieldAt(line, from, to, DATA);
    if (isData && this.#skipping) return;
    const isEvent = !isData && fieldAt(line, from, to, EVENT);
    if (!isData && !isEvent) return;
    let value = from + (isData ? DATA.length : EVENT.length);
    if (value < to && line[value] === COLON) value++;
    if (value < to && line[value] === SPACE) value++;
    if (isData && this.#keepingBytes) {
      this.#keepBytes(line.subarray(value, to));
      return;
    }
    const text = line.toString('utf8', value, to);
    if (isData) this.#data.push(text);
    else {
      this.#event = text;
      this.#skipping = this.#skip?.(text) === true;
      const wasKeeping = this.#keepingBytes;
      const asBytes = this.#skipping ? false : (this.#asBytes?.(text) ?? false);
      this.#keepingBytes = asBytes !== false;
      if (this.#keepingBytes && !wasKeeping) {
        this.#sink = asBytes === true ? new KeptPieces() : (asBytes as SseDataSink);
        this.#dataLines = 0;
        // Data lines that came before the name are bytes too.
        for (const earlier of this.#data) this.#keepBytes(Buffer.from(earlier));
      }
      if (this.#skipping || this.#keepingBytes) this.#data = [];
    }
  }

  /**
   * A data line of an event read from its bytes, ended after arriving in `pieces`: its value is kept
   * as those pieces. False when the line is not a data line (then it is read as usual).
   */
  #dataPieces(pieces: Buffer[]): boolean {
    // The field name and its colon may themselves be cut between chunks: the first pieces are joined
    // until they hold them (a few bytes).
    while (pieces.length > 1 && (pieces[0] as Buffer).length < DATA.length + 2) {
      pieces.splice(0, 2, Buffer.concat([pieces[0] as Buffer, pieces[1] as Buffer]));
    }
    const first = pieces[0] as Buffer;
    if (!fieldAt(first, 0, Math.min(first.length, DATA.length + 1), DATA)) return false;
    let value = DATA.length;
    if (value < first.length && first[value] === COLON) value++;
    if (value < first.length && first[value] === SPACE) value++;
    this.#keepBytes(first.subarray(value));
    for (let i = 1; i < pieces.length; i++) this.#sink.push(pieces[i] as Buffer);
    return true;
  }

  #keepBytes(value: Buffer): void {
    if (this.#dataLines++ > 0) this.#sink.push(NEWLINE);
    this.#sink.push(value);
  }

  #reset(): void {
    this.#event = undefined;
    this.#data = [];
    this.#skipping = false;
    this.#keepingBytes = false;
    this.#sink = new KeptPieces();
    this.#dataLines = 0;
  }
}

/** The line `from..to` is the field `name`: the name, then a colon or the end of the line. */
function fieldAt(line: Buffer, from: number, to: number, name: Buffer): boolean {
  if (to - from < name.length) return false;
  for (let i = 0; i < name.length; i++) if (line[from + i] !== name[i]) return false;
  return from + name.length === to || line[from + name.length] === COLON;
}

/** The unfinished line `piece` starts with the field `name` (its colon already received). */
function startsWithField(piece: Buffer, name: Buffer): boolean {
  return piece.length > name.length && fieldAt(piece, 0, name.length + 1, name);
}

export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent, void, undefined> {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for await (const chunk of body) {
    parser.push(chunk, events);
    if (events.length === 0) continue;
    yield* events;
    events.length = 0;
  }
  parser.end();
}
