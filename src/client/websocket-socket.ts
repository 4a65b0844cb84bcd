// One Responses WebSocket connection (responses-websocket.ts holds the protocol): the upgrade, through
// the environment's proxy when one applies, and the frames as a queue read one at a time.
import type WebSocket from 'ws';
import { errorMessage } from '../errors.js';
import { proxyFor } from '../net/proxy-for.js';
import { tunnelAgent } from '../net/tunnel-agent.js';

export type Opened = { kind: 'open'; socket: WebSocket; frames: FrameQueue } | { kind: 'status'; status: number } | { kind: 'error'; message: string };

/** `ca`: the certificate authorities the environment names (CODEX_CA_CERTIFICATE, SSL_CERT_FILE), trusted for this upgrade. */
export async function openSocket(url: string, headers: Record<string, string>, signal: AbortSignal, ca?: readonly string[]): Promise<Opened> {
  const { default: WebSocketClient } = await import('ws');
  let proxy: URL | undefined;
  try {
    proxy = proxyFor(new URL(url), process.env);
  } catch (err) {
    return { kind: 'error', message: errorMessage(err) };
  }
  return new Promise((resolve) => {
    // Behind a proxy the upgrade goes through a CONNECT tunnel (net/tunnel-agent.ts), as browsers send it.
    const agent = proxy === undefined ? undefined : tunnelAgent(proxy, url.startsWith('wss:'));
    const socket = new WebSocketClient(url, { headers, perMessageDeflate: false, ...(agent ? { agent } : {}), ...(ca ? { ca: [...ca] } : {}) });
    const frames = new FrameQueue(socket);
    const onAbort = (): void => socket.terminate();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (o: Opened): void => {
      signal.removeEventListener('abort', onAbort);
      resolve(o);
    };
    socket.once('open', () => settle({ kind: 'open', socket, frames }));
    socket.once('unexpected-response', (req, res) => {
      settle({ kind: 'status', status: res.statusCode ?? 0 });
      req.destroy();
    });
    socket.once('error', (err) => settle({ kind: 'error', message: err.message || String(err) }));
    socket.once('close', () => settle({ kind: 'error', message: 'the connection closed during the upgrade' }));
  });
}

/** Lets an idle connection stay open without holding the process (ws keeps the raw socket private). */
export function refSocket(socket: WebSocket, on: boolean): void {
  const raw = (socket as unknown as { _socket?: { ref(): void; unref(): void } })._socket;
  if (on) raw?.ref();
  else raw?.unref();
}

type Frame = { kind: 'data'; data: unknown } | { kind: 'closed' };

/** The text frames of one connection, in order, each parsed as JSON. */
export class FrameQueue {
  readonly #queue: Frame[] = [];
  #wake: (() => void) | undefined;

  constructor(socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { type: '' };
      }
      this.#push({ kind: 'data', data: parsed });
    });
    socket.on('close', () => this.#push({ kind: 'closed' }));
    socket.on('error', () => this.#push({ kind: 'closed' }));
  }

  #push(frame: Frame): void {
    this.#queue.push(frame);
    this.#wake?.();
  }

  async next(signal: AbortSignal): Promise<Frame> {
    for (;;) {
      const frame = this.#queue.shift();
      if (frame) return frame;
      if (signal.aborted) throw signal.reason;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#wake = undefined;
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.#wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }
}
