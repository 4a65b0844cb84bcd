// auth.json as a login leaves it (Codex 0.169, raw/23): `auth_mode: "chatgpt"`, no key, the tokens
// with who issued them (`oauth_provenance`), an opaque owner id of this login, the account id read
// from the id_token's claims, and the time.
import { randomBytes } from 'node:crypto';
import type { AuthFile } from '../../protocol/auth.js';
import { idTokenInfo } from './jwt-claims.js';
import { CODEX_CLIENT_ID } from './issuer.js';
import { rfc3339Nanos } from './token-refresh.js';

export interface IssuedTokens {
  readonly id_token: string;
  readonly access_token: string;
  readonly refresh_token: string;
}

export function signedInFile(tokens: IssuedTokens, issuer: string, now: Date, apiKey?: string): AuthFile {
  const accountId = idTokenInfo(tokens.id_token).accountId;
  return {
    auth_mode: 'chatgpt',
    OPENAI_API_KEY: apiKey ?? null,
    tokens: {
      id_token: tokens.id_token,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      oauth_provenance: { issuer, client_id: CODEX_CLIENT_ID },
      login_owner_id: randomBytes(32).toString('base64url'),
      ...(accountId !== undefined ? { account_id: accountId } : {}),
    },
    last_refresh: rfc3339Nanos(now),
  };
}

/** `auth.json` of `login --with-api-key`: the mode and the key, nothing else. */
export function apiKeyFile(apiKey: string): AuthFile {
  return { auth_mode: 'apikey', OPENAI_API_KEY: apiKey };
}

/** `auth.json` of `login --with-access-token` (Codex 0.169, observed): the mode, no key, the token. */
export function agentIdentityFile(token: string): AuthFile {
  return { auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: token };
}
