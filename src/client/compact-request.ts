// Remote compaction: POST {baseUrl}/responses/compact with the compact body (JSON in, JSON
// `{output: [...]}` out). The returned items replace the history, so each is read like a streamed
// output item: canonical shape, unknown types dropped. 429/5xx/connection errors are retried as for
// sampling.
import type { CompactRequestBody } from '../../protocol/responses-request.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import { WireCompactResponse } from '../../protocol/responses-events.js';
import { ApiError, WeftError, errorMessage } from '../errors.js';
import { canonicalizeOutputItem } from '../history/canonical-item.js';
import type { Env, ProviderSettings } from './provider.js';
import { prepareRequest } from './openai-sdk.js';
import { retryDelayMs, retryOptionsFor, sleep, type RetryOptions } from './retry-policy.js';
import { failureFromSdkError, scrub, throwIfAborted } from './api-errors.js';

export interface CompactRetryInfo {
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  reason: string;
}

export interface PostCompactOptions {
  provider: ProviderSettings;
  /** Sent exactly as given (JSON.stringify of the object). */
  body: CompactRequestBody;
  signal?: AbortSignal;
  retry?: RetryOptions;
  headers?: Record<string, string>;
  env?: Env;
  /** Told before each retry's wait. */
  onRetry?: (info: CompactRetryInfo) => void;
}

/**
 * @throws ApiError (HTTP error, malformed reply, retries exhausted) or an abort error (isAbortError).
 */
export async function postCompact(opts: PostCompactOptions): Promise<ResponseItem[]> {
  const { provider, signal } = opts;
  const retry = retryOptionsFor(provider, opts.retry);
  const { client, secrets, payload, headers, what } = await prepareRequest(opts, '/responses/compact', 'application/json');

  for (let attempt = 1; ; attempt++) {
    throwIfAborted(signal);
    let reply: unknown;
    try {
      reply = await client.post<unknown>('/responses/compact', { body: payload.stream(), headers, ...(signal ? { signal } : {}) });
    } catch (err) {
      throwIfAborted(signal, err);
      if (err instanceof WeftError) throw err;
      const failure = failureFromSdkError(err, what, secrets);
      if (!failure) throw new ApiError(scrub(`${what} failed: ${errorMessage(err)}`, secrets));
      if (!failure.retryable) throw new ApiError(failure.message, failure.status);
      if (attempt >= retry.maxAttempts) {
        throw new ApiError(`${failure.message} (gave up after ${attempt} attempts)`, failure.status);
      }
      const delayMs = retryDelayMs(retry, attempt + 1, failure.retryAfterMs);
      opts.onRetry?.({ attempt: attempt + 1, maxAttempts: retry.maxAttempts, delayMs, reason: failure.message });
      await sleep(delayMs, signal);
      continue;
    }
    return itemsOf(reply, what, secrets);
  }
}

function itemsOf(reply: unknown, what: string, secrets: readonly string[]): ResponseItem[] {
  const parsed = WireCompactResponse.safeParse(reply);
  if (!parsed.success) {
    throw new ApiError(scrub(`${what} returned ${describe(reply)}, not a JSON object with an \`output\` array`, secrets));
  }
  const items: ResponseItem[] = [];
  for (const [index, raw] of parsed.data.output.entries()) {
    const result = canonicalizeOutputItem(raw);
    if (result.ok) items.push(result.item);
    // Codex reads an unknown type as "other" and never sends it again; a known but malformed item
    // fails its whole reply.
    else if (!result.unknownType) throw new ApiError(scrub(`${what} returned a bad output[${index}]: ${result.reason}`, secrets));
  }
  return items;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `text (${JSON.stringify(value.slice(0, 80))})`;
  if (Array.isArray(value)) return 'an array';
  return value === null || value === undefined ? 'an empty body' : typeof value === 'object' ? 'an object' : typeof value;
}
