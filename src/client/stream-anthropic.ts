// Sampling on the Anthropic Messages wire: POST {baseUrl}/messages with plain fetch and SSE parsing
// (no SDK: the body goes out exactly as rendered, retries and aborts follow weft's own policy, and
// nothing is read from the environment behind the caller's back), streamed back as ClientEvents.
import type { AnthropicRequestBody } from '../../protocol/anthropic-messages.js';
import { ApiError, WeftError, errorMessage } from '../errors.js';
import { ResponseFailedError, clip, isRetryableErrorCode, requestSecrets, retryAfterFromHeaders, scrub, throwIfAborted, type AttemptFailure } from './api-errors.js';
import { AnthropicStreamMapper } from './anthropic-stream-mapper.js';
import { httpsAgentFor } from '../auth/ca-trust.js';
import { uploadingFetchWith } from './body-upload.js';
import { jsonBody } from './json-body.js';
import type { ClientEventBatch } from './client-events.js';
import { providerEndpoint, providerUrl, resolveApiKey, type WireCallOptions } from './provider.js';
import { retryOptionsFor } from './retry-policy.js';
import { watched, type IdleWatch } from './idle-watch.js';
import { sseEvents } from '../bytes/sse-events.js';
import { withRetries, type AttemptOutcome } from './wire-attempts.js';

export const ANTHROPIC_VERSION = '2023-06-01';

export type StreamAnthropicOptions = WireCallOptions<AnthropicRequestBody>;

/** @throws ApiError, ResponseFailedError, or an abort error (see isAbortError). */
export async function* streamAnthropic(opts: StreamAnthropicOptions): AsyncGenerator<ClientEventBatch, void, undefined> {
  const { provider, signal } = opts;
  const apiKey = resolveApiKey(provider, opts.env ?? process.env);
  const url = providerUrl(provider, '/messages');
  const secrets = requestSecrets(provider, apiKey);
  const what = `${provider.name}: POST ${providerEndpoint(provider, '/messages')}`;
  const payload = jsonBody(opts.body);
  const headers: Record<string, string> = {
    'anthropic-version': ANTHROPIC_VERSION,
    ...provider.headers,
    ...opts.headers,
    'content-type': 'application/json',
    'content-length': String(payload.byteLength),
    accept: 'text/event-stream',
    ...(apiKey !== undefined ? { 'x-api-key': apiKey } : {}),
  };

  async function* attempt(watch: IdleWatch): AsyncGenerator<ClientEventBatch, AttemptOutcome, undefined> {
    const idle = watch.failure(what);
    let response: Response;
    try {
      response = await uploadingFetchWith(provider.trust ? httpsAgentFor(provider.trust) : undefined)(url, { method: 'POST', headers, body: payload.stream(), duplex: 'half', signal: watch.signal });
    } catch (err) {
      throwIfAborted(signal, err);
      if (watch.fired) return { kind: 'retry', failure: idle };
      return { kind: 'retry', failure: { message: scrub(`${what} could not connect: ${errorMessage(err)}`, secrets), retryable: true } };
    }
    if (!response.ok || !response.body) {
      const failure = httpFailure(response, await response.text().catch(() => ''), what, secrets);
      if (!failure.retryable) throw new ApiError(failure.message, failure.status);
      return { kind: 'retry', failure };
    }
    const mapper = new AnthropicStreamMapper();
    try {
      for await (const sse of sseEvents(response.body)) {
        watch.touch();
        throwIfAborted(signal);
        let data: unknown;
        try {
          data = JSON.parse(sse.data);
        } catch (err) {
          throw new ApiError(scrub(`${what}: malformed stream event, its data is not JSON: ${errorMessage(err)}`, secrets));
        }
        const mapped = mapper.push(data);
        if (mapped.kind === 'failed') {
          const message = scrub(`${what}: ${mapped.failure.message}`, secrets);
          if (!mapped.failure.retryable) throw new ResponseFailedError(message, mapped.failure.code, false);
          return { kind: 'retry', failure: { ...mapped.failure, message } };
        }
        if (mapped.events.length > 0) yield mapped.events;
        if (mapper.finished) break;
      }
      throwIfAborted(signal);
    } catch (err) {
      throwIfAborted(signal, err);
      if (watch.fired) return { kind: 'retry', failure: idle };
      if (err instanceof WeftError) throw err;
      return { kind: 'retry', failure: { message: scrub(`${what}: the stream broke: ${errorMessage(err)}`, secrets), retryable: true } };
    }
    if (!mapper.finished) return { kind: 'retry', failure: watch.fired ? idle : { message: `${what}: the stream closed before message_stop`, retryable: true } };
    const last = mapper.finish();
    if (last.length > 0) yield last;
    return { kind: 'completed' };
  }

  yield* withRetries(retryOptionsFor(provider, opts.retry), signal, () => watched(provider, signal, attempt));
}

/** An HTTP error answer: 408, 429 and 5xx (529 is "overloaded") are worth another attempt. */
function httpFailure(response: Response, text: string, what: string, secrets: readonly string[]): AttemptFailure {
  const status = response.status;
  let detail = clip(text) || response.statusText;
  let errorType: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: { type?: unknown; message?: unknown } };
    if (typeof body.error?.message === 'string') detail = body.error.message;
    if (typeof body.error?.type === 'string') errorType = body.error.type;
  } catch {
    // Not JSON: the raw text is the detail.
  }
  const failure: AttemptFailure = {
    message: scrub(`${what} failed with HTTP ${status}: ${detail}${errorType ? ` (${errorType})` : ''}`, secrets),
    retryable: (status === 408 || status === 429 || status >= 500) && isRetryableErrorCode(errorType),
    status,
  };
  const retryAfterMs = retryAfterFromHeaders(response.headers);
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}
