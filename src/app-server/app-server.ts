// weft's app-server: Codex's JSONL-over-stdio JSON-RPC protocol, transport-free. Feed it bytes
// (`receive`), it writes one JSON message per line through `write`. Every line gets an answer or is
// a notification/response; nothing a client sends can stop it:
// - a line that is not JSON → -32700 with id null; an over-long line → -32600 with id null;
// - not a request/notification/response → -32600 (id null when it has no usable id);
// - an unknown method, params of the wrong shape: as the protocol generation of the profile in
//   effect answers them (0.98: -32601 / -32602 naming the field; 0.169: -32600 in Codex's words);
// - requests before `initialize`, or a second `initialize` → -32600.
// Requests are handled concurrently; a slow client answer (a tool call, an approval) only holds up
// the turn that asked.
import type { RequestId } from '../../protocol/app-server/jsonrpc.js';
import { RpcErrorCode } from '../../protocol/app-server/jsonrpc.js';
import { InitializeParams } from '../../protocol/app-server/initialize.js';
import { CLIENT_REQUESTS } from '../../protocol/app-server/methods.js';
import { errorMessage } from '../errors.js';
import { installationId } from '../profile/codex-0.169/installation-id.js';
import type { RoutedRequest } from './generation/generation.js';
import { generationOf } from './generation/select-generation.js';
import type { HandlerResult } from './handlers/handler.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter, type LineEvent } from './jsonl-lines.js';
import { CodexCodedError, parseParams, rpcError, toRpcError } from './rpc-errors.js';
import { RpcConnection, type Sink } from './rpc-connection.js';
import { ServerContext, type ServerOptions } from './server-context.js';
import { userAgent } from './user-agent.js';

export interface AppServerOptions extends ServerOptions {
  /** Receives each outgoing message, one JSON text without newline. */
  readonly write: Sink;
  readonly maxLineBytes?: number;
}

type Phase = { kind: 'new' } | { kind: 'initializing' } | { kind: 'ready'; ctx: ServerContext } | { kind: 'closed' };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function requestId(v: unknown): RequestId | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  return undefined;
}

export class AppServer {
  readonly #conn: RpcConnection;
  readonly #lines: LineSplitter;
  #phase: Phase = { kind: 'new' };
  /** Requests still being handled, so `close` can wait for their answers. */
  readonly #inFlight = new Set<Promise<void>>();
  /**
   * Messages that arrived while `initialize` was being answered: handled, in order, once it is. A
   * client may write its next requests without waiting; they must see the server initialized.
   */
  #held: Record<string, unknown>[] = [];
  /** This home's installation id (news sent after `initialized` names it). */
  #installationId = '';

  constructor(private readonly options: AppServerOptions) {
    this.#conn = new RpcConnection(options.write);
    this.#lines = new LineSplitter((ev) => this.#onLine(ev), options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  }

  /** Bytes from the client, in any chunking. */
  receive(chunk: Buffer | string): void {
    this.#lines.push(chunk);
  }

  /** One complete message line (no newline), as if received. */
  receiveLine(line: string): void {
    this.#onLine({ kind: 'line', text: line });
  }

  /** The client closed its side: a last unterminated line is still read. */
  endInput(): void {
    this.#lines.end();
  }

  /** The context of an initialized server (tests and the conformance driver look at loaded threads). */
  get context(): ServerContext | undefined {
    return this.#phase.kind === 'ready' ? this.#phase.ctx : undefined;
  }

  /** Waits for answers in flight, stops running turns, closes every loaded thread. */
  async close(): Promise<void> {
    // A command/exec answer waits for its process: the client is gone, so the process goes.
    if (this.#phase.kind === 'ready') this.#phase.ctx.stopConnectionWork();
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    const phase = this.#phase;
    this.#phase = { kind: 'closed' };
    if (phase.kind === 'ready') await phase.ctx.close();
    this.#conn.close();
  }

  #log(message: string): void {
    this.options.log?.(message);
  }

  #onLine(ev: LineEvent): void {
    if (ev.kind === 'too-long') {
      const max = this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
      this.#conn.respondError(null, RpcErrorCode.invalidRequest, `message of ${ev.bytes} bytes exceeds the limit of ${max} bytes per line; it was dropped`);
      return;
    }
    if (ev.text.trim() === '') return;
    let msg: unknown;
    try {
      msg = JSON.parse(ev.text);
    } catch (err) {
      this.#conn.respondError(null, RpcErrorCode.parseError, `Parse error: ${errorMessage(err)}`);
      return;
    }
    this.#onMessage(msg);
  }

  #onMessage(msg: unknown): void {
    if (!isRecord(msg)) {
      const what = Array.isArray(msg) ? 'batches (JSON arrays) are not supported; send one message per line' : 'a message must be a JSON object';
      this.#conn.respondError(null, RpcErrorCode.invalidRequest, `Invalid request: ${what}`);
      return;
    }
    if (this.#phase.kind === 'initializing') {
      this.#held.push(msg);
      return;
    }
    const hasId = 'id' in msg && msg.id !== null;
    const id = requestId(msg.id);
    if (typeof msg.method === 'string') {
      if (!hasId) return this.#onNotification(msg.method);
      if (id === undefined) {
        this.#conn.respondError(null, RpcErrorCode.invalidRequest, 'Invalid request: `id` must be a string or an integer');
        return;
      }
      return this.#onRequest(id, msg.method, msg.params);
    }
    if (id !== undefined && ('result' in msg || 'error' in msg)) {
      const error = isRecord(msg.error) ? msg.error : undefined;
      if (!this.#conn.settle(id, error ? { error } : { result: msg.result })) this.#log(`answer to unknown request id ${JSON.stringify(id)} ignored`);
      return;
    }
    const why = 'method' in msg ? '`method` must be a string' : 'expected a request (`id`, `method`), a notification (`method`) or a response (`id`, `result`/`error`)';
    this.#conn.respondError(id ?? null, RpcErrorCode.invalidRequest, `Invalid request: ${why}`);
  }

  #onNotification(method: string): void {
    // `initialized` acknowledges the handshake (the generation may have news for the client then);
    // notifications cannot be answered, so others are only logged.
    if (method !== 'initialized') return this.#log(`notification ${method} ignored`);
    const phase = this.#phase;
    if (phase.kind !== 'ready') return;
    for (const n of phase.ctx.generation.afterInitialized(this.#installationId)) phase.ctx.notifyAny(n.method, n.params);
  }

  #onRequest(id: RequestId, method: string, params: unknown): void {
    const phase = this.#phase;
    if (method === 'initialize') {
      if (phase.kind !== 'new') return this.#fail(id, rpcError.invalidRequest('Already initialized'));
      return this.#track(this.#initialize(id, params));
    }
    if (phase.kind !== 'ready') return this.#fail(id, rpcError.invalidRequest('Not initialized'));
    let outcome: HandlerResult | Promise<HandlerResult>;
    try {
      const run: RoutedRequest<ServerContext> = phase.ctx.generation.route(method, params, phase.ctx.experimental);
      // Called synchronously: a handler registers its work before the next line is read.
      outcome = run(phase.ctx);
    } catch (err) {
      return this.#fail(id, err);
    }
    if (outcome instanceof Promise) this.#track(outcome.then((r) => this.#reply(id, r), (err: unknown) => this.#fail(id, err)));
    else this.#reply(id, outcome);
  }

  #track(work: Promise<void>): void {
    const p = work.catch((err: unknown) => this.#log(`internal error: ${errorMessage(err)}`));
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }

  #reply(id: RequestId, r: HandlerResult): void {
    this.#conn.respond(id, r.result);
    try {
      r.after?.();
    } catch (err) {
      this.#log(`after answering ${JSON.stringify(id)}: ${errorMessage(err)}`);
    }
  }

  #fail(id: RequestId, err: unknown): void {
    const { code: weftCode, message, data } = toRpcError(err);
    const phase = this.#phase;
    const code = phase.kind === 'ready' && !(err instanceof CodexCodedError) ? phase.ctx.generation.errorCode(weftCode) : weftCode;
    if (code === RpcErrorCode.internalError) this.#log(`request ${JSON.stringify(id)}: ${errorMessage(err)}`);
    this.#conn.respondError(id, code, message, data);
  }

  async #initialize(id: RequestId, params: unknown): Promise<void> {
    let init;
    try {
      init = parseParams('initialize', CLIENT_REQUESTS.initialize.params, params) as InitializeParams;
    } catch (err) {
      return this.#fail(id, err);
    }
    this.#phase = { kind: 'initializing' };
    try {
      const ctx = await ServerContext.open(this.#conn, this.options, init.clientInfo, init.capabilities?.experimentalApi === true, generationOf);
      // Only a generation that has news after `initialized` names the installation (the id is a file in the home).
      if (ctx.generation.afterInitialized('').length > 0) this.#installationId = await installationId(ctx.base.home);
      if (this.#phase.kind !== 'initializing') {
        await ctx.close();
        return;
      }
      this.#phase = { kind: 'ready', ctx };
      const agent = userAgent(init.clientInfo, ctx.generation.codexVersion, this.options.env);
      this.#conn.respond(id, ctx.generation.initializeResult(agent, ctx.base.home));
    } catch (err) {
      // A broken config or pack: the client may fix it and initialize again.
      this.#phase = { kind: 'new' };
      this.#fail(id, err);
    }
    this.#handleHeld();
  }

  /** The messages held during `initialize`, in arrival order (a new `initialize` among them holds the rest again). */
  #handleHeld(): void {
    const held = this.#held;
    this.#held = [];
    if (this.#phase.kind === 'closed') return;
    for (const msg of held) this.#onMessage(msg);
  }
}
