// A per-request credential that fails for a while (a ChatGPT sign-in whose workspace routing lookup
// fails or names a backend it must not use), handled as Codex 0.169 handles it: the lookup belongs
// to each connection attempt, so a retryable failure spends the stream's budget like a connection
// that failed. With the thread's WebSocket still in use: 1 + `stream_max_retries` lookups with the
// usual backoff, then the thread falls back to HTTPS for good (with a warning), and HTTPS spends a
// budget of its own; the turn then fails with the last failure. Observed in
// shared/conformance/chatgpt-signin-0.169/raw/01, 21, 35 (six lookups over WebSocket, ~0.2, 0.4,
// 0.8, 1.6, 3.2 s apart, the fallback, six over HTTPS). A failure that is not retryable (a refused
// refresh, a 401 the caller's recovery answers) is thrown at once.
import { ApiError } from '../errors.js';
import type { ClientEventBatch } from './client-events.js';
import type { PreparedAuth, ProviderAuth, RetryOptions } from './provider.js';
import { retryDelayMs, sleep } from './retry-policy.js';

/** The part of the thread's WebSocket transport the schedule needs. */
export interface FallbackTransport {
  readonly fellBack: boolean;
  /** To HTTPS for the rest of the thread (the upgrade was never refused: other threads keep trying). */
  fallBackToHttps(): void;
}

export interface ScheduleOptions {
  readonly auth: ProviderAuth;
  readonly retry: RetryOptions;
  readonly signal: AbortSignal | undefined;
  readonly webSocket: FallbackTransport | undefined;
}

function transient(err: unknown): err is ApiError {
  return err instanceof ApiError && err.retryable;
}

/** The prepared credential, after as many tries as the schedule allows (see the header). */
export async function* preparedOnSchedule(opts: ScheduleOptions): AsyncGenerator<ClientEventBatch, PreparedAuth, undefined> {
  const { auth, retry, signal, webSocket } = opts;
  for (;;) {
    const overWebSocket = webSocket !== undefined && !webSocket.fellBack;
    let last: ApiError | undefined;
    for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
      if (attempt > 1 && last) {
        const delayMs = retryDelayMs(retry, attempt);
        yield [{ type: 'retrying', attempt, maxAttempts: retry.maxAttempts, delayMs, reason: last.message }];
        await sleep(delayMs, signal);
      }
      try {
        return await auth.prepare();
      } catch (err) {
        if (!transient(err)) throw err;
        last = err;
      }
    }
    if (!overWebSocket || last === undefined) throw last ?? new ApiError('the request credential could not be prepared');
    webSocket.fallBackToHttps();
    yield [{ type: 'warning', message: `The Responses WebSocket could not be reached; this thread now sends its requests over HTTPS. ${last.message}` }];
  }
}
