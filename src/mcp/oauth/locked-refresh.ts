// A token refresh as one transaction under the entry's refresh lock (credential-locks.ts), as Codex
// 0.169 runs it, so that weft and Codex never spend the same refresh token. The SDK refreshes from
// inside `auth()` (before connecting, and on a 401) through the fetch it is given; this fetch
// wraps the token request: it takes the lock, rereads the stored entry and, when another process
// already refreshed it (a different refresh token, not about to expire), answers with those tokens
// without asking the authorization server; otherwise it asks, and stores the answer before the
// lock is let go. Every other request passes through unchanged.
import { netFetch } from '../../net/net-fetch.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { OAuthTokensSchema, type OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { StoredMcpOAuthEntry } from '../../../protocol/mcp-oauth-credentials.js';
import { acquireFileLock, refreshLockPath } from './credential-locks.js';
import { loadStoredTokens, type CredentialsStoreMode } from './credential-store.js';
import { credentialsKey } from './credentials-file.js';

/** Where the entry lives, and how the provider stores a refresh's answer. */
export interface RefreshTarget {
  home: string;
  store: CredentialsStoreMode;
  serverName: string;
  serverUrl: string;
  /** How close to its expiry a stored token counts as due a refresh. */
  marginMs: number;
  saveTokens(tokens: OAuthTokens): Promise<void>;
}

/** The refresh token a token request posts, if it is a refresh (`grant_type=refresh_token`). */
function postedRefreshToken(init: RequestInit | undefined): string | undefined {
  if (init?.method?.toUpperCase() !== 'POST') return undefined;
  const body = init.body;
  const params = body instanceof URLSearchParams ? body : typeof body === 'string' ? new URLSearchParams(body) : undefined;
  if (params?.get('grant_type') !== 'refresh_token') return undefined;
  return params.get('refresh_token') ?? undefined;
}

/** The token endpoint's answer for tokens another process stored. */
function storedAnswer(entry: StoredMcpOAuthEntry, now: number): Response {
  const body = {
    access_token: entry.access_token,
    token_type: 'Bearer',
    ...(entry.expires_at != null ? { expires_in: Math.max(0, Math.floor((entry.expires_at - now) / 1000)) } : {}),
    ...(entry.refresh_token != null ? { refresh_token: entry.refresh_token } : {}),
    ...(entry.scopes.length > 0 ? { scope: entry.scopes.join(' ') } : {}),
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

export function lockedRefreshFetch(target: RefreshTarget, base: FetchLike = netFetch): FetchLike {
  return async (url, init) => {
    const posted = postedRefreshToken(init);
    if (posted === undefined) return base(url, init);
    const release = await acquireFileLock(refreshLockPath(target.home, credentialsKey(target.serverName, target.serverUrl)));
    try {
      const now = Date.now();
      const stored = await loadStoredTokens(target, target.serverName, target.serverUrl);
      // Logged out meanwhile: no refresh (the server then needs a login, as for Codex).
      if (stored === undefined) throw new Error(`the OAuth tokens of MCP server ${target.serverName} were removed before the refresh`);
      const due = stored.expires_at != null && now + target.marginMs >= stored.expires_at;
      if (stored.refresh_token !== posted && stored.refresh_token != null && !due) return storedAnswer(stored, now);
      const response = await base(url, init);
      if (!response.ok) return response;
      const text = await response.text();
      const tokens = OAuthTokensSchema.safeParse(JSON.parse(text));
      // Stored inside the lock: the next holder rereads the new refresh token. A refresh grant may
      // answer without one; the old one stays good then.
      if (tokens.success) await target.saveTokens({ refresh_token: posted, ...tokens.data });
      return new Response(text, { status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' } });
    } finally {
      release();
    }
  };
}
