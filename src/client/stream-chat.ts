// Sampling on the Chat Completions wire: POST {baseUrl}/chat/completions through the openai SDK, the
// body sent as its serialized bytes (exactly as rendered), streamed back as ClientEvents, with
// weft's retries (see wire-attempts.ts).
import { randomUUID } from 'node:crypto';
import type { ChatRequestBody } from '../../protocol/chat-completions.js';
import { ResponseFailedError, retryableSdkFailure, throwIfAborted } from './api-errors.js';
import { ChatStreamMapper } from './chat-stream-mapper.js';
import type { ClientEvent, ClientEventBatch } from './client-events.js';
import { prepareRequest } from './openai-sdk.js';
import type { WireCallOptions } from './provider.js';
import { retryOptionsFor } from './retry-policy.js';
import { watched, type IdleWatch } from './idle-watch.js';
import { sdkStreamFailure } from './sdk-stream-failure.js';
import { sseJsonBatches } from './sse-json.js';
import { withRetries, type AttemptOutcome } from './wire-attempts.js';

export type StreamChatOptions = WireCallOptions<ChatRequestBody>;

const PATH = '/chat/completions';

/** @throws ApiError, ResponseFailedError, or an abort error (see isAbortError). */
export async function* streamChat(opts: StreamChatOptions): AsyncGenerator<ClientEventBatch, void, undefined> {
  const { signal } = opts;
  const { client, secrets, payload, headers, what } = await prepareRequest(opts, PATH, 'text/event-stream');

  async function* attempt(watch: IdleWatch): AsyncGenerator<ClientEventBatch, AttemptOutcome, undefined> {
    const idle = watch.failure(what);
    let response: Response;
    try {
      response = await client.post(PATH, { body: payload.stream(), headers, stream: true, signal: watch.signal }).asResponse();
    } catch (err) {
      return { kind: 'retry', failure: watch.fired ? idle : retryableSdkFailure(err, signal, what, secrets) };
    }
    const mapper = new ChatStreamMapper(() => `call_${randomUUID().replace(/-/g, '')}`);
    try {
      for await (const batch of sseJsonBatches(response)) {
        watch.touch();
        throwIfAborted(signal);
        const events: ClientEvent[] = [];
        try {
          for (const data of batch) events.push(...mapper.push(data));
        } finally {
          if (events.length > 0) yield events;
        }
      }
      throwIfAborted(signal);
    } catch (err) {
      if (watch.fired) return { kind: 'retry', failure: idle };
      const failure = sdkStreamFailure(err, what, secrets, signal);
      if (failure.kind === 'failed' && !failure.retryable) throw new ResponseFailedError(failure.message, failure.code, false);
      return { kind: 'retry', failure };
    }
    if (!mapper.finished) return { kind: 'retry', failure: watch.fired ? idle : { message: `${what}: the stream closed before a finish_reason`, retryable: true } };
    const last = mapper.finish();
    if (last.length > 0) yield last;
    return { kind: 'completed' };
  }

  yield* withRetries(retryOptionsFor(opts.provider, opts.retry), signal, () => watched(opts.provider, signal, attempt));
}
