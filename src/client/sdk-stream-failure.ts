// What an exception thrown while reading an openai-SDK stream means, for every wire read through the
// SDK: an abort or weft's own error goes on as it is, data that is not JSON is final, an `error`
// the server put in the stream is a failed response, and anything else is a broken stream.
import { APIConnectionError, APIError as SdkApiError } from 'openai/core/error';
import { ApiError, WeftError, errorMessage } from '../errors.js';
import { scrub, throwIfAborted, type AttemptFailure } from './api-errors.js';
import { failureOf } from './stream-event-mapper.js';

export type SdkStreamFailure =
  | ({ kind: 'failed'; code?: string } & AttemptFailure)
  | ({ kind: 'broken' } & AttemptFailure);

/** @throws the abort, weft's error, or an ApiError for undecodable data. */
export function sdkStreamFailure(err: unknown, what: string, secrets: readonly string[], signal: AbortSignal | undefined): SdkStreamFailure {
  throwIfAborted(signal, err);
  if (err instanceof WeftError) throw err;
  // The SDK parses each event's data as JSON and throws the parser's error when it is not.
  if (err instanceof SyntaxError) throw new ApiError(scrub(`${what}: malformed stream event, its data is not JSON: ${err.message}`, secrets));
  if (err instanceof SdkApiError && !(err instanceof APIConnectionError) && err.status === undefined) {
    // Data carrying `error`: the SDK raises it itself.
    const failed = failureOf('error in stream', typeof err.code === 'string' ? err.code : undefined, err.message);
    return { ...failed, kind: 'failed', message: scrub(`${what}: ${failed.message}`, secrets) };
  }
  return { kind: 'broken', message: scrub(`${what}: the stream broke: ${brokenReason(err)}`, secrets), retryable: true };
}

function brokenReason(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  return cause instanceof Error ? `${errorMessage(err)} (${errorMessage(cause)})` : errorMessage(err);
}
