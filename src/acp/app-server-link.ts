// weft's app-server, in process, as the engine behind `weft acp`: requests answered as promises,
// notifications and the server's own requests (approvals) handed to the ACP side. The ACP agent
// speaks the app-server protocol that every other client of weft speaks, so an editor's session
// runs exactly the turns, approvals and rollouts of `weft app-server`.
import { AppServer, type AppServerOptions } from '../app-server/app-server.js';
import { errorMessage } from '../errors.js';

export type Json = Record<string, unknown>;

export interface LinkHandlers {
  /** A notification of the app-server (`item/started`, `turn/completed`…). */
  readonly notification: (method: string, params: Json) => void;
  /** A request of the app-server (an approval); its answer is the `result` sent back. */
  readonly request: (method: string, params: Json) => Promise<Json>;
}

/** An app-server error answer, raised on the ACP side with its message. */
export class AppServerRequestError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message}`);
  }
}

export class AppServerLink {
  readonly #server: AppServer;
  readonly #pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void; method: string }>();
  #nextId = 1;

  constructor(options: Omit<AppServerOptions, 'write'>, handlers: LinkHandlers) {
    this.#server = new AppServer({
      ...options,
      write: (line) => {
        const msg = JSON.parse(line) as Json;
        const { id, method } = msg;
        if (typeof method === 'string' && id !== undefined) {
          // A request of the server: answered by the ACP side (a failure is a JSON-RPC error).
          void handlers.request(method, (msg.params ?? {}) as Json).then(
            (result) => this.#server.receiveLine(JSON.stringify({ id, result })),
            (err: unknown) => this.#server.receiveLine(JSON.stringify({ id, error: { code: -32603, message: errorMessage(err) } })),
          );
          return;
        }
        if (typeof method === 'string') return handlers.notification(method, (msg.params ?? {}) as Json);
        const waiter = typeof id === 'number' ? this.#pending.get(id) : undefined;
        if (!waiter) return;
        this.#pending.delete(id as number);
        const error = msg.error as { code: number; message: string } | undefined;
        if (error) waiter.reject(new AppServerRequestError(waiter.method, error.code, error.message));
        else waiter.resolve((msg.result ?? {}) as Json);
      },
    });
  }

  request<T = Json>(method: string, params?: Json): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: Json) => void, reject, method });
      this.#server.receiveLine(JSON.stringify(params === undefined ? { id, method } : { id, method, params }));
    });
  }

  notify(method: string): void {
    this.#server.receiveLine(JSON.stringify({ method }));
  }

  async close(): Promise<void> {
    await this.#server.close();
  }
}
