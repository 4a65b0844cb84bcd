// A JSON-RPC client for a real Codex binary's `app-server` over stdio, for differential runs against
// loopback mocks: sends one line per request, keeps every message the server wrote, and resolves a
// request with its answer. Waits on the process's output (no sleeps); `close` ends the process it
// started.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export type RpcMessage = Record<string, unknown> & { id?: unknown; method?: string; result?: unknown; error?: unknown };

export class CodexAppServer {
  readonly received: RpcMessage[] = [];
  readonly stderr: string[] = [];
  #child: ChildProcessWithoutNullStreams;
  #buffer = '';
  #waiters: Array<() => void> = [];
  #nextId = 1;
  #exited = false;

  constructor(binary: string, cwd: string, env: Record<string, string>) {
    this.#child = spawn(binary, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = this.#buffer.indexOf('\n')) >= 0) {
        const line = this.#buffer.slice(0, nl).trim();
        this.#buffer = this.#buffer.slice(nl + 1);
        if (line !== '') this.received.push(JSON.parse(line) as RpcMessage);
      }
      this.#wake();
    });
    this.#child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString('utf8')));
    this.#child.on('exit', () => {
      this.#exited = true;
      this.#wake();
    });
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  async request(method: string, params?: unknown): Promise<RpcMessage> {
    const id = this.#nextId++;
    this.#child.stdin.write(`${JSON.stringify(params === undefined ? { id, method } : { id, method, params })}\n`);
    for (;;) {
      const hit = this.received.find((m) => m.id === id && m.method === undefined);
      if (hit) return hit;
      if (this.#exited) throw new Error(`codex app-server exited before answering ${method}: ${this.stderr.join('').slice(-2000)}`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async initialize(): Promise<void> {
    const r = await this.request('initialize', { clientInfo: { name: 'weft_test_client', title: 'Weft Test', version: '0.0.1' }, capabilities: { experimentalApi: true } });
    if (r.error) throw new Error(`initialize failed: ${JSON.stringify(r.error)}`);
    this.#child.stdin.write('{"method":"initialized"}\n');
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    const done = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
    this.#child.stdin.end();
    this.#child.kill('SIGTERM');
    await done;
  }
}
