// Refreshing ChatGPT tokens as Codex 0.169 does: when (`refreshReason`), how (`requestRefresh`) and
// what is stored (`refreshedFile`).
//
// When: before a request, an access token that is a JWT whose `exp` has passed (`proactive_expiry`);
// an access token that is not a JWT once `last_refresh` is more than eight days old (`scheduled`);
// after a 401 that re-reading the file did not cure (`unauthorized_recovery`).
// How: `POST <refresh URL>` (issuer.ts) with JSON `{client_id, grant_type, refresh_reason,
// refresh_token}`, the caller's originator and user agent, no Authorization.
// What is stored: only the tokens the answer holds replace the old ones; account_id and the rest of
// the file are kept as they were (unknown fields dropped by the rewrite), `last_refresh` is now.
// A refusal (401, or one of the codes that mean the refresh token is spent) is permanent: the user
// must sign in again. Anything else is transient.
import { RefreshAnswer, TokenErrorBody, type AuthFile, type AuthTokens } from '../../protocol/auth.js';
import { WeftError } from '../errors.js';
import type { CaTrust, Env } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';
import { jwtExpiry } from './jwt-claims.js';
import { CODEX_CLIENT_ID, refreshUrl } from './issuer.js';

export type RefreshReason = 'proactive_expiry' | 'scheduled' | 'unauthorized_recovery';

/** Codex refreshes an opaque access token this long after `last_refresh`. */
export const OPAQUE_TOKEN_MAX_AGE_MS = 8 * 24 * 60 * 60 * 1000;

/** Who asks: the originator and user agent the request carries. */
export interface CallerIdentity {
  readonly originator: string;
  readonly userAgent: string;
}

/** Why a proactive refresh is due before the next request, or undefined when none is. */
export function refreshReason(tokens: AuthTokens, lastRefresh: string | null | undefined, nowMs: number): RefreshReason | undefined {
  const exp = jwtExpiry(tokens.access_token);
  if (exp !== undefined) return exp * 1000 <= nowMs ? 'proactive_expiry' : undefined;
  const last = lastRefresh ? Date.parse(lastRefresh) : Number.NaN;
  if (Number.isNaN(last)) return undefined;
  return nowMs - last > OPAQUE_TOKEN_MAX_AGE_MS ? 'scheduled' : undefined;
}

/** The issuer would not refresh: the user must sign in again (`permanent`), or may try later. */
export class RefreshFailedError extends WeftError {
  constructor(message: string, readonly permanent: boolean, readonly status?: number) {
    super('api', message);
  }
}

const PERMANENT_CODES = new Set(['refresh_token_expired', 'refresh_token_reused', 'refresh_token_invalidated']);

const SIGN_IN_AGAIN = 'sign in again with `weft login` (or `codex login`)';

function permanentMessage(code: string | undefined): string {
  switch (code) {
    case 'refresh_token_expired':
      return `Your ChatGPT sign-in has expired: ${SIGN_IN_AGAIN}.`;
    case 'refresh_token_reused':
      return `Your ChatGPT sign-in could not be renewed because its refresh token was already used (another program may have renewed it first): log out and ${SIGN_IN_AGAIN}.`;
    case 'refresh_token_invalidated':
      return `Your ChatGPT sign-in was revoked: ${SIGN_IN_AGAIN}.`;
    default:
      return `The sign-in service refused to renew your ChatGPT sign-in: ${SIGN_IN_AGAIN}.`;
  }
}

/**
 * Asks the issuer for new tokens.
 * @throws RefreshFailedError (permanent or not); its message never holds a token.
 */
export async function requestRefresh(
  tokens: AuthTokens,
  reason: RefreshReason,
  opts: { env: Env; trust: CaTrust | undefined; caller: CallerIdentity },
): Promise<RefreshAnswer> {
  const url = refreshUrl(tokens, opts.env);
  const body = JSON.stringify({ client_id: CODEX_CLIENT_ID, grant_type: 'refresh_token', refresh_reason: reason, refresh_token: tokens.refresh_token });
  let answer;
  try {
    answer = await smallRequest({
      method: 'POST',
      url,
      headers: [
        ['content-type', 'application/json'],
        ['originator', opts.caller.originator],
        ['user-agent', opts.caller.userAgent],
        ['accept', '*/*'],
      ],
      body,
      trust: opts.trust,
      timeoutMs: 30_000,
    });
  } catch (err) {
    throw new RefreshFailedError(`Your ChatGPT sign-in could not be renewed: ${err instanceof Error ? err.message : String(err)}. Try again.`, false);
  }
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = RefreshAnswer.safeParse(jsonOf(answer));
    if (parsed.success) return parsed.data;
    throw new RefreshFailedError(`The sign-in service answered the renewal of your ChatGPT sign-in with something that is not tokens (${new URL(url).origin}). Try again.`, false, answer.status);
  }
  const error = TokenErrorBody.safeParse(jsonOf(answer));
  const raw = error.success ? error.data.error : undefined;
  const code = typeof raw === 'string' ? raw : raw?.code;
  if (answer.status === 401 || (code !== undefined && PERMANENT_CODES.has(code))) {
    throw new RefreshFailedError(permanentMessage(code), true, answer.status);
  }
  throw new RefreshFailedError(`Your ChatGPT sign-in could not be renewed: the sign-in service answered HTTP ${answer.status}. Try again.`, false, answer.status);
}

/** The file after a refresh: the answer's tokens over the old ones, `last_refresh` now (nanoseconds, as Codex writes it). */
export function refreshedFile(file: AuthFile, tokens: AuthTokens, answer: RefreshAnswer, now: Date): AuthFile {
  return {
    ...file,
    tokens: {
      ...tokens,
      ...(answer.id_token !== undefined ? { id_token: answer.id_token } : {}),
      ...(answer.access_token !== undefined ? { access_token: answer.access_token } : {}),
      ...(answer.refresh_token !== undefined ? { refresh_token: answer.refresh_token } : {}),
    },
    last_refresh: rfc3339Nanos(now),
  };
}

/** `2026-11-28T16:31:37.917459228Z`: Codex's timestamps carry nine digits of fraction. */
export function rfc3339Nanos(now: Date): string {
  const iso = now.toISOString();
  const sub = process.hrtime.bigint() % 1_000_000n;
  return `${iso.slice(0, 23)}${sub.toString().padStart(6, '0')}Z`;
}
