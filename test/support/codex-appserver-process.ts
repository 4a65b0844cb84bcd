// The real Codex app-server as a child process on a workspace of its own (loopback mock provider):
// a JSON-RPC client over its stdio that keeps every message, waits for messages by predicate and
// accepts the server's own requests. For method-by-method comparisons with weft's app-server.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Msg } from './appserver-client.js';
import type { AppServerWorkspace } from './appserver-workspace.js';

export class CodexAppServerProcess {
  readonly received: Msg[] = [];
  readonly #child: ChildProcess;
  #waiters: Array<() => void> = [];
  #nextId = 1;

  constructor(binary: string, ws: AppServerWorkspace) {
    this.#child = spawn(binary, ['app-server'], { cwd: ws.cwd, env: { ...ws.options.env, RUST_LOG: 'error' }, stdio: ['pipe', 'pipe', 'ignore'] });
    createInterface({ input: this.#child.stdout! }).on('line', (line) => {
      if (line.trim() === '') return;
      const msg = JSON.parse(line) as Msg;
      this.received.push(msg);
      if (msg.id !== undefined && typeof msg.method === 'string') this.#write({ id: msg.id, result: { decision: 'accept' } });
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  #write(msg: unknown): void {
    this.#child.stdin!.write(`${JSON.stringify(msg)}\n`);
  }

  async until(found: (m: Msg) => boolean, from = 0): Promise<Msg> {
    for (;;) {
      const hit = this.received.slice(from).find(found);
      if (hit) return hit;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async request(method: string, params?: unknown): Promise<Msg> {
    const id = this.#nextId++;
    const from = this.received.length;
    this.#write(params === undefined ? { id, method } : { id, method, params });
    return this.until((m) => m.id === id && m.method === undefined, from);
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { clientInfo: { name: 'weft_test_client', title: 'Weft Test', version: '0.0.1' }, capabilities: { experimentalApi: true } });
    this.#write({ method: 'initialized' });
  }

  /** Stops the server and resolves once it has exited (its files are no longer written). */
  async close(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = once(this.#child, 'exit');
    this.#child.kill();
    await exited;
  }
}
