// A recording mock of what a ChatGPT sign-in talks to, in the manner of the recordings' mock
// (chatgpt-signin-0.169): the backend (workspace routing, model catalog, Responses over WebSocket
// and HTTP SSE, zstd bodies decoded), and the issuer (refresh and code exchange, revoke, device
// code). HTTPS with a test CA when given one. Each request is kept with its headers in wire order.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { zstdDecompress } from '../../src/client/zstd-body.js';
import { textReply } from '../../src/testing/index.js';
import { accessToken, idToken } from './fake-tokens.js';
import type { TestCa } from './test-ca.js';

export interface MockMode {
  /** The WebSocket upgrade: refused with 426 (Codex falls back to HTTP) or accepted. */
  ws?: 'reject426' | 'accept';
  /** The first N upgrades are answered 401. */
  unauthorized?: number;
  /** The first N Responses POSTs are answered 401. */
  unauthorizedPost?: number;
  /** The next N Responses POSTs, from when the mode is set, are answered 401 (counted down). */
  rejectNextPosts?: number;
  /** The token endpoint's answer to a refresh (default: new tokens). */
  refresh?: { status: number; body: unknown };
  /** accounts/check: the origin it names (`self`: this server; `localhost`: this server by name; or a literal). */
  origin?: 'self' | 'localhost' | string;
  /** Other backend routes: `METHOD path-suffix` → the answer (anything else is a 404). */
  backend?: Record<string, { status: number; body: unknown }>;
  /** accounts/check answers 404. */
  noAccountsCheck?: boolean;
  /** The first N refreshes hand out an access token that has already expired (so the next user renews it). */
  issueExpired?: number;
  /** Polls of the device token answered "pending" before the code is given. */
  devicePending?: number;
  /** Headers added to every Responses answer: the WebSocket upgrade's 101 and the POST's (rate limits…). */
  answerHeaders?: Record<string, string>;
}

export interface Recorded {
  readonly method: string;
  /** Path with query. */
  readonly url: string;
  readonly path: string;
  /** Lower-cased names, wire order. */
  readonly headers: Array<[string, string]>;
  readonly body: unknown;
  readonly rawBody: string;
  readonly contentEncoding: string | undefined;
  readonly transport: 'http' | 'websocket';
  readonly status: number;
}

export interface ChatGptMock {
  readonly origin: string;
  readonly requests: Recorded[];
  mode: MockMode;
  /** Tokens the issuer handed out (refresh and code exchange), in order. */
  readonly issued: Array<{ access_token: string; refresh_token: string }>;
  header(req: Recorded, name: string): string | undefined;
  /** The header names a client chose, in order (Host, Connection and Content-Length are the transport's). */
  names(req: Recorded): string[];
  /** `METHOD url status` of each request, in order. */
  seen(): string[];
  close(): Promise<void>;
}

export async function startChatGptMock(ca: TestCa | undefined, mode: MockMode = {}): Promise<ChatGptMock> {
  const requests: Recorded[] = [];
  const issued: Array<{ access_token: string; refresh_token: string }> = [];
  let upgrades = 0;
  let posts = 0;
  let devicePolls = 0;
  let refreshes = 0;
  const state = { mode };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const encoding = req.headers['content-encoding'];
        const decoded = encoding === 'zstd' ? await zstdDecompress(raw) : raw;
        const text = decoded.toString('utf8');
        const body = parseBody(text, req.headers['content-type']);
        const reply = answer(req.method ?? 'GET', req.url ?? '/', body);
        requests.push({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          path: (req.url ?? '/').split('?')[0] as string,
          headers: pairs(req.rawHeaders),
          body,
          rawBody: text,
          contentEncoding: typeof encoding === 'string' ? encoding : undefined,
          transport: 'http',
          status: reply.status,
        });
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      })();
    });
  };

  const answer = (method: string, url: string, body: unknown): { status: number; headers: Record<string, string>; body: string } => {
    const path = url.split('?')[0] as string;
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({ status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) });
    const m = state.mode;
    if (method === 'GET' && (path.endsWith('/wham/accounts/check') || path.endsWith('/api/codex/accounts/check'))) {
      if (m.noAccountsCheck) return json(404, { error: { message: 'no route' } });
      const origin = m.origin === undefined || m.origin === 'self' ? self.origin : m.origin === 'localhost' ? self.origin.replace('127.0.0.1', 'localhost') : m.origin;
      return json(200, { accounts: [{ id: 'acct-fake-0001', workspace_backend_origin: origin, account_routing_override: 'NO_CONSTRAINT' }] });
    }
    const extra = Object.entries(m.backend ?? {}).find(([key]) => key.split(' ')[0] === method && path.endsWith(key.split(' ')[1] ?? ''));
    if (extra) return json(extra[1].status, extra[1].body);
    if (method === 'GET' && path.endsWith('/models')) return json(200, { models: [] }, { etag: '"mock-etag-1"' });
    if (method === 'POST' && path.endsWith('/responses')) {
      posts++;
      if (posts <= (m.unauthorizedPost ?? 0)) return json(401, { error: { message: 'unauthorized', code: 'token_expired' } });
      if ((m.rejectNextPosts ?? 0) > 0) {
        m.rejectNextPosts = (m.rejectNextPosts ?? 0) - 1;
        return json(401, { error: { message: 'unauthorized', code: 'token_expired' } });
      }
      const reply = textReply('Mock reply 1.');
      return { status: 200, headers: { 'content-type': 'text/event-stream', ...m.answerHeaders }, body: reply.sse.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('') };
    }
    if (method === 'POST' && path.endsWith('/oauth/token')) {
      const form = body as Record<string, string>;
      if (form.grant_type === 'refresh_token' && m.refresh) return json(m.refresh.status, m.refresh.body);
      if (form.grant_type === 'urn:ietf:params:oauth:grant-type:token-exchange') return json(200, { access_token: 'sk-exchanged-key-0001' });
      refreshes++;
      const expired = refreshes <= (m.issueExpired ?? 0) ? { expSeconds: Math.floor(Date.now() / 1000) - 60 } : {};
      const tokens = { access_token: accessToken({ tag: `new-${refreshes}`, ...expired }), refresh_token: `rt_NEW_${refreshes}` };
      issued.push(tokens);
      return json(200, { id_token: idToken({ email: 'refreshed@example.com' }), ...tokens, token_type: 'Bearer', expires_in: 864000 });
    }
    if (method === 'POST' && path.endsWith('/oauth/revoke')) return json(200, {});
    if (method === 'POST' && path === '/api/accounts/deviceauth/usercode') return json(200, { device_auth_id: 'dev_auth_fake_1', user_code: 'ABCD-EFGH', interval: '0' });
    if (method === 'POST' && path === '/api/accounts/deviceauth/token') {
      devicePolls++;
      if (devicePolls <= (m.devicePending ?? 1)) return json(403, { error: { message: 'authorization pending', code: 'deviceauth_authorization_pending' } });
      return json(200, { authorization_code: 'AUTH_CODE_FROM_DEVICE', code_challenge: 'CHALLENGE_FAKE', code_verifier: 'VERIFIER_FAKE' });
    }
    return json(404, { error: { message: `mock: no route for ${method} ${path}` } });
  };

  const server = ca ? https.createServer({ key: ca.key, cert: ca.cert }, handler) : http.createServer(handler);
  const wss = new WebSocketServer({ noServer: true });
  wss.on('headers', (headers: string[]) => {
    for (const [name, value] of Object.entries(state.mode.answerHeaders ?? {})) headers.push(`${name}: ${value}`);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrades++;
    const m = state.mode;
    const status = upgrades <= (m.unauthorized ?? 0) ? 401 : m.ws === 'accept' ? 101 : 426;
    const headers = pairs(req.rawHeaders);
    requests.push({ method: 'GET', url: req.url ?? '/', path: (req.url ?? '/').split('?')[0] as string, headers, body: undefined, rawBody: '', contentEncoding: undefined, transport: 'http', status });
    if (status !== 101) {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Upgrade Required'}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      let n = 0;
      ws.on('message', (data) => {
        const text = data.toString();
        const frame = parseBody(text, 'application/json') as Record<string, unknown>;
        requests.push({ method: 'WS-MSG', url: req.url ?? '/', path: (req.url ?? '/').split('?')[0] as string, headers, body: frame, rawBody: text, contentEncoding: undefined, transport: 'websocket', status: 200 });
        n++;
        const reply = textReply('Mock reply 1.', { id: `resp_ws_${n}` });
        const events = frame.generate === false ? reply.sse.filter((e) => (e as { type: string }).type === 'response.completed' || (e as { type: string }).type === 'response.created') : reply.sse;
        for (const e of events) ws.send(JSON.stringify(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const self: ChatGptMock = {
    origin: `${ca ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    issued,
    get mode() {
      return state.mode;
    },
    set mode(next: MockMode) {
      state.mode = next;
    },
    header: (req, name) => req.headers.find(([n]) => n === name.toLowerCase())?.[1],
    names: (req) => req.headers.map(([n]) => n).filter((n) => !TRANSPORT_HEADERS.has(n)),
    seen: () => requests.map((q) => `${q.method} ${q.url} ${q.status}`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
  return self;
}

const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length']);

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([(raw[i] as string).toLowerCase(), raw[i + 1] as string]);
  return out;
}

function parseBody(text: string, contentType: string | string[] | undefined): unknown {
  if (text === '') return undefined;
  if (String(contentType ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
