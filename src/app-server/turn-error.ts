// Why a turn failed, as the protocol reports it: the message plus Codex's error category.
import type { CodexErrorInfo, TurnError } from '../../protocol/app-server/common.js';
import { ResponseFailedError } from '../client/api-errors.js';
import { ApiError, MissingApiKeyError, errorMessage } from '../errors.js';

function category(err: unknown): CodexErrorInfo {
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

export function turnError(err: unknown): TurnError {
  return { message: errorMessage(err), codexErrorInfo: category(err), additionalDetails: null };
}
