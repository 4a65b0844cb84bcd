// The JSON data of an OpenAI-style event stream (Responses, Chat Completions), read with weft's own
// linear SSE reader (sse-events.ts) instead of the SDK's, whose buffer handling is quadratic in the
// length of an event and in the events per chunk. What the caller sees is what the SDK's stream gives:
// each event's data parsed as JSON (a SyntaxError when it is not), `[DONE]` ending the data, and data
// carrying `error` raised as the SDK's APIError, so sdk-stream-failure.ts reads failures the same way.
import { APIError } from 'openai/core/error';
import { SseParser, type SseEvent } from './sse-events.js';

/**
 * Batches of event data: one batch per chunk received, so a consumer pays its per-await cost per
 * chunk. Events named by `skip` (their SSE `event:` name) are passed over without being decoded.
 */
export async function* sseJsonBatches(response: Response, skip?: (event: string) => boolean): AsyncGenerator<unknown[], void, undefined> {
  if (!response.body) return;
  const parser = new SseParser(skip);
  const events: SseEvent[] = [];
  let done = false;
  // A failure met in a chunk is raised once the events before it were delivered, as the SDK would.
  let pendingError: unknown;
  const batchOf = (): unknown[] => {
    const batch: unknown[] = [];
    try {
      for (const sse of events) {
        if (sse.data.startsWith('[DONE]')) {
          done = true;
          break;
        }
        const data = JSON.parse(sse.data) as unknown;
        if (data !== null && typeof data === 'object' && (data as { error?: unknown }).error) {
          throw new APIError(undefined, (data as { error: object }).error, undefined, response.headers);
        }
        batch.push(data);
      }
    } catch (err) {
      pendingError = err;
    }
    events.length = 0;
    return batch;
  };
  // Read with a reader that is cancelled, never released, at the end: releasing a web stream's
  // reader makes Node build a whole new JavaScript context for its error (tens of milliseconds).
  const reader = response.body.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      parser.push(next.value, events);
      const batch = batchOf();
      if (batch.length > 0) yield batch;
      if (pendingError !== undefined) throw pendingError;
      if (done) return;
    }
    parser.end();
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

