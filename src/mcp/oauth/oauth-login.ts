// `weft mcp login` and the app-server's `mcpServer/oauth/login`: an OAuth authorization for one
// streamable-HTTP MCP server, as Codex runs it. A listener on 127.0.0.1 (a free port, or
// `mcp_oauth_callback_port`) waits for the browser's return at `/callback/<id>`, the id a digest of
// the server URL; the SDK discovers the authorization server, registers weft as a client and builds
// the authorization URL with PKCE; the returned code is exchanged for tokens, which go to the
// credentials file. The caller shows the URL and waits on `completed`; tokens are never shown.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { ToolError, errorMessage } from '../../errors.js';
import type { CredentialsStoreMode } from './credential-store.js';
import { StoredTokenProvider } from './stored-token-provider.js';

export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

export interface McpOAuthLoginOptions {
  home: string;
  /** Where the tokens go (`mcp_oauth_credentials_store`; default the file). */
  store?: CredentialsStoreMode | undefined;
  serverName: string;
  serverUrl: string;
  scopes?: readonly string[] | undefined;
  /** RFC 8707 resource added to the authorization URL (`oauth_resource`). */
  resource?: string | undefined;
  callbackPort?: number | undefined;
  /** A redirect URL to register instead of the listener's own address (`mcp_oauth_callback_url`). */
  callbackUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

export interface McpOAuthLogin {
  readonly authorizationUrl: string;
  /** Resolves once the tokens are stored; rejects on a refusal, a bad callback or the time limit. */
  readonly completed: Promise<void>;
  /** Stops waiting (completed rejects). */
  cancel(): void;
}

/** `/callback` plus a digest of the server URL, so two logins never take each other's callback. */
export function callbackPath(serverUrl: string, base = '/callback'): string {
  const url = new URL(serverUrl);
  url.hash = '';
  const id = createHash('sha256').update(url.href).digest().subarray(0, 9).toString('base64url');
  return `${base.replace(/\/+$/, '')}/${id}`;
}

function isLocalHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

interface Callback {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

export async function startMcpOAuthLogin(opts: McpOAuthLoginOptions): Promise<McpOAuthLogin> {
  const configured = opts.callbackUrl !== undefined ? new URL(opts.callbackUrl) : undefined;
  const path = callbackPath(opts.serverUrl, configured?.pathname ?? '/callback');
  let settle: { resolve: (cb: Callback) => void; reject: (err: Error) => void } | undefined;
  const callback = new Promise<Callback>((resolve, reject) => (settle = { resolve, reject }));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const code = url.searchParams.get('code') ?? undefined;
    const state = url.searchParams.get('state') ?? undefined;
    const error = url.searchParams.get('error') ?? undefined;
    if (url.pathname !== path || (code === undefined && error === undefined)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Not an OAuth callback for this login.\n');
      return;
    }
    const description = url.searchParams.get('error_description');
    res.writeHead(error === undefined ? 200 : 400, { 'content-type': 'text/plain' });
    res.end(error === undefined ? 'weft: signed in. This window can be closed.\n' : `weft: the authorization failed (${error}).\n`);
    settle?.resolve({ code, state, error: error !== undefined ? `${error}${description ? `: ${description}` : ''}` : undefined });
  });
  const host = configured !== undefined && !isLocalHost(configured.hostname) ? '0.0.0.0' : '127.0.0.1';
  server.listen(opts.callbackPort ?? (configured?.port ? Number(configured.port) : 0), host);
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([err]) => Promise.reject(err as Error))]).catch((err: unknown) => {
    throw new ToolError(`cannot listen for the OAuth callback of MCP server ${opts.serverName}: ${errorMessage(err)}`, { cause: err });
  });
  const close = (): void => {
    server.closeAllConnections();
    server.close();
  };
  const port = (server.address() as AddressInfo).port;
  const redirect = configured !== undefined ? new URL(configured.href) : new URL(`http://127.0.0.1:${port}`);
  redirect.pathname = path;

  const provider = new StoredTokenProvider({ home: opts.home, store: opts.store ?? 'file', serverName: opts.serverName, serverUrl: opts.serverUrl, redirectUrl: redirect.href, scopes: opts.scopes });
  const scope = opts.scopes !== undefined && opts.scopes.length > 0 ? opts.scopes.join(' ') : undefined;
  let started: Awaited<ReturnType<typeof auth>>;
  try {
    started = await auth(provider, { serverUrl: opts.serverUrl, ...(scope ? { scope } : {}) });
  } catch (err) {
    close();
    throw new ToolError(`MCP server ${opts.serverName}: OAuth discovery or client registration failed: ${errorMessage(err)}`, { cause: err });
  }
  const authorizationUrl = provider.authorizationUrl;
  if (started !== 'REDIRECT' || authorizationUrl === undefined) {
    close();
    throw new ToolError(`MCP server ${opts.serverName}: the authorization server gave no authorization URL`);
  }
  if (opts.resource !== undefined && opts.resource.trim() !== '' && !authorizationUrl.searchParams.has('resource')) {
    authorizationUrl.searchParams.append('resource', opts.resource.trim());
  }

  const timeoutMs = opts.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS;
  const timer = setTimeout(() => settle?.reject(new ToolError(`MCP server ${opts.serverName}: no OAuth callback within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
  timer.unref();
  const completed = (async () => {
    try {
      const cb = await callback;
      if (cb.error !== undefined) throw new ToolError(`MCP server ${opts.serverName}: the authorization server refused the login: ${cb.error}`);
      if (cb.state !== provider.state()) throw new ToolError(`MCP server ${opts.serverName}: the OAuth callback's state does not match this login; nothing was stored`);
      try {
        await auth(provider, { serverUrl: opts.serverUrl, authorizationCode: cb.code ?? '', ...(scope ? { scope } : {}) });
      } catch (err) {
        throw new ToolError(`MCP server ${opts.serverName}: exchanging the authorization code failed: ${errorMessage(err)}`, { cause: err });
      }
    } finally {
      clearTimeout(timer);
      close();
    }
  })();
  void completed.catch(() => undefined); // The caller awaits it; a rejection before it does is not unhandled.
  return {
    authorizationUrl: authorizationUrl.href,
    completed,
    cancel: () => settle?.reject(new ToolError(`MCP server ${opts.serverName}: the login was cancelled`)),
  };
}
