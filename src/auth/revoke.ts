// Signing out as `codex logout` does (raw/22, 26–28): a best-effort revoke of the refresh token (or
// of the access token, without client id, when there is none) at the revoke URL (issuer.ts), JSON
// `{token, token_type_hint[, client_id]}` with the caller's originator and user agent and ten
// seconds to answer; then auth.json is removed whatever the issuer said. An API key is not revoked,
// nor are tokens a client handed over (they are the client's; they are only forgotten).
import { authModeOf } from './auth-file.js';
import { readAuth, removeAuth, type AuthPlace } from './auth-store.js';
import { isExternalTokensFile } from './external-tokens.js';
import type { CaTrust, Env } from './ca-trust.js';
import { smallRequest } from './https-request.js';
import { CODEX_CLIENT_ID, revokeUrl } from './issuer.js';
import type { CallerIdentity } from './token-refresh.js';

export const REVOKE_TIMEOUT_MS = 10_000;

/** False when there was no sign-in to remove. */
export async function logout(opts: AuthPlace & { env: Env; trust: CaTrust | undefined; caller: CallerIdentity }): Promise<boolean> {
  const place: AuthPlace = { home: opts.home, store: opts.store, memory: opts.memory };
  let file;
  try {
    file = readAuth(place);
  } catch {
    // An unreadable sign-in is still removed: signing out must always be possible.
    return removeAuth(place);
  }
  if (file === undefined) return false;
  const tokens = file.tokens;
  if (authModeOf(file) === 'chatgpt' && tokens && !isExternalTokensFile(file)) {
    const body = tokens.refresh_token
      ? { token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: CODEX_CLIENT_ID }
      : { token: tokens.access_token, token_type_hint: 'access_token' };
    await smallRequest({
      method: 'POST',
      url: revokeUrl(opts.env),
      headers: [
        ['content-type', 'application/json'],
        ['originator', opts.caller.originator],
        ['user-agent', opts.caller.userAgent],
        ['accept', '*/*'],
      ],
      body: JSON.stringify(body),
      trust: opts.trust,
      timeoutMs: REVOKE_TIMEOUT_MS,
    }).catch(() => undefined);
  }
  return removeAuth(place);
}
