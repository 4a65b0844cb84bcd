// The Responses WebSocket transport Codex 0.169 tries first for the built-in OpenAI provider: an
// upgrade on `{base_url}/responses` (`OpenAI-Beta: responses_websockets=2026-02-06`), each request
// one text frame `{"type":"response.create", ...body}`, each event one text frame holding what an SSE
// `data:` line would. The connection is kept for the thread's next requests: when the next body
// only adds items to the last one (its input starts with the last input and the last response's
// output, its other fields unchanged), the frame names `previous_response_id` and carries only the
// new items.
//
// Failures follow Codex 0.169 (measured against a loopback server: scripts/measure-websocket-fallback.ts):
// an upgrade answered 426 moves the thread to HTTPS at once; any other failure (a 404 or 405 upgrade
// too) is retried on a new connection within the stream budget (the warm-up's upgrade, then
// 1 + `stream_max_retries` attempts with the usual backoff: 7 upgrades and about 6.2 s by default), and
// when that is spent the thread falls back to HTTPS for good, with a warning, and the HTTPS client
// starts its own budget afresh. A provider whose upgrade was refused with an HTTP status (426 at once,
// or a budget spent on refusals) is not asked again by any thread of the process (WebSocketRefusals,
// one per engine).
//
// Warm-up: before a thread's first request, Codex 0.169 sends a `generate: false` request carrying
// the prompt without history (the body's other fields as they are, its input only the base
// instructions the generation puts first; the turn metadata's `request_kind` is `prewarm`), waits
// for its `response.completed` and ignores the rest; the first real request then builds on that
// response like any next request. A warm-up that fails changes nothing but the connection.
// `ws` is loaded with the first connection: a process that never opens one does not pay for it.
import type WebSocket from 'ws';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { ApiError } from '../errors.js';
import { FrameQueue, openSocket, refSocket } from './websocket-socket.js';
import { ResponseFailedError, StreamInterruptedError, requestSecrets, scrub, throwIfAborted, type AttemptFailure } from './api-errors.js';
import type { ClientEventBatch } from './client-events.js';
import { watched, type IdleWatch } from './idle-watch.js';
import { jsonBody, jsonBodyBytes } from './json-body.js';
import { authorizationOf, providerEndpoint, providerUrl, resolveApiKey, type ProviderSettings, type WireCallOptions } from './provider.js';
import { retryDelayMs, retryOptionsFor, sleep } from './retry-policy.js';
import { mapStreamEvent } from './stream-event-mapper.js';
import { streamResponse } from './stream-response.js';
import { WebSocketRefusals } from './websocket-refusals.js';
import { TURN_METADATA_KEY, WS_REQUEST_START_KEY, prewarmTurnMetadata, warmUpFrame, type Body } from './websocket-warm-up.js';
import { sortedJson } from '../sorted-json.js';

export const RESPONSES_WEBSOCKET_BETA = 'responses_websockets=2026-02-06';
export { WS_REQUEST_START_KEY };

/** What the last completed request on the open connection leaves for the next one to build on. */
interface LastExchange {
  /** The body without `input` and `client_metadata`, serialized: the next must equal it. */
  readonly fields: string;
  /** The last input, each item serialized. */
  readonly input: readonly string[];
  /** The response's output items, serialized as streamed (see `asStreamed`). */
  readonly output: readonly string[];
  readonly responseId: string;
}

type Outcome = { kind: 'completed' } | { kind: 'retry'; failure: AttemptFailure } | { kind: 'upgrade_required' };

/** One thread's transport: it holds the connection between requests and remembers a fallback. */
export class ResponsesWebSocketTransport {
  readonly #refusals: WebSocketRefusals;
  /** The last attempt's upgrade was answered with an HTTP status other than 101. */
  #lastRefused = false;
  #socket: WebSocket | undefined;
  #frames: FrameQueue | undefined;
  #last: LastExchange | undefined;
  #httpsOnly = false;
  /** The thread's warm-up request was sent (once per thread, whatever came of it). */
  #warmedUp = false;

  /** `refusals`: what the other threads of the process learnt (a transport of its own by default). */
  constructor(refusals: WebSocketRefusals = new WebSocketRefusals()) {
    this.#refusals = refusals;
  }

  /** True once the thread has moved to HTTPS for good. */
  get fellBack(): boolean {
    return this.#httpsOnly;
  }

  async *stream(opts: WireCallOptions<ResponsesRequestBody>): AsyncGenerator<ClientEventBatch, void, undefined> {
    const { provider, signal } = opts;
    if (!this.#httpsOnly && this.#refusals.has(wsUrl(provider))) this.#httpsOnly = true;
    if (this.#httpsOnly) {
      yield* streamResponse(opts);
      return;
    }
    const retry = retryOptionsFor(provider, opts.retry);
    const body = withFrameHeaders(JSON.parse(jsonBodyBytes(jsonBody(opts.body)).toString('utf8')) as Body, opts.headers);
    const apiKey = resolveApiKey(provider, opts.env ?? process.env);
    const ctx: AttemptContext = {
      provider,
      body,
      headers: { ...provider.headers, ...upgradeHeaders(opts.headers), 'OpenAI-Beta': RESPONSES_WEBSOCKET_BETA, ...(apiKey !== undefined ? { Authorization: authorizationOf(provider, apiKey) } : {}) },
      secrets: requestSecrets(provider, apiKey),
      what: `${provider.name}: WebSocket ${providerEndpoint(provider, '/responses')}`,
      signal,
    };
    if (!this.#warmedUp) {
      this.#warmedUp = true;
      const warm = yield* watched(provider, signal, (watch) => this.#warmUp(ctx, watch));
      if (warm === 'upgrade_required') {
        this.#fallBack(provider, true);
        yield* streamResponse(opts);
        return;
      }
    }
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(signal);
      const outcome = yield* watched(provider, signal, (watch) => this.#attempt(ctx, watch));
      if (outcome.kind === 'completed') return;
      if (outcome.kind === 'upgrade_required') {
        this.#fallBack(provider, true);
        yield* streamResponse(opts);
        return;
      }
      if (attempt >= retry.maxAttempts) {
        this.#fallBack(provider, this.#lastRefused);
        yield [{ type: 'warning', message: `The Responses WebSocket kept failing; this thread now sends its requests over HTTPS. ${outcome.failure.message}` }];
        yield* streamResponse(opts);
        return;
      }
      const delayMs = retryDelayMs(retry, attempt + 1, outcome.failure.retryAfterMs);
      yield [{ type: 'retrying', attempt: attempt + 1, maxAttempts: retry.maxAttempts, delayMs, reason: outcome.failure.message }];
      await sleep(delayMs, signal);
    }
  }

  /** To HTTPS for the rest of the thread, the process's other threads unaffected (a failure before any upgrade). */
  fallBackToHttps(): void {
    this.#httpsOnly = true;
    this.#drop();
  }

  /** Lets the connection go (the thread is closing). */
  close(): void {
    this.#drop();
  }

  /** To HTTPS for the rest of the thread; `refused`: for the rest of the process too. */
  #fallBack(provider: ProviderSettings, refused: boolean): void {
    this.#httpsOnly = true;
    if (refused) this.#refusals.add(wsUrl(provider));
    this.#drop();
  }

  #drop(): void {
    this.#socket?.terminate();
    this.#socket = undefined;
    this.#frames = undefined;
    this.#last = undefined;
  }

  /** An open connection, or why there is none (an upgrade refused, a failure to retry). */
  async #connect(ctx: AttemptContext, watch: IdleWatch): Promise<Exclude<Outcome, { kind: 'completed' }> | undefined> {
    const { what, secrets } = ctx;
    if (this.#socket && this.#socket.readyState === this.#socket.OPEN) return undefined;
    this.#drop();
    const opened = await openSocket(wsUrl(ctx.provider), ctx.headers, watch.signal, ctx.provider.trust?.ca);
    this.#lastRefused = opened.kind === 'status';
    if (opened.kind === 'status') {
      if (opened.status === 426) return { kind: 'upgrade_required' };
      const failure = { message: scrub(`${what}: the upgrade was answered with HTTP ${opened.status}`, secrets), retryable: true, status: opened.status };
      if (opened.status === 401 || opened.status === 403) throw new ApiError(failure.message, opened.status);
      return { kind: 'retry', failure };
    }
    if (opened.kind === 'error') {
      throwIfAborted(ctx.signal);
      return { kind: 'retry', failure: watch.fired ? watch.failure(what) : { message: scrub(`${what}: ${opened.message}`, secrets), retryable: true } };
    }
    this.#socket = opened.socket;
    this.#frames = opened.frames;
    return undefined;
  }

  /**
   * The warm-up (see the header): its events are not the thread's. Returns whether the upgrade was
   * refused with 426; any other failure only drops the connection, and the request goes on as usual.
   */
  // eslint-disable-next-line require-yield
  async *#warmUp(ctx: AttemptContext, watch: IdleWatch): AsyncGenerator<ClientEventBatch, 'upgrade_required' | undefined, undefined> {
    // The connection opens for the warm-up: its upgrade carries the warm-up's turn metadata.
    const warmTurn = prewarmTurnMetadata(ctx.headers[TURN_METADATA_KEY]);
    const refused = await this.#connect(warmTurn === undefined ? ctx : { ...ctx, headers: { ...ctx.headers, [TURN_METADATA_KEY]: warmTurn } }, watch);
    if (refused?.kind === 'upgrade_required') return 'upgrade_required';
    if (refused) return undefined;
    const socket = this.#socket as WebSocket;
    const frames = this.#frames as FrameQueue;
    const { frame, exchange } = warmUpFrame(ctx.body);
    refSocket(socket, true);
    let done = false;
    // A warm-up's reply has no output; should one come, the next request is checked against it.
    const output: string[] = [];
    try {
      socket.send(JSON.stringify(frame));
      for (;;) {
        const next = await frames.next(watch.signal);
        if (next.kind === 'closed' || wrappedError(next.data)) break;
        watch.touch();
        const mapped = mapStreamEvent(next.data);
        if (mapped.kind === 'emit' && mapped.event.type === 'item_done') output.push(asStreamed(mapped.event.raw));
        if (mapped.kind === 'completed') {
          this.#last = { ...exchange, output, responseId: mapped.event.responseId };
          done = true;
          break;
        }
        if (mapped.kind === 'failed' || mapped.kind === 'incomplete') break;
      }
    } catch {
      throwIfAborted(ctx.signal);
    } finally {
      if (this.#socket === socket) refSocket(socket, false);
      if (!done) this.#drop();
    }
    return undefined;
  }

  async *#attempt(ctx: AttemptContext, watch: IdleWatch): AsyncGenerator<ClientEventBatch, Outcome, undefined> {
    const { what, secrets } = ctx;
    const refused = await this.#connect(ctx, watch);
    if (refused) return refused;
    const socket = this.#socket as WebSocket;
    const frames = this.#frames as FrameQueue;
    const { frame, exchange } = this.#frameFor(ctx.body);
    // A request in flight keeps the process alive; an idle connection does not.
    refSocket(socket, true);
    let itemsDone = 0;
    const output: string[] = [];
    let failure: (AttemptFailure & { kind: 'broken' | 'failed'; code?: string }) | undefined;
    let completed = false;
    try {
      socket.send(JSON.stringify(frame));
      for (;;) {
        const next = await frames.next(watch.signal);
        if (next.kind === 'closed') break;
        watch.touch();
        throwIfAborted(ctx.signal);
        const wrapped = wrappedError(next.data);
        if (wrapped) {
          failure = { kind: 'failed', ...wrapped, message: scrub(`${what}: ${wrapped.message}`, secrets) };
          break;
        }
        const mapped = mapStreamEvent(next.data);
        if (mapped.kind === 'emit') {
          if (mapped.event.type === 'item_done') {
            itemsDone++;
            output.push(asStreamed(mapped.event.raw));
          }
          // One frame, one event: each frame is its own message from the socket anyway.
          yield [mapped.event];
        } else if (mapped.kind === 'completed') {
          this.#last = { fields: exchange.fields, input: exchange.input, output, responseId: mapped.event.responseId };
          completed = true;
          yield [mapped.event];
          return { kind: 'completed' };
        } else if (mapped.kind === 'failed' || mapped.kind === 'incomplete') {
          failure = { ...mapped.failure, kind: mapped.kind === 'failed' ? 'failed' : 'broken', message: scrub(`${what}: ${mapped.failure.message}`, secrets) };
          break;
        }
      }
    } catch (err) {
      throwIfAborted(ctx.signal);
      if (!watch.fired && err instanceof ApiError) throw err;
      failure = { kind: 'broken', ...(watch.fired ? watch.failure(what) : { message: scrub(`${what}: ${String(err)}`, secrets), retryable: true }) };
    } finally {
      if (this.#socket === socket) refSocket(socket, false);
      // Whatever went wrong, the next attempt starts on a new connection with the whole body.
      if (!completed) this.#drop();
    }
    failure ??= { kind: 'broken', message: `${what}: the connection closed before response.completed`, retryable: true };
    if (failure.kind === 'failed' && (!failure.retryable || itemsDone > 0)) throw new ResponseFailedError(failure.message, failure.code, failure.retryable);
    if (itemsDone > 0) {
      throw new StreamInterruptedError(`${failure.message}; ${itemsDone} item(s) were already delivered, so the request is not resent: re-sample from history`, itemsDone);
    }
    return { kind: 'retry', failure };
  }

  /** The frame for `body`: whole, or the items added since the last exchange on this connection. */
  #frameFor(body: Body): { frame: Record<string, unknown>; exchange: { fields: string; input: string[] } } {
    const { input: rawInput, client_metadata: metadata, ...rest } = body;
    const items = rawInput ?? [];
    const input = items.map((item) => JSON.stringify(item));
    const fields = JSON.stringify(rest);
    const last = this.#last;
    const baseline = last ? last.input.length + last.output.length : 0;
    const incremental =
      last !== undefined &&
      last.responseId !== '' &&
      last.fields === fields &&
      baseline <= input.length &&
      last.input.every((item, i) => item === input[i]) &&
      last.output.every((item, i) => item === asStreamed(items[last.input.length + i]));
    const frame: Record<string, unknown> = { type: 'response.create' };
    for (const [key, value] of Object.entries(body)) {
      if (key === 'input') {
        if (incremental) frame.previous_response_id = last.responseId;
        frame.input = incremental ? items.slice(baseline) : rawInput;
      } else if (key === 'client_metadata') {
        frame.client_metadata = { [WS_REQUEST_START_KEY]: String(Date.now()), ...metadata };
      } else {
        frame[key] = value;
      }
    }
    if (metadata === undefined) frame.client_metadata = { [WS_REQUEST_START_KEY]: String(Date.now()) };
    return { frame, exchange: { fields, input } };
  }
}

/**
 * The WebSocket's own error frame, `{type: "error", status, error: {type, code, message}}`: the
 * failure an HTTP status would have been. A 429 or 5xx (or no status) is worth another attempt.
 */
function wrappedError(data: unknown): (AttemptFailure & { code?: string }) | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const frame = data as { type?: unknown; status?: unknown; error?: unknown };
  if (frame.type !== 'error' || (frame.status === undefined && (typeof frame.error !== 'object' || frame.error === null))) return undefined;
  const status = typeof frame.status === 'number' ? frame.status : undefined;
  const error = (typeof frame.error === 'object' && frame.error !== null ? frame.error : {}) as { message?: unknown; code?: unknown };
  const message = `${status !== undefined ? `HTTP ${status}: ` : ''}${typeof error.message === 'string' ? error.message : 'error event'}`;
  const retryable = status === undefined || status === 429 || status >= 500;
  return { message, retryable, ...(status !== undefined ? { status } : {}), ...(typeof error.code === 'string' ? { code: error.code } : {}) };
}

/**
 * An output item as the next request's input holds it, without what the thread adds when it keeps
 * it (0.169's per-item metadata), so the two can be compared.
 */
function asStreamed(item: unknown): string {
  if (typeof item !== 'object' || item === null) return JSON.stringify(item);
  const { internal_chat_message_metadata_passthrough: _kept, ...streamed } = item as Record<string, unknown>;
  return sortedJson(streamed);
}

interface AttemptContext {
  readonly provider: ProviderSettings;
  readonly body: Body;
  readonly headers: Record<string, string>;
  readonly secrets: readonly string[];
  readonly what: string;
  readonly signal: AbortSignal | undefined;
}

/** `http(s)://…/responses` as `ws(s)://…/responses`, with the provider's query. */
export function wsUrl(provider: ProviderSettings): string {
  return providerUrl(provider, '/responses').replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

/**
 * A request's headers as its WebSocket upgrade carries them: without the answer encodings an HTTP
 * post asks for (frames are not content-encoded; Codex's upgrade sends none).
 */
export function upgradeHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'accept-encoding' && name.toLowerCase() !== RESPONSES_LITE_HEADER));
}

/**
 * Codex 0.169 sends the responses-lite header of a request over the WebSocket as frame metadata
 * (`ws_request_header_` + its name in snake case), never on the upgrade (raw/04 of the sign-in
 * recordings: the warm-up and the turn frames both carry it).
 */
export const RESPONSES_LITE_HEADER = 'x-openai-internal-codex-responses-lite';
const RESPONSES_LITE_METADATA = 'ws_request_header_x_openai_internal_codex_responses_lite';

function withFrameHeaders(body: Body, headers: Readonly<Record<string, string>> | undefined): Body {
  const lite = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === RESPONSES_LITE_HEADER)?.[1];
  return lite === undefined ? body : { ...body, client_metadata: { ...(body.client_metadata ?? {}), [RESPONSES_LITE_METADATA]: lite } };
}
