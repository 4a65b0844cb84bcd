// Signing in through the browser, as `codex login` does (raw/24, 25): a listener on 127.0.0.1:1455
// (1457 when that port is taken), an authorize URL at the issuer with PKCE (S256) and a random
// state, and the callback `/auth/callback?code&state`: a state that does not match is answered 400;
// a good one is exchanged for tokens (code-exchange.ts), then, best effort, the id_token for an API
// key (the token-exchange grant), auth.json is written and the browser is sent to `/success`.
// Codex always uses its default issuer here; the issuer is a parameter for weft's own tests.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeAuth, type AuthStoreMode } from './auth-store.js';
import type { MemoryAuthStore } from './memory-auth.js';
import type { CaTrust } from './ca-trust.js';
import { exchangeCode, LoginFailedError } from './code-exchange.js';
import { jsonOf, smallRequest } from './https-request.js';
import { CODEX_CLIENT_ID, DEFAULT_ISSUER } from './issuer.js';
import { signedInFile, type IssuedTokens } from './signed-in-file.js';

export const LOGIN_PORTS = [1455, 1457] as const;
const SCOPE = 'openid profile email offline_access api.connectors.read api.connectors.invoke';

export interface BrowserLogin {
  readonly authorizeUrl: string;
  readonly port: number;
  /** Settles once auth.json is written (or the login failed). */
  readonly completed: Promise<void>;
  cancel(): void;
}

export interface BrowserLoginOptions {
  readonly home: string;
  /** Where the sign-in is kept (`cli_auth_credentials_store`; auth.json when not given). */
  readonly store?: AuthStoreMode | undefined;
  /** An app-server's in-memory sign-in (the `ephemeral` store keeps the login there). */
  readonly memory?: MemoryAuthStore | undefined;
  readonly trust: CaTrust | undefined;
  readonly originator: string;
  readonly issuer?: string;
  /** Ports to try in turn (Codex's two by default; 0 picks a free one). */
  readonly ports?: readonly number[];
  readonly now?: () => Date;
}

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

export async function startBrowserLogin(opts: BrowserLoginOptions): Promise<BrowserLogin> {
  const issuer = (opts.issuer ?? DEFAULT_ISSUER).replace(/\/+$/, '');
  const verifier = randomBytes(64).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(32).toString('base64url');
  let settle!: { resolve: () => void; reject: (err: Error) => void };
  const completed = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let port = 0;
  const redirectUri = (): string => `http://127.0.0.1:${port}/auth/callback`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/success') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
      res.end(page('Signed in', 'weft is signed in with ChatGPT. You can close this window.'));
      return;
    }
    if (url.pathname !== '/auth/callback') {
      res.writeHead(404, { connection: 'close' }).end();
      return;
    }
    if (url.searchParams.get('state') !== state) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('The sign-in state does not match this login; start it again.');
      return;
    }
    const code = url.searchParams.get('code');
    if (!code) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' }).end(page('Sign-in failed', 'The sign-in service sent no authorization code.'));
      finish(new LoginFailedError(`Signing in failed: ${url.searchParams.get('error_description') ?? url.searchParams.get('error') ?? 'no authorization code came back'}.`));
      return;
    }
    void (async () => {
      try {
        const tokens = await exchangeCode({ issuer, code, redirectUri: redirectUri(), codeVerifier: verifier, trust: opts.trust });
        const apiKey = await apiKeyFor(issuer, tokens, opts.trust);
        await writeAuth({ home: opts.home, store: opts.store ?? 'file', memory: opts.memory }, signedInFile(tokens, issuer, opts.now?.() ?? new Date(), apiKey));
        res.writeHead(302, { location: '/success', connection: 'close' }).end();
        finish(undefined);
      } catch (err) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' }).end(page('Sign-in failed', 'weft could not finish signing in; see the terminal.'));
        finish(err instanceof Error ? err : new Error(String(err)));
      }
    })();
  });
  const finish = (err: Error | undefined): void => {
    server.close();
    server.closeAllConnections?.();
    if (err) settle.reject(err);
    else settle.resolve();
  };
  port = await listenOnFirst(server, opts.ports ?? LOGIN_PORTS);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CODEX_CLIENT_ID,
    redirect_uri: redirectUri(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: SCOPE,
    id_token_add_organizations: 'true',
    codex_cli_simplified_flow: 'true',
    originator: opts.originator,
  });
  return {
    authorizeUrl: `${issuer}/oauth/authorize?${query.toString()}`,
    port,
    completed,
    cancel: () => finish(new LoginFailedError('Signing in was cancelled.')),
  };
}

async function listenOnFirst(server: http.Server, ports: readonly number[]): Promise<number> {
  let last: unknown;
  for (const candidate of ports) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as AddressInfo).port;
    } catch (err) {
      last = err;
    }
  }
  throw new LoginFailedError(`Signing in needs a local port for the browser to come back to (${ports.join(' or ')}), and none was free: ${last instanceof Error ? last.message : String(last)}`);
}

/** The token-exchange grant for an API key; undefined when the issuer gives none. */
async function apiKeyFor(issuer: string, tokens: IssuedTokens, trust: CaTrust | undefined): Promise<string | undefined> {
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    client_id: CODEX_CLIENT_ID,
    requested_token: 'openai-api-key',
    subject_token: tokens.id_token,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
  });
  try {
    const answer = await smallRequest({
      method: 'POST',
      url: `${issuer}/oauth/token`,
      headers: [
        ['content-type', 'application/x-www-form-urlencoded'],
        ['accept', '*/*'],
      ],
      body: form.toString(),
      trust,
      timeoutMs: 30_000,
    });
    if (answer.status < 200 || answer.status > 299) return undefined;
    const key = (jsonOf(answer) as { access_token?: unknown } | undefined)?.access_token;
    return typeof key === 'string' && key !== '' ? key : undefined;
  } catch {
    return undefined;
  }
}
