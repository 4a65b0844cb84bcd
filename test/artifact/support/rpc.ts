// A JSON-RPC peer for the app-server over any line or frame transport: keeps every message, waits
// by predicate (promises, never sleeps), and accepts every request the server makes (approvals).
export type Msg = Record<string, unknown> & { id?: unknown; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: unknown };

export class Rpc {
  readonly received: Msg[] = [];
  #waiters: Array<() => void> = [];
  #nextId = 1;

  constructor(private readonly write: (text: string) => void) {}

  /** Hand each message the server sent to this. */
  receive(text: string): void {
    const msg = JSON.parse(text) as Msg;
    this.received.push(msg);
    if (msg.id !== undefined && msg.id !== null && typeof msg.method === 'string') {
      this.write(JSON.stringify({ id: msg.id, result: { decision: 'accept' } }));
    }
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async until(found: (m: Msg) => boolean): Promise<Msg> {
    for (;;) {
      const hit = this.received.find(found);
      if (hit) return hit;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async request(method: string, params: unknown): Promise<Msg> {
    const id = this.#nextId++;
    this.write(JSON.stringify({ id, method, params }));
    const answer = await this.until((m) => m.id === id && m.method === undefined);
    if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer;
  }

  /** initialize, a thread in `cwd`, one turn: resolves with turn/completed's params. */
  async oneTurn(cwd: string, text: string): Promise<Record<string, unknown>> {
    await this.request('initialize', { clientInfo: { name: 'weft_artifact', version: '1' } });
    this.write(JSON.stringify({ method: 'initialized' }));
    const started = await this.request('thread/start', { cwd });
    const threadId = (started.result?.['thread'] as { id: string }).id;
    await this.request('turn/start', { threadId, input: [{ type: 'text', text }] });
    return (await this.until((m) => m.method === 'turn/completed')).params ?? {};
  }
}
