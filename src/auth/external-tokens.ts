// ChatGPT tokens a client hands over (app-server `account/login/start` `chatgptAuthTokens`), kept as
// Codex 0.169 keeps them: in the app-server's memory only (memory-auth.ts), under `auth_mode:
// "chatgptAuthTokens"`, with no refresh token. The access token must be a JWT: its claims say who
// the user is (email, user id), the account is the one the client names, and the plan the one it
// names, else the token's, else `unknown`. weft keeps those claims as the sign-in's id_token (an
// unsigned JWT that never leaves the process), so everything that reads a sign-in reads this one.
// weft never renews these tokens itself: after a 401 it asks the client for new ones
// (`account/chatgptAuthTokens/refresh`), once per request, as Codex does.
import type { AuthFile, AuthTokens } from '../../protocol/auth.js';
import { jwtPayload } from './jwt-claims.js';

export const EXTERNAL_TOKENS_MODE = 'chatgptAuthTokens';

const AUTH_CLAIM = 'https://api.openai.com/auth';

/** What a client hands over, at login or when asked for new tokens. */
export interface ExternalTokens {
  readonly accessToken: string;
  readonly chatgptAccountId: string;
  readonly chatgptPlanType?: string | null | undefined;
}

/** Asks the client for new tokens after a 401 (the account the refused ones were for). */
export type ExternalTokensRefresher = (previousAccountId: string | undefined) => Promise<ExternalTokens>;

export class ExternalTokensError extends Error {
  override readonly name = 'ExternalTokensError';
}

export const isExternalTokensFile = (file: AuthFile | undefined): boolean => file?.auth_mode === EXTERNAL_TOKENS_MODE;

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The in-memory sign-in of tokens a client handed over.
 * @throws ExternalTokensError when the access token is not a JWT (its claims cannot be read).
 */
export function externalTokensFile(tokens: ExternalTokens, now: Date): AuthFile & { tokens: AuthTokens } {
  const claims = jwtPayload(tokens.accessToken);
  if (claims === undefined) throw new ExternalTokensError('the access token is not a JWT: weft reads the user and plan from its claims');
  const auth = typeof claims[AUTH_CLAIM] === 'object' && claims[AUTH_CLAIM] !== null ? (claims[AUTH_CLAIM] as Record<string, unknown>) : {};
  const claimedPlan = typeof auth.chatgpt_plan_type === 'string' ? auth.chatgpt_plan_type : undefined;
  const identity = {
    ...claims,
    [AUTH_CLAIM]: { ...auth, chatgpt_account_id: tokens.chatgptAccountId, chatgpt_plan_type: tokens.chatgptPlanType ?? claimedPlan ?? 'unknown' },
  };
  return {
    auth_mode: EXTERNAL_TOKENS_MODE,
    OPENAI_API_KEY: null,
    tokens: {
      id_token: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(identity)}.`,
      access_token: tokens.accessToken,
      refresh_token: '',
      account_id: tokens.chatgptAccountId,
    },
    last_refresh: now.toISOString(),
  };
}
