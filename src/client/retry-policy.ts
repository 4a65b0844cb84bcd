// How often and how long the client waits before sending a failed request again.
import type { ProviderSettings, RetryOptions } from './provider.js';
import { RequestAbortedError } from './api-errors.js';

export type { RetryOptions };

const DEFAULT_REQUEST_MAX_RETRIES = 4;
const DEFAULT_STREAM_MAX_RETRIES = 5;
const DEFAULT_BASE_DELAY_MS = 200;
// Codex puts no cap on its backoff; its budgets keep the longest wait at 3.2 s. The cap bounds a
// server's Retry-After.
const DEFAULT_MAX_DELAY_MS = 30_000;

/**
 * Explicit options win. Otherwise Codex's two budgets: each stream attempt sends its request up to
 * 1 + `request_max_retries` times (5xx, connection failures), and a turn makes up to
 * 1 + `stream_max_retries` stream attempts. With the defaults (4, 5) a provider answering 500 to
 * everything gets 30 requests and is given up after about 24 s of backoff, as Codex does.
 */
export function retryOptionsFor(provider: ProviderSettings, explicit?: RetryOptions): RetryOptions {
  if (explicit) return explicit;
  return {
    maxAttempts: 1 + (provider.streamMaxRetries ?? DEFAULT_STREAM_MAX_RETRIES),
    requestRetries: provider.requestMaxRetries ?? DEFAULT_REQUEST_MAX_RETRIES,
    baseDelayMs: DEFAULT_BASE_DELAY_MS,
    maxDelayMs: DEFAULT_MAX_DELAY_MS,
  };
}

/**
 * Delay before attempt `nextAttempt` (2 for the first retry): the server's Retry-After when it sent
 * one, else base·2^(n-1) with ±10% jitter; both capped at maxDelayMs.
 */
export function retryDelayMs(
  options: RetryOptions,
  nextAttempt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), options.maxDelayMs);
  const exponential = options.baseDelayMs * 2 ** Math.max(0, nextAttempt - 2);
  const jitter = 0.9 + random() * 0.2;
  return Math.round(Math.min(exponential * jitter, options.maxDelayMs));
}

/** Waits, but gives up at once with RequestAbortedError when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RequestAbortedError({ cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestAbortedError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
