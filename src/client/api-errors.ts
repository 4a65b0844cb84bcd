// Errors the model client throws beyond a plain ApiError, and how an SDK failure is read.
import { APIConnectionError, APIError as SdkApiError, APIUserAbortError } from 'openai/core/error';
import { ApiError, errorMessage, redactSecrets } from '../errors.js';
import type { ProviderSettings } from './provider.js';

/** Thrown when the caller's AbortSignal fires; recognise it with isAbortError. */
export class RequestAbortedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the model request was aborted', options);
    this.name = 'AbortError';
  }
}

export function isAbortError(err: unknown): boolean {
  if (err instanceof APIUserAbortError) return true;
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** Throws RequestAbortedError when the signal fired, or when `cause` is itself an abort. */
export function throwIfAborted(signal: AbortSignal | undefined, cause?: unknown): void {
  if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason });
  if (cause !== undefined && isAbortError(cause)) throw new RequestAbortedError({ cause });
}

/**
 * The stream broke after items were already handed to the caller. Sending the same body again would
 * make the model produce those items a second time, so the client stops; the turn loop re-samples
 * with a request rebuilt from history (which now holds the delivered items), as Codex does.
 */
export class StreamInterruptedError extends ApiError {
  constructor(message: string, readonly itemsDelivered: number) {
    super(message, undefined, true);
  }
}

/** `response.failed` or a stream `error` event; `code` is the server's (e.g. context_length_exceeded). */
export class ResponseFailedError extends ApiError {
  constructor(message: string, readonly errorCode: string | undefined, retryable: boolean) {
    super(message, undefined, retryable);
  }
}

// Server error codes Codex treats as final: retrying cannot help.
const FATAL_ERROR_CODES = new Set([
  'context_length_exceeded',
  'insufficient_quota',
  'usage_not_included',
  'invalid_prompt',
]);

/** The request did not fit the model's context window (a failed response or an HTTP 400 saying so). */
export function isContextWindowExceeded(err: unknown): boolean {
  if (err instanceof ResponseFailedError && err.errorCode === 'context_length_exceeded') return true;
  return err instanceof ApiError && /context_length_exceeded|context window/i.test(err.message);
}

export function isRetryableErrorCode(code: string | undefined | null): boolean {
  return !(code && FATAL_ERROR_CODES.has(code));
}

/** One failed attempt, read from whatever went wrong. */
export interface AttemptFailure {
  message: string;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
}

/** Reads an SDK failure (HTTP status error or connection error); anything else is passed back as null. */
export function failureFromSdkError(err: unknown, what: string, secrets: readonly string[]): AttemptFailure | null {
  if (err instanceof APIConnectionError) {
    const why = systemCause(err);
    // A host name that does not resolve will not resolve a moment later either: no retry (check base_url).
    const dns = why?.code === 'ENOTFOUND';
    const detail = why ? ` (${why.message}${dns ? '; check the provider\'s base_url' : ''})` : '';
    return { message: scrub(`${what} could not connect: ${err.message}${detail}`, secrets), retryable: !dns };
  }
  if (!(err instanceof SdkApiError) || typeof err.status !== 'number') return null;
  const status = err.status;
  const code = typeof err.code === 'string' ? err.code : undefined;
  const retryable = (status === 429 || status >= 500) && isRetryableErrorCode(code);
  const failure: AttemptFailure = {
    message: scrub(`${what} failed with HTTP ${status}: ${serverMessage(err, status)}`, secrets),
    retryable,
    status,
  };
  const retryAfterMs = retryAfterFromHeaders(err.headers);
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}

/**
 * A POST through the SDK that threw, as a failure worth another attempt. An abort is rethrown as
 * such; anything that is not a retryable HTTP or connection failure is thrown as an ApiError.
 */
export function retryableSdkFailure(err: unknown, signal: AbortSignal | undefined, what: string, secrets: readonly string[]): AttemptFailure {
  throwIfAborted(signal, err);
  const failure = failureFromSdkError(err, what, secrets);
  if (!failure) throw new ApiError(scrub(`${what} failed: ${errorMessage(err)}`, secrets));
  if (!failure.retryable) throw new ApiError(failure.message, failure.status);
  return failure;
}

function serverMessage(err: SdkApiError, status: number): string {
  const body: unknown = err.error;
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    const code = (body as { code?: unknown }).code;
    const text = typeof message === 'string' ? message : JSON.stringify(body);
    return typeof code === 'string' ? `${text} (${code})` : text;
  }
  // Non-JSON bodies (a proxy's HTML error page, say) end up in the SDK message after the status.
  return clip(err.message.replace(new RegExp(`^${status} `), ''));
}

const MAX_DETAIL_CHARS = 500;

/** The start of a long server text: enough to recognize it, not a page per retry line. */
export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS)}… (${flat.length} characters)` : flat;
}

/** `retry-after-ms` (non-standard, precise) or `retry-after` (seconds or an HTTP date). */
export function retryAfterFromHeaders(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** "Please try again in 1.5s" / "in 20ms", as rate-limit failures inside a stream phrase it. */
export function retryAfterFromMessage(message: string): number | undefined {
  const match = /try again in\s*(\d+(?:\.\d+)?)\s*(ms|s)\b/i.exec(message);
  if (!match?.[1]) return undefined;
  const value = Number.parseFloat(match[1]);
  return match[2]?.toLowerCase() === 'ms' ? value : value * 1000;
}

// Configured header and query values shorter than this are not credentials (`v=2`, `X-Region: eu`);
// redacting them would garble messages.
const MIN_CONFIGURED_SECRET_CHARS = 8;

/**
 * What scrub removes from a request's error texts: the key, and the provider's header and query
 * values, any of which may be a credential a server or a connection error can echo.
 */
export function requestSecrets(provider: ProviderSettings, apiKey: string | undefined): readonly string[] {
  const secrets = new Set<string>();
  if (apiKey && apiKey.length >= 4) secrets.add(apiKey);
  for (const value of Object.values(provider.headers ?? {})) {
    if (value.length >= MIN_CONFIGURED_SECRET_CHARS) secrets.add(value);
  }
  for (const value of Object.values(provider.queryParams ?? {})) {
    if (value.length < MIN_CONFIGURED_SECRET_CHARS) continue;
    secrets.add(value);
    // A URL in a connection error carries the value percent-encoded.
    secrets.add(encodeURIComponent(value));
  }
  // Longest first, so a value that contains another is removed whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Removes the request's secrets (whatever their shape) and anything that looks like a secret. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return redactSecrets(out);
}

/** The operating system's account of a failed connection (`connect ECONNREFUSED 127.0.0.1:9`), found down the cause chain. */
function systemCause(err: unknown): { message: string; code: string } | undefined {
  let found: { message: string; code: string } | undefined;
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') found = { message: e.message, code };
  }
  return found;
}
