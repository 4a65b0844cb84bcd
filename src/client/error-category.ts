// Why a request failed, in Codex's categories (its `CodexErrorInfo`): what the app-server reports
// with a failed turn and what codex-0.169 records in the `task_complete` of one.
import type { CodexErrorInfo } from '../../protocol/app-server/common.js';
import { ApiError, MissingApiKeyError } from '../errors.js';
import { ResponseFailedError } from './api-errors.js';

export function errorCategory(err: unknown): CodexErrorInfo {
  if (err instanceof ResponseFailedError && err.errorCode === 'context_length_exceeded') return 'contextWindowExceeded';
  if (err instanceof ResponseFailedError && (err.errorCode === 'insufficient_quota' || err.errorCode === 'usage_not_included')) {
    return 'usageLimitExceeded';
  }
  // No key set: what the service's 401 would have said, without sending the request.
  if (err instanceof MissingApiKeyError) return 'unauthorized';
  if (!(err instanceof ApiError) || err.status === undefined) return 'other';
  if (err.status === 400) return 'badRequest';
  if (err.status === 401 || err.status === 403) return 'unauthorized';
  if (err.status >= 500) return 'internalServerError';
  return { httpConnectionFailed: { httpStatusCode: err.status } };
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The category as a rollout stores it (snake_case names, as Codex serializes it there). */
export function storedErrorCategory(info: CodexErrorInfo): unknown {
  if (typeof info === 'string') return snake(info);
  return Object.fromEntries(
    Object.entries(info).map(([k, v]) => [snake(k), typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).map(([k2, v2]) => [snake(k2), v2])) : v]),
  );
}
