// The app-server over WebSocket: one connection, one session (its own handshake, its own loaded
// threads), the same JSON-RPC messages as on stdio with one message per text frame. A frame that is
// not a JSON-RPC message is answered with an error, as a bad line on stdio is; the connection and
// the server stay up. Who may open a session is decided at the handshake (websocket-admission.ts).
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { UsageError } from '../errors.js';
import { AppServer, type AppServerOptions } from './app-server.js';
import { DEFAULT_MAX_LINE_BYTES } from './jsonl-lines.js';
import { isLoopback } from './listen-address.js';
import { admit, tokenDigestOf, type WebSocketAdmission } from './websocket-admission.js';

export interface WebSocketServeOptions extends Omit<AppServerOptions, 'write'> {
  readonly host: string;
  readonly port: number;
  /** Required off loopback: clients send `Authorization: Bearer TOKEN`. */
  readonly token?: string;
  /** The token given as its SHA-256 (64 hex digits) instead of itself. */
  readonly tokenSha256?: string;
  /** Browser origins accepted (by default every handshake with an `Origin` is refused). */
  readonly allowedOrigins?: readonly string[];
  /** `Host` names accepted besides loopback and the bound address. */
  readonly allowedHosts?: readonly string[];
}

export interface RunningWebSocketServer {
  /** `ws://host:port` actually bound (port 0 picks one). */
  readonly url: string;
  /** Sessions open now. */
  readonly sessions: number;
  /** Stops accepting, closes every session (running turns are stopped). */
  close(): Promise<void>;
}

function tokenDigest(token: string | undefined, sha256: string | undefined): Buffer | undefined {
  if (token !== undefined && sha256 !== undefined) throw new UsageError('give the WebSocket token once: as a token or as its SHA-256, not both');
  if (token !== undefined) return tokenDigestOf(token);
  if (sha256 === undefined) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(sha256)) throw new UsageError('--ws-token-sha256: expected 64 hex digits (the SHA-256 of the token)');
  return Buffer.from(sha256, 'hex');
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

export async function serveWebSocket(options: WebSocketServeOptions): Promise<RunningWebSocketServer> {
  const { host, port, token, tokenSha256, allowedOrigins, allowedHosts, ...serverOptions } = options;
  const digest = tokenDigest(token || undefined, tokenSha256);
  if (!isLoopback(host) && digest === undefined) {
    throw new UsageError(`--listen ws://${host}:${port} is reachable from other machines: give a token with --ws-token-file PATH or $WEFT_APP_SERVER_WS_TOKEN (clients send "Authorization: Bearer TOKEN"), or listen on 127.0.0.1`);
  }
  const admission: WebSocketAdmission = {
    ...(digest ? { tokenDigest: digest } : {}),
    allowedOrigins: allowedOrigins ?? [],
    allowedHosts: allowedHosts ?? [],
    boundHost: host,
  };
  const maxLineBytes = serverOptions.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const wss = new WebSocketServer({
    host,
    port,
    maxPayload: maxLineBytes,
    verifyClient: (info: { req: IncomingMessage }, done: (ok: boolean, status?: number, message?: string) => void) => {
      const verdict = admit(info.req, admission);
      if (verdict.ok) return done(true);
      serverOptions.log?.(`websocket: refused a connection: ${verdict.reason}`);
      done(false, verdict.status);
    },
  });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const sessions = new Set<AppServer>();
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    // The frames sent during one turn of the event loop leave in one write of the TCP socket (see
    // batched-lines.ts for why): it is corked at the first and uncorked when the turn ends.
    const tcp = req.socket;
    let corked = false;
    const server = new AppServer({
      ...serverOptions,
      write: (line) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!corked) {
          corked = true;
          tcp.cork();
          setImmediate(() => {
            corked = false;
            tcp.uncork();
          });
        }
        socket.send(line);
      },
    });
    sessions.add(server);
    socket.on('message', (data) => server.receiveLine(text(data)));
    socket.on('error', (err) => serverOptions.log?.(`websocket: ${err.message}`));
    socket.once('close', () => {
      sessions.delete(server);
      void server.close();
    });
  });
  const address = wss.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `ws://${shownHost}:${address.port}`,
    get sessions() {
      return sessions.size;
    },
    async close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await Promise.allSettled([...sessions].map((s) => s.close()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
