// The SDK's OAuth client seen from weft: an OAuthClientProvider whose tokens live in the credentials
// file (Codex's layout). Used two ways: by `weft mcp login` (a fresh authorization with dynamic
// client registration and PKCE, the code verifier and state kept in memory) and when a thread
// connects to a server (the stored tokens, refreshed and saved again when the server or their
// expiry asks for it). Codex's file keeps the client id with the tokens but not the authorization
// server they came from, so tokens read from it are bound to the first server that discovery names.
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { StoredMcpOAuthEntry } from '../../../protocol/mcp-oauth-credentials.js';
import { loadStoredTokens, saveStoredTokens, type CredentialsStoreMode } from './credential-store.js';
import { lockedRefreshFetch } from './locked-refresh.js';

/** How close to its expiry a stored token is refreshed before use (Codex's margin). */
export const REFRESH_MARGIN_MS = 30_000;

export interface StoredTokenProviderOptions {
  home: string;
  /** Where the tokens are kept (`mcp_oauth_credentials_store`). */
  store: CredentialsStoreMode;
  serverName: string;
  serverUrl: string;
  /** Where the authorization server sends the browser back (login); a placeholder when connecting. */
  redirectUrl: string;
  scopes?: readonly string[] | undefined;
  /** The tokens to start from (none for a fresh login). */
  stored?: StoredMcpOAuthEntry | undefined;
  now?: () => number;
}

export class StoredTokenProvider implements OAuthClientProvider {
  readonly #opts: StoredTokenProviderOptions;
  #entry: StoredMcpOAuthEntry | undefined;
  #client: OAuthClientInformationMixed | undefined;
  #issuer: string | undefined;
  #verifier: string | undefined;
  readonly #state = randomBytes(24).toString('base64url');
  #authorizationUrl: URL | undefined;

  constructor(opts: StoredTokenProviderOptions) {
    this.#opts = opts;
    this.#entry = opts.stored;
    this.#client = opts.stored !== undefined ? { client_id: opts.stored.client_id } : undefined;
  }

  /** The provider of a server's stored tokens; undefined when none are stored. */
  static async forConnection(place: { home: string; store: CredentialsStoreMode }, serverName: string, serverUrl: string): Promise<StoredTokenProvider | undefined> {
    const stored = await loadStoredTokens(place, serverName, serverUrl);
    if (stored === undefined) return undefined;
    return new StoredTokenProvider({ home: place.home, store: place.store, serverName, serverUrl, redirectUrl: 'http://127.0.0.1/callback', stored });
  }

  get redirectUrl(): string {
    return this.#opts.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.#opts.scopes?.join(' ');
    return {
      client_name: 'weft',
      redirect_uris: [this.#opts.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A public client with PKCE: Codex's file has room for a client id only.
      token_endpoint_auth_method: 'none',
      ...(scope ? { scope } : {}),
    };
  }

  state(): string {
    return this.#state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.#client = info;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#issuer ??= state.authorizationServerUrl;
  }

  tokens(): OAuthTokens | undefined {
    const entry = this.#entry;
    if (entry === undefined) return undefined;
    const expiresIn = entry.expires_at != null ? Math.max(0, Math.floor((entry.expires_at - this.#now()) / 1000)) : undefined;
    return {
      access_token: entry.access_token,
      token_type: 'Bearer',
      ...(expiresIn !== undefined ? { expires_in: expiresIn } : {}),
      ...(entry.refresh_token != null ? { refresh_token: entry.refresh_token } : {}),
      ...(entry.scopes.length > 0 ? { scope: entry.scopes.join(' ') } : {}),
      ...(this.#issuer !== undefined ? { issuer: this.#issuer } : {}),
    };
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const clientId = this.#client?.client_id;
    if (clientId === undefined) throw new Error('the authorization server issued tokens before a client was registered');
    const entry: StoredMcpOAuthEntry = {
      server_name: this.#opts.serverName,
      server_url: this.#opts.serverUrl,
      client_id: clientId,
      access_token: tokens.access_token,
      expires_at: tokens.expires_in !== undefined ? this.#now() + tokens.expires_in * 1000 : null,
      // A refresh grant may answer without a new refresh token: the old one stays good.
      refresh_token: tokens.refresh_token ?? this.#entry?.refresh_token ?? null,
      scopes: tokens.scope !== undefined ? tokens.scope.split(' ').filter((s) => s !== '') : (this.#entry?.scopes ?? []),
    };
    await saveStoredTokens({ home: this.#opts.home, store: this.#opts.store }, entry);
    this.#entry = entry;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.#authorizationUrl = authorizationUrl;
  }

  /** The URL the user must open, once the SDK has made one. */
  get authorizationUrl(): URL | undefined {
    return this.#authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error('no authorization is in progress');
    return this.#verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.#entry = undefined;
    if (scope === 'all' || scope === 'client') this.#client = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
  }

  /** The fetch to give the SDK: its token refreshes run under the entry's refresh lock (locked-refresh.ts). */
  refreshFetch(): FetchLike {
    const { home, store, serverName, serverUrl } = this.#opts;
    return lockedRefreshFetch({ home, store, serverName, serverUrl, marginMs: REFRESH_MARGIN_MS, saveTokens: (tokens) => this.saveTokens(tokens) });
  }

  /** True when the stored access token is expired or about to be, and a refresh token exists. */
  get refreshDue(): boolean {
    const entry = this.#entry;
    if (entry?.expires_at == null || entry.refresh_token == null || entry.refresh_token === '') return false;
    return this.#now() + REFRESH_MARGIN_MS >= entry.expires_at;
  }

  #now(): number {
    return (this.#opts.now ?? Date.now)();
  }
}
