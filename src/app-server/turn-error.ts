// Why a turn failed, as the protocol reports it: the message plus Codex's error category.
import type { TurnError } from '../../protocol/app-server/common.js';
import { errorCategory } from '../client/error-category.js';
import { errorMessage } from '../errors.js';

export function turnError(err: unknown): TurnError {
  return { message: errorMessage(err), codexErrorInfo: errorCategory(err), additionalDetails: null };
}
