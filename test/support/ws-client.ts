// A JSON-RPC client over a real WebSocket (the `ws` package): keeps every message the server sent
// and waits for messages by predicate (promises, never sleeps).
import WebSocket from 'ws';
import type { Msg } from './appserver-client.js';

export class WsClient {
  readonly received: Msg[] = [];
  #waiters: Array<() => void> = [];
  #nextId = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as Msg);
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const socket = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new WsClient(socket);
  }

  send(text: string): void {
    this.socket.send(text);
  }

  async until(found: (m: Msg) => boolean, from = 0): Promise<Msg> {
    for (;;) {
      const hit = this.received.slice(from).find(found);
      if (hit) return hit;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async untilCount(n: number): Promise<void> {
    while (this.received.length < n) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  async request(method: string, params?: unknown): Promise<Msg> {
    const id = this.#nextId++;
    const from = this.received.length;
    this.send(JSON.stringify(params === undefined ? { id, method } : { id, method, params }));
    return this.until((m) => m.id === id && m.method === undefined, from);
  }

  async initialize(): Promise<void> {
    const r = await this.request('initialize', { clientInfo: { name: 'weft_ws_test', title: null, version: '0.0.1' }, capabilities: { experimentalApi: true } });
    if (r.error) throw new Error(`initialize failed: ${JSON.stringify(r.error)}`);
    this.send('{"method":"initialized"}');
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
