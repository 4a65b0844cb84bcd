// The server's side of one JSON-RPC connection: writing messages (one JSON object per line, no
// `jsonrpc` member, as Codex writes them) and the requests the server sends to the client, each
// awaiting its answer. Writes never wait on the client: a slow reader makes the output buffer
// grow, it never stalls a turn.
import type { RequestId } from '../../protocol/app-server/jsonrpc.js';
import { ProtocolError } from '../errors.js';

export type Sink = (line: string) => void;

/** The client answered a server request with an error. */
export class ClientRpcError extends ProtocolError {
  constructor(
    readonly method: string,
    readonly clientCode: number,
    message: string,
  ) {
    super(`the client answered ${method} with error ${clientCode}: ${message}`, clientCode);
  }
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

export class RpcConnection {
  #nextId = 0;
  readonly #pending = new Map<string, Pending>();
  #closed = false;

  constructor(private readonly sink: Sink) {}

  #write(message: Record<string, unknown>): void {
    if (this.#closed) return;
    this.sink(JSON.stringify(message));
  }

  respond(id: RequestId, result: unknown): void {
    this.#write({ id, result });
  }

  respondError(id: RequestId | null, code: number, message: string, data?: unknown): void {
    this.#write({ error: data === undefined ? { code, message } : { code, message, data }, id });
  }

  /** `extra`: members beside `params` (0.169's `emittedAtMs`). */
  notify(method: string, params?: unknown, extra?: Record<string, unknown>): void {
    this.#write({ ...(params === undefined ? { method } : { method, params }), ...extra });
  }

  /** Sends a request to the client; resolves with its result, rejects with ClientRpcError. */
  request(method: string, params: unknown, signal?: AbortSignal, onSent?: (id: number) => void): Promise<unknown> {
    if (this.#closed) return Promise.reject(new ProtocolError(`cannot send ${method}: the connection is closed`));
    const id = this.#nextId++;
    const key = String(id);
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        this.#pending.delete(key);
        reject(signal?.reason instanceof Error ? signal.reason : new ProtocolError(`${method} was cancelled`));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = <T>(f: (v: T) => void) => (v: T): void => {
        signal?.removeEventListener('abort', onAbort);
        f(v);
      };
      this.#pending.set(key, { method, resolve: done(resolve), reject: done(reject) });
      // Codex writes a request as method, id, params.
      this.#write({ method, id, params });
      onSent?.(id);
    });
  }

  /**
   * Routes a client's answer to the request it belongs to. Returns false when no request of ours
   * has that id (the caller reports it).
   */
  settle(id: RequestId, answer: { result?: unknown; error?: { code?: unknown; message?: unknown } }): boolean {
    const key = String(id);
    const pending = this.#pending.get(key);
    if (!pending) return false;
    this.#pending.delete(key);
    if (answer.error !== undefined) {
      const code = typeof answer.error.code === 'number' ? answer.error.code : -32603;
      const message = typeof answer.error.message === 'string' ? answer.error.message : 'no message';
      pending.reject(new ClientRpcError(pending.method, code, message));
    } else {
      pending.resolve(answer.result);
    }
    return true;
  }

  /** Fails every outstanding server request; later writes are dropped. */
  close(): void {
    this.#closed = true;
    for (const [key, p] of this.#pending) {
      this.#pending.delete(key);
      p.reject(new ProtocolError(`${p.method}: the connection closed before the client answered`));
    }
  }
}
