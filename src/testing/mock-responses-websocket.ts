// The mock server's Responses WebSocket (see MockServerOptions.websocket): upgrades on `/responses`,
// one `response.create` text frame per request, one text frame per event of the reply. A JSON
// reply with an error status becomes an `error` event; `cutAfter` drops the connection after that
// many events; `pause` holds the reply as on HTTP.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CapturedRequest, MockReply } from './mock-types.js';

export type WebSocketOption = boolean | { refuseStatus: number };

export interface WebSocketSlots {
  /** Reserves the next arrival index. */
  reserve(): number;
  record(index: number, req: CapturedRequest): void;
  reply(req: CapturedRequest, index: number): MockReply | Promise<MockReply>;
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 404: 'Not Found', 426: 'Upgrade Required', 500: 'Internal Server Error', 503: 'Service Unavailable' };

/** Returns what drops every open WebSocket connection (the server cannot close while one is open). */
export function serveResponsesWebSocket(server: Server, option: WebSocketOption | undefined, slots: WebSocketSlots): () => void {
  const wss = option === true ? new WebSocketServer({ noServer: true }) : undefined;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const refuse = !wss || !path.endsWith('/responses') ? (typeof option === 'object' ? option.refuseStatus : wss ? 404 : 426) : undefined;
    if (refuse !== undefined) {
      socket.end(`HTTP/1.1 ${refuse} ${STATUS_TEXT[refuse] ?? 'Refused'}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    wss?.handleUpgrade(req, socket, head, (ws) => serveConnection(ws, req, path, slots));
  });
  return () => {
    for (const client of wss?.clients ?? []) client.terminate();
    wss?.close();
  };
}

function serveConnection(ws: WebSocket, upgrade: IncomingMessage, path: string, slots: WebSocketSlots): void {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(upgrade.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  // Frames are answered one after the other, as a client sends its next request after a response.
  let chain = Promise.resolve();
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const rawBody = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const index = slots.reserve();
    chain = chain.then(async () => {
      let body: unknown;
      try {
        body = JSON.parse(rawBody) as unknown;
      } catch {
        body = undefined;
      }
      const req: CapturedRequest = { method: 'POST', path, headers, body, rawBody, transport: 'websocket' };
      slots.record(index, req);
      await sendReply(ws, await slots.reply(req, index));
    });
  });
}

async function sendReply(ws: WebSocket, reply: MockReply): Promise<void> {
  if ('json' in reply) {
    const json = reply.json as { error?: unknown } | undefined;
    const event = reply.status >= 400 ? { type: 'error', status: reply.status, error: json?.error ?? json } : reply.json;
    ws.send(JSON.stringify(event));
    return;
  }
  const events = reply.cutAfter === undefined ? reply.sse : reply.sse.slice(0, reply.cutAfter);
  const gone = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  for (const [i, event] of events.entries()) {
    if (reply.pause && i === reply.pause.after) await Promise.race([reply.pause.until, gone]);
    if (ws.readyState !== ws.OPEN) return;
    await new Promise<void>((resolve) => ws.send(JSON.stringify(event), () => resolve()));
  }
  if (reply.cutAfter !== undefined) ws.terminate();
}
