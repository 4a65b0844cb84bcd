// The retry loop of the Chat and Anthropic streams. Both deliver their items only once the response
// has finished (see their accumulators), so a failed attempt has handed nothing to keep and the same
// body can always be sent again; the loop is the Responses client's, without its mid-stream case.
import { ApiError } from '../errors.js';
import type { AttemptFailure } from './api-errors.js';
import { throwIfAborted } from './api-errors.js';
import type { ClientEventBatch } from './client-events.js';
import { retryDelayMs, sleep, type RetryOptions } from './retry-policy.js';

export type AttemptOutcome = { kind: 'completed' } | { kind: 'retry'; failure: AttemptFailure };

export async function* withRetries(
  retry: RetryOptions,
  signal: AbortSignal | undefined,
  attempt: () => AsyncGenerator<ClientEventBatch, AttemptOutcome, undefined>,
): AsyncGenerator<ClientEventBatch, void, undefined> {
  for (let n = 1; ; n++) {
    throwIfAborted(signal);
    const outcome = yield* attempt();
    if (outcome.kind === 'completed') return;
    const { failure } = outcome;
    if (n >= retry.maxAttempts) throw new ApiError(`${failure.message} (gave up after ${n} attempts)`, failure.status);
    const delayMs = retryDelayMs(retry, n + 1, failure.retryAfterMs);
    yield [{ type: 'retrying', attempt: n + 1, maxAttempts: retry.maxAttempts, delayMs, reason: failure.message }];
    await sleep(delayMs, signal);
  }
}
