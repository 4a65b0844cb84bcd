// An MCP server behind OAuth, made of the SDK's own server pieces on 127.0.0.1: the authorization
// server routes (`mcpAuthRouter`: metadata, dynamic client registration, authorize, token), an
// in-memory provider that approves every authorization at once (redirecting to the client's
// callback with a code, so a plain HTTP client following redirects completes a login), and the
// fixture MCP server behind `requireBearerAuth`. The provider counts grants and can expire the
// access tokens it issued, for refresh tests.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
// @ts-expect-error -- express ships no type declarations here; the SDK's auth router needs an express app
import express from 'express';
// @ts-expect-error -- a plain ESM fixture without type declarations
import { fixtureServer } from './mcp-fixture-server.mjs';

type Handler = (req: http.IncomingMessage & { auth?: AuthInfo }, res: http.ServerResponse, next?: () => void) => void;
interface ExpressApp extends Handler {
  use(handler: unknown): void;
  all(path: string, ...handlers: unknown[]): void;
}
interface Redirecting {
  redirect(status: number, url: string): void;
}

export class InMemoryOAuthProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  readonly #codes = new Map<string, { clientId: string; challenge: string; scopes: string[] }>();
  readonly #access = new Map<string, { clientId: string; scopes: string[]; expiresAt: number }>();
  readonly #refresh = new Map<string, { clientId: string; scopes: string[] }>();
  codeGrants = 0;
  refreshGrants = 0;
  accessTtlSec = 3600;
  /** Requests that reached the MCP endpoint with a valid token. */
  authorizedRequests = 0;

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: (id) => this.clients.get(id),
      registerClient: (client) => {
        const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) } as OAuthClientInformationFull;
        this.clients.set(full.client_id, full);
        return full;
      },
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: unknown): Promise<void> {
    const code = randomUUID();
    this.#codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge, scopes: params.scopes ?? [] });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    (res as Redirecting).redirect(302, target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const known = this.#codes.get(code);
    if (known === undefined) throw new InvalidGrantError('unknown authorization code');
    return known.challenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<OAuthTokens> {
    const known = this.#codes.get(code);
    if (known === undefined || known.clientId !== client.client_id) throw new InvalidGrantError('unknown authorization code');
    this.#codes.delete(code);
    this.codeGrants += 1;
    return this.#issue(client.client_id, known.scopes);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string): Promise<OAuthTokens> {
    const known = this.#refresh.get(refreshToken);
    if (known === undefined || known.clientId !== client.client_id) throw new InvalidGrantError('unknown refresh token');
    this.#refresh.delete(refreshToken);
    this.refreshGrants += 1;
    return this.#issue(client.client_id, known.scopes);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const known = this.#access.get(token);
    if (known === undefined) throw new InvalidTokenError('unknown access token');
    return { token, clientId: known.clientId, scopes: known.scopes, expiresAt: Math.floor(known.expiresAt / 1000) };
  }

  /** Every access token issued so far is expired from now on (refresh tokens stay good). */
  expireAccessTokens(): void {
    for (const t of this.#access.values()) t.expiresAt = Date.now() - 60_000;
  }

  #issue(clientId: string, scopes: string[]): OAuthTokens {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    this.#access.set(access, { clientId, scopes, expiresAt: Date.now() + this.accessTtlSec * 1000 });
    this.#refresh.set(refresh, { clientId, scopes });
    return { access_token: access, token_type: 'bearer', expires_in: this.accessTtlSec, refresh_token: refresh, ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}) };
  }
}

export interface OAuthMcpServer {
  /** The MCP endpoint (`…/mcp`). */
  readonly url: string;
  readonly provider: InMemoryOAuthProvider;
  /** The path of every request received, in order. */
  readonly paths: readonly string[];
  /** Resolves once a request to `path` arrives at or after index `from` of `paths`. */
  requested(path: string, from?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const provider = new InMemoryOAuthProvider();
  let app: ExpressApp | undefined;
  const paths: string[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    paths.push(new URL(req.url ?? '/', 'http://x').pathname);
    for (const wake of waiters.splice(0)) wake();
    app?.(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  app = (express as () => ExpressApp)();
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl, scopesSupported: ['echo'] }));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.all('/mcp', bearer, async (req: http.IncomingMessage, res: http.ServerResponse) => {
    provider.authorizedRequests += 1;
    // Stateless: a fresh server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const mcp = (fixtureServer as () => { connect(t: unknown): Promise<void> })();
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  return {
    url: mcpUrl.href,
    provider,
    paths,
    requested: async (path, from = 0) => {
      while (!paths.slice(from).includes(path)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
