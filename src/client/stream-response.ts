// Sampling one response: POST {baseUrl}/responses with the body exactly as built, streamed back as
// ClientEvents, with retries. The request goes out through node:http with the headers the openai SDK
// would send (responses-post.ts), through the environment's proxy when one applies (body-upload.ts).
//
// The body goes out as a stream of the bytes of its JSON, with its Content-Length (json-body.ts): no
// field is added, removed or reordered.
//
// Retries. 429, 5xx and connection errors are retried (the SDK's own retries are off). A stream that
// breaks or ends before `response.completed` (or a retryable `response.failed`/`response.incomplete`)
// is retried only while no `item_done` has been emitted in that attempt: until then resending the
// same body is exactly Codex's stream retry, whose re-sampled request is built from an unchanged
// history. Once an item was emitted the caller has recorded it, and Codex's retry would send a request
// that contains it; the same body would make the model produce it again and the rollout would hold it
// twice. So the client throws StreamInterruptedError (retryable) and the turn loop re-samples from
// history, which keeps rollout and requests consistent.
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { ApiError } from '../errors.js';
import type { ClientEvent, ClientEventBatch } from './client-events.js';
import type { WireCallOptions } from './provider.js';
import { requestParts } from './openai-sdk.js';
import { providerUrl } from './provider.js';
import { httpsAgentFor } from '../auth/ca-trust.js';
import { zstdBody } from './zstd-body.js';
import { directHeaders, postForEvents } from './responses-post.js';
import { retryDelayMs, retryOptionsFor, sleep, type RetryOptions } from './retry-policy.js';
import {
  ResponseFailedError,
  StreamInterruptedError,
  retryableSdkFailure,
  scrub,
  throwIfAborted,
  type AttemptFailure,
} from './api-errors.js';
import { idleWatchFor, type IdleWatch } from './idle-watch.js';
import { isUnreadStreamEvent, mapStreamEvent, streamEventReaders } from './stream-event-mapper.js';
import { rateLimitsFromHeaders } from './rate-limits.js';
import { sdkStreamFailure } from './sdk-stream-failure.js';
import { headerNames, sseJsonBatches, type SseAnswer } from './sse-json.js';
import { LongStringCache } from '../bytes/long-string-cache.js';

export { isAbortError } from './api-errors.js';

export type StreamResponseOptions = WireCallOptions<ResponsesRequestBody>;

type AttemptOutcome = { kind: 'completed' } | { kind: 'retry'; failure: AttemptFailure };

interface AttemptContext {
  post: (signal: AbortSignal | undefined) => Promise<SseAnswer>;
  retry: RetryOptions;
  what: string;
  secrets: readonly string[];
  signal: AbortSignal | undefined;
  longStrings: LongStringCache;
}

/**
 * @throws ApiError (HTTP error, failed response, malformed event, retries exhausted),
 *   StreamInterruptedError, ResponseFailedError, or an abort error (see isAbortError).
 */
export async function* streamResponse(opts: StreamResponseOptions): AsyncGenerator<ClientEventBatch, void, undefined> {
  const { provider, signal } = opts;
  const retry = retryOptionsFor(provider, opts.retry);
  const { apiKey, secrets, payload, headers, what } = requestParts(opts, '/responses', 'text/event-stream');
  const url = new URL(providerUrl(provider, '/responses'));
  let body = payload;
  let sent = directHeaders(apiKey, headers, provider.authScheme);
  if (provider.compressRequests === 'zstd') {
    body = await zstdBody(payload);
    sent = { ...sent, 'Content-Encoding': 'zstd' };
  }
  const agent = provider.trust ? httpsAgentFor(provider.trust) : undefined;
  const post: AttemptContext['post'] = (sig) => postForEvents(url, sent, body, sig, agent);
  const ctx: AttemptContext = {
    post,
    retry,
    what,
    secrets,
    signal,
    longStrings: opts.longStrings ?? new LongStringCache(),
  };

  for (let attempt = 1; ; attempt++) {
    throwIfAborted(signal);
    // The watch is kept here rather than by `watched`: one generator less for every event to pass through.
    const watch = idleWatchFor(provider, signal);
    let outcome: AttemptOutcome;
    try {
      outcome = yield* runAttempt(ctx, watch);
    } finally {
      watch.dispose();
    }
    if (outcome.kind === 'completed') return;
    const { failure } = outcome;
    if (attempt >= retry.maxAttempts) {
      throw new ApiError(`${failure.message} (gave up after ${attempt} attempts)`, failure.status);
    }
    const delayMs = retryDelayMs(retry, attempt + 1, failure.retryAfterMs);
    yield [{ type: 'retrying', attempt: attempt + 1, maxAttempts: retry.maxAttempts, delayMs, reason: failure.message }];
    await sleep(delayMs, signal);
  }
}

async function* runAttempt(ctx: AttemptContext, watch: IdleWatch): AsyncGenerator<ClientEventBatch, AttemptOutcome, undefined> {
  const { what, secrets, signal } = ctx;
  const idle = (): AttemptFailure & { kind: 'broken' } => ({ kind: 'broken', ...watch.failure(what) });
  let response: SseAnswer;
  for (let sent = 1; ; sent++) {
    try {
      response = await ctx.post(watch.signal);
      break;
    } catch (err) {
      if (watch.fired) return { kind: 'retry', failure: idle() };
      const failure = retryableSdkFailure(err, signal, what, secrets);
      // Codex's request layer resends 5xx answers and lost connections; a 429 goes to the stream budget.
      if (failure.status === 429 || sent > (ctx.retry.requestRetries ?? 0)) return { kind: 'retry', failure };
      await sleep(retryDelayMs(ctx.retry, sent + 1), signal);
      watch.touch();
    }
  }

  const modelsEtag = response.headers.get('x-models-etag');
  if (modelsEtag) yield [{ type: 'models_etag', etag: modelsEtag }];
  // Every HTTP answer reports the rate limits of its headers, as Codex 0.169 reads them: an answer
  // without them resets the default limit to an empty snapshot. (A WebSocket upgrade's are not read:
  // there only `codex.rate_limits` events report them.)
  const headers = response.headers;
  yield [{ type: 'rate_limits', snapshots: rateLimitsFromHeaders({ get: (n) => headers.get(n), names: () => headerNames(headers) }) }];

  let itemsDone = 0;
  // 'broken': the stream stopped without an answer; 'failed': the server answered with a failure.
  let failure: (AttemptFailure & { code?: string; kind: 'broken' | 'failed' }) | undefined;
  try {
    read: for await (const batch of sseJsonBatches(response, { skip: isUnreadStreamEvent, ...streamEventReaders(ctx.longStrings) })) {
      watch.touch();
      // Stop at once, even when the rest of the body is already buffered (the consumer checks again
      // between the events of a batch).
      throwIfAborted(signal);
      const events: ClientEvent[] = [];
      let ended = false;
      try {
        for (const data of batch) {
          const mapped = mapStreamEvent(data);
          if (mapped.kind === 'emit') {
            if (mapped.event.type === 'item_done') itemsDone++;
            events.push(mapped.event);
          } else if (mapped.kind === 'completed') {
            events.push(mapped.event);
            ended = true;
            break;
          } else if (mapped.kind === 'failed' || mapped.kind === 'incomplete') {
            const kind = mapped.kind === 'failed' ? 'failed' : 'broken';
            failure = { ...mapped.failure, kind, message: scrub(`${what}: ${mapped.failure.message}`, secrets) };
            break;
          }
        }
      } finally {
        // What came before a malformed event is handed over before its error, as it was one by one.
        if (events.length > 0) yield events;
      }
      // The consumer may have cut the stream while it went through the batch.
      throwIfAborted(signal);
      if (ended) return { kind: 'completed' };
      if (failure !== undefined) break read;
    }
    // The body may end quietly when the request is aborted.
    throwIfAborted(signal);
  } catch (err) {
    failure = watch.fired ? idle() : sdkStreamFailure(err, what, secrets, signal);
  }
  if (watch.fired && failure === undefined) failure = idle();
  failure ??= { kind: 'broken', message: `${what}: the stream closed before response.completed`, retryable: true };

  if (failure.kind === 'failed') {
    if (!failure.retryable || itemsDone > 0) {
      throw new ResponseFailedError(failure.message, failure.code, failure.retryable);
    }
    return { kind: 'retry', failure };
  }
  if (itemsDone > 0) {
    throw new StreamInterruptedError(
      `${failure.message}; ${itemsDone} item(s) were already delivered, so the request is not resent: re-sample from history`,
      itemsDone,
    );
  }
  return { kind: 'retry', failure };
}

// undici reports a dropped connection as "terminated" and keeps the useful part in `cause`.
