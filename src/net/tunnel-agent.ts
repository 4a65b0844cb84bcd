// A connection to a host through an HTTP proxy's CONNECT tunnel, as an http.Agent: what the
// Responses POST over node:http (https targets) and the Responses WebSocket (ws and wss, as browsers
// and curl tunnel them) are given when proxy-for.ts names a proxy. The proxy may itself be https.
// A tunnel the proxy refuses, or does not open within CONNECT_TIMEOUT_MS, fails the request with
// an error that names the proxy (never its credentials).
import http from 'node:http';
import { createRequire } from 'node:module';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type https from 'node:https';
import type tls from 'node:tls';

const load = createRequire(import.meta.url);

/** How long a proxy may take to open a tunnel. */
export const CONNECT_TIMEOUT_MS = 30_000;

export class ProxyTunnelError extends Error {
  override name = 'ProxyTunnelError';
}

/** `Proxy-Authorization` for a proxy URL that carries a user name, as curl sends it. */
export function proxyAuthorization(proxy: URL): Record<string, string> {
  if (proxy.username === '') return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** The proxy as the errors show it: scheme, host and port, no credentials. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

type ConnectOptions = http.ClientRequestArgs & tls.ConnectionOptions;
type Created = (err: Error | null, socket?: Duplex) => void;

/** An agent whose every connection is a tunnel through `proxy`; `secure` wraps it in TLS to the target. */
export function tunnelAgent(proxy: URL, secure: boolean): http.Agent {
  const agent = new http.Agent({ keepAlive: true });
  // https.request checks that its agent speaks https.
  (agent as unknown as { protocol: string }).protocol = secure ? 'https:' : 'http:';
  (agent as unknown as { createConnection: (o: ConnectOptions, done: Created) => undefined }).createConnection = (options, done) => {
    openTunnel(proxy, options, secure, done);
    return undefined;
  };
  return agent;
}

function openTunnel(proxy: URL, options: ConnectOptions, secure: boolean, done: Created): void {
  const host = options.host ?? options.hostname ?? 'localhost';
  const port = Number(options.port ?? (secure ? 443 : 80));
  const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const viaTls = proxy.protocol === 'https:';
  const request = (viaTls ? (load('node:https') as typeof https) : http).request({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: Number(proxy.port || (viaTls ? 443 : 80)),
    method: 'CONNECT',
    path: authority,
    headers: { host: authority, ...proxyAuthorization(proxy) },
    agent: false,
  });
  let settled = false;
  const fail = (message: string): void => {
    if (settled) return;
    settled = true;
    done(new ProxyTunnelError(`the proxy ${proxyLabel(proxy)} ${message}; check HTTPS_PROXY/HTTP_PROXY and NO_PROXY`));
  };
  request.setTimeout(CONNECT_TIMEOUT_MS, () => {
    fail(`opened no tunnel to ${authority} within ${CONNECT_TIMEOUT_MS / 1000} s`);
    request.destroy();
  });
  request.once('error', (err) => fail(`could not be reached (${err.message})`));
  request.once('response', (res) => {
    res.resume();
    fail(`answered CONNECT ${authority} with HTTP ${res.statusCode ?? 0}`);
    request.destroy();
  });
  request.once('connect', (res, socket: Socket, head: Buffer) => {
    request.setTimeout(0);
    if (res.statusCode !== 200) {
      socket.destroy();
      fail(`refused the tunnel to ${authority} (HTTP ${res.statusCode ?? 0})`);
      return;
    }
    if (head.length > 0) socket.unshift(head);
    if (settled) {
      socket.destroy();
      return;
    }
    settled = true;
    if (!secure) {
      done(null, socket);
      return;
    }
    const tlsModule = load('node:tls') as typeof tls;
    const servername = options.servername ?? (isIP(host) === 0 ? host : undefined);
    done(
      null,
      tlsModule.connect({
        socket,
        ...(servername !== undefined ? { servername } : {}),
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
        ...(options.rejectUnauthorized !== undefined ? { rejectUnauthorized: options.rejectUnauthorized } : {}),
        ...(options.ALPNProtocols !== undefined ? { ALPNProtocols: options.ALPNProtocols } : {}),
      }),
    );
  });
  request.end();
}
