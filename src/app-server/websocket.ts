// The app-server over WebSocket: one connection, one session (its own handshake, its own loaded
// threads), the same JSON-RPC messages as on stdio with one message per text frame. A frame that is
// not a JSON-RPC message is answered with an error, as a bad line on stdio is; the connection and
// the server stay up.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { UsageError } from '../errors.js';
import { AppServer, type AppServerOptions } from './app-server.js';
import { DEFAULT_MAX_LINE_BYTES } from './jsonl-lines.js';
import { isLoopback } from './listen-address.js';

export interface WebSocketServeOptions extends Omit<AppServerOptions, 'write'> {
  readonly host: string;
  readonly port: number;
  /** Required off loopback: clients send `Authorization: Bearer TOKEN`. */
  readonly token?: string;
}

export interface RunningWebSocketServer {
  /** `ws://host:port` actually bound (port 0 picks one). */
  readonly url: string;
  /** Sessions open now. */
  readonly sessions: number;
  /** Stops accepting, closes every session (running turns are stopped). */
  close(): Promise<void>;
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

export async function serveWebSocket(options: WebSocketServeOptions): Promise<RunningWebSocketServer> {
  const { host, port, token, ...serverOptions } = options;
  if (!isLoopback(host) && !token) {
    throw new UsageError(`--listen ws://${host}:${port} is reachable from other machines: pass --ws-token TOKEN (clients send "Authorization: Bearer TOKEN"), or listen on 127.0.0.1`);
  }
  const maxLineBytes = serverOptions.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const wss = new WebSocketServer({
    host,
    port,
    maxPayload: maxLineBytes,
    verifyClient: token ? (info: { req: IncomingMessage }) => bearerMatches(info.req, token) : undefined,
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
