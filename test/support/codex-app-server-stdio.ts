// The real Codex binary's `app-server` over stdio, for differential runs against loopback mocks: one
// line per request, every message the server wrote kept in order, requests resolved with their
// answers and other messages awaited by predicate (no sleeps). Optionally the server's own requests
// (approvals) are accepted, and its network is held on the loopback by a local proxy that refuses
// every target and records it (what Codex tries beyond 127.0.0.1, such as its plugin sync, fails at
// once). `close` ends the process and the proxy.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcMessage = Record<string, unknown> & { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: unknown };

/** An answer as the differential tests compare it. */
export interface RpcAnswer {
  readonly result?: unknown;
  readonly error?: { code: number; message: string };
}

export interface CodexAppServerOptions {
  /** Answer each request the server sends (an approval) with `{decision: 'accept'}`. */
  readonly acceptServerRequests?: boolean;
  /** Hosts the refusing proxy was asked for, when one holds the network (see `withRefusingProxy`). */
  readonly refusedTargets?: string[];
  readonly onClose?: () => Promise<void>;
}

async function refusingProxy(targets: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    targets.push(req.url ?? '');
    res.writeHead(403).end();
  });
  server.on('connect', (req, socket) => {
    targets.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export class CodexAppServer {
  readonly received: RpcMessage[] = [];
  readonly stderr: string[] = [];
  readonly refusedTargets: string[];
  #child: ChildProcessWithoutNullStreams;
  #buffer = '';
  #waiters: Array<() => void> = [];
  #nextId = 1;
  #exited = false;
  readonly #onClose: (() => Promise<void>) | undefined;

  constructor(binary: string, cwd: string, env: Record<string, string | undefined>, opts: CodexAppServerOptions = {}) {
    this.refusedTargets = opts.refusedTargets ?? [];
    this.#onClose = opts.onClose;
    this.#child = spawn(binary, ['app-server'], { cwd, env: { ...env, RUST_LOG: env.RUST_LOG ?? 'error' }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = this.#buffer.indexOf('\n')) >= 0) {
        const line = this.#buffer.slice(0, nl).trim();
        this.#buffer = this.#buffer.slice(nl + 1);
        if (line === '') continue;
        const msg = JSON.parse(line) as RpcMessage;
        this.received.push(msg);
        if (opts.acceptServerRequests && msg.id !== undefined && typeof msg.method === 'string') this.#write({ id: msg.id, result: { decision: 'accept' } });
      }
      this.#wake();
    });
    this.#child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString('utf8')));
    this.#child.on('exit', () => {
      this.#exited = true;
      this.#wake();
    });
  }

  /** A server whose every proxy variable points at a local proxy that refuses (and records) each target. */
  static async withRefusingProxy(binary: string, cwd: string, env: Record<string, string | undefined>, opts: CodexAppServerOptions = {}): Promise<CodexAppServer> {
    const refusedTargets: string[] = [];
    const proxy = await refusingProxy(refusedTargets);
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const local = '127.0.0.1,localhost';
    const proxyEnv = { HTTPS_PROXY: url, HTTP_PROXY: url, ALL_PROXY: url, https_proxy: url, http_proxy: url, all_proxy: url, NO_PROXY: local, no_proxy: local };
    const onClose = () => new Promise<void>((resolve) => proxy.close(() => resolve()));
    return new CodexAppServer(binary, cwd, { ...env, ...proxyEnv }, { ...opts, refusedTargets, onClose });
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  #write(msg: unknown): void {
    this.#child.stdin.write(`${JSON.stringify(msg)}\n`);
  }

  /** The first message from index `from` on that `found` accepts, once the server has written it. */
  async until(found: (m: RpcMessage) => boolean, from = 0, what = 'a message'): Promise<RpcMessage> {
    for (;;) {
      const hit = this.received.slice(from).find(found);
      if (hit) return hit;
      if (this.#exited) throw new Error(`codex app-server exited before ${what}: ${this.stderr.join('').slice(-2000)}`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async request(method: string, params?: unknown): Promise<RpcMessage> {
    const id = this.#nextId++;
    const from = this.received.length;
    this.#write(params === undefined ? { id, method } : { id, method, params });
    return this.until((m) => m.id === id && m.method === undefined, from, `answering ${method}`);
  }

  /** Answers a request the server sent (its id) with `result`. */
  respond(id: unknown, result: unknown): void {
    this.#write({ id, result });
  }

  async initialize(): Promise<void> {
    const r = await this.request('initialize', { clientInfo: { name: 'weft_test_client', title: 'Weft Test', version: '0.0.1' }, capabilities: { experimentalApi: true } });
    if (r.error) throw new Error(`initialize failed: ${JSON.stringify(r.error)}`);
    this.#write({ method: 'initialized' });
  }

  /** Stops the server (resolves once it has exited and no longer writes its files) and the proxy. */
  async close(): Promise<void> {
    if (!this.#exited) {
      const done = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
      this.#child.stdin.end();
      this.#child.kill('SIGTERM');
      await done;
    }
    await this.#onClose?.();
  }
}
