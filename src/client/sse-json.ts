// The JSON data of an OpenAI-style event stream (Responses, Chat Completions), read with weft's own
// linear SSE reader (sse-events.ts) instead of the SDK's, whose buffer handling is quadratic in the
// length of an event and in the events per chunk. What the caller sees is what the SDK's stream gives:
// each event's data parsed as JSON (a SyntaxError when it is not), `[DONE]` ending the data, and data
// carrying `error` raised as the SDK's APIError, so sdk-stream-failure.ts reads failures the same way.
import { APIError } from 'openai/core/error';
import { SseParser, type SseDataSink, type SseEvent } from '../bytes/sse-events.js';

/** Reads the data of one event from its bytes (the pieces it arrived in), as JSON.parse would read its text. */
export type SseBytesReader = (bytes: readonly Buffer[]) => unknown;

/** Reads the data of one event as its bytes arrive, then gives what JSON.parse would give. */
export interface SseDataReader extends SseDataSink {
  /** The data starts with `[DONE]`. */
  startsWithDone(): boolean;
  /** @throws SyntaxError as JSON.parse does when the data is not JSON. */
  end(): unknown;
}

export interface SseJsonOptions {
  /** Events passed over without being decoded (by their SSE `event:` name). */
  readonly skip?: (event: string) => boolean;
  /** Events whose data is read from its bytes by their own reader instead of JSON.parse. */
  readonly readers?: ReadonlyMap<string, SseBytesReader>;
  /** Events read as their bytes arrive: a fresh reader for each such event, or undefined for other events. */
  readonly streamed?: (event: string) => SseDataReader | undefined;
}

/**
 * An answer whose body is an event stream: a fetch Response, or a Node stream with a way to get
 * its headers (asked only for an `error` in the stream).
 */
/**
 * An answer's headers read without fetch's Headers, whose first use loads undici: `get` looks them
 * up, `toHeaders` builds fetch's Headers for the rare path that needs them (an error to raise).
 */
export interface RawHeaderLookup {
  get(name: string): string | null;
  /** Every header name of the answer, lower-cased. */
  names(): Iterable<string>;
  toHeaders(): Headers;
}

/** The header names of an answer, without building fetch's Headers. */
export function headerNames(headers: Headers | RawHeaderLookup): Iterable<string> {
  return 'toHeaders' in headers ? headers.names() : headers.keys();
}

export type SseAnswer = Pick<Response, 'body' | 'headers'> | { readonly body: AsyncIterable<Uint8Array>; readonly headers: Headers | RawHeaderLookup };

function fetchHeaders(headers: Headers | RawHeaderLookup): Headers {
  return 'toHeaders' in headers ? headers.toHeaders() : headers;
}

/** Batches of event data: one batch per chunk received, so a consumer pays its per-await cost per chunk. */
export async function* sseJsonBatches(response: SseAnswer, opts: SseJsonOptions = {}): AsyncGenerator<unknown[], void, undefined> {
  if (!response.body) return;
  const { readers, streamed } = opts;
  const parser = new SseParser(opts.skip, readers || streamed ? (event) => streamed?.(event) ?? readers?.has(event) === true : undefined);
  const events: SseEvent[] = [];
  let done = false;
  // A failure met in a chunk is raised once the events before it were delivered, as the SDK would.
  let pendingError: unknown;
  const batchOf = (): unknown[] => {
    const batch: unknown[] = [];
    try {
      for (const sse of events) {
        if (sse.sink !== undefined) {
          const reader = sse.sink as SseDataReader;
          if (reader.startsWithDone()) {
            done = true;
            break;
          }
          batch.push(raisedIfError(reader.end(), response.headers));
          continue;
        }
        const reader = sse.bytes && readers?.get(sse.event as string);
        if (reader ? startsWithDone(sse.bytes as readonly Buffer[]) : sse.data.startsWith('[DONE]')) {
          done = true;
          break;
        }
        const data = reader ? reader(sse.bytes as readonly Buffer[]) : (JSON.parse(sse.data) as unknown);
        batch.push(raisedIfError(data, response.headers));
      }
    } catch (err) {
      pendingError = err;
    }
    events.length = 0;
    return batch;
  };
  for await (const chunk of chunksOf(response.body)) {
    parser.push(chunk, events);
    const batch = batchOf();
    if (batch.length > 0) yield batch;
    if (pendingError !== undefined) throw pendingError;
    if (done) return;
  }
  parser.end();
}

/** Data carrying `error`, raised as the SDK raises it. */
function raisedIfError(data: unknown, headers: Headers | RawHeaderLookup): unknown {
  if (data !== null && typeof data === 'object' && (data as { error?: unknown }).error) {
    throw new APIError(undefined, (data as { error: object }).error, undefined, fetchHeaders(headers));
  }
  return data;
}

export const DONE = Buffer.from('[DONE]');

/** The data, read from its bytes, starts with `[DONE]` (the pieces may cut it). */
export function startsWithDone(pieces: readonly Buffer[]): boolean {
  let at = 0;
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i++, at++) {
      if (at === DONE.length) return true;
      if (piece[i] !== DONE[at]) return false;
    }
  }
  return at === DONE.length;
}

/** The chunks of a body; stopping early closes it. */
async function* chunksOf(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  if (!('getReader' in body)) {
    // A Node stream: leaving the loop destroys it.
    yield* body;
    return;
  }
  // Read with a reader that is cancelled, never released, at the end: releasing a web stream's
  // reader makes Node build a whole new JavaScript context for its error (tens of milliseconds).
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
