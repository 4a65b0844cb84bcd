// A mock OpenAI Responses API server on 127.0.0.1, used by the conformance harness, by unit tests,
// by the offline demo, and by users testing their agents offline (`weft/testing`). It never sleeps:
// every reply is written as soon as the request body is in.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveResponsesWebSocket, type WebSocketOption } from './mock-responses-websocket.js';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export type { SseReply, JsonReply, MockReply, CapturedRequest } from './mock-types.js';
import type { CapturedRequest, MockReply, SseReply } from './mock-types.js';

export interface MockServer {
  /** `http://127.0.0.1:PORT/v1`, what a provider's `base_url` should be. */
  url: string;
  /** Completed requests, in arrival order. */
  readonly requests: CapturedRequest[];
  close(): Promise<void>;
}

export interface MockServerOptions {
  /** The i-th request (arrival order) gets `replies[i]`, whatever it contains. */
  replies?: MockReply[];
  /** Computes a reply; used when `replies` is not given. `index` is the 0-based arrival index. */
  respond?: (req: CapturedRequest, index: number) => MockReply | Promise<MockReply>;
  /** Defaults to 0 (an ephemeral port). */
  port?: number;
  /** Called when a request's headers arrive, before its body is read (for timing). */
  onRequestStart?: (index: number) => void;
  /** Called when a request's last body byte has arrived, before it is decoded (for timing). */
  onRequestEnd?: (index: number) => void;
  /**
   * The Responses WebSocket on `/responses`: `true` accepts upgrades, and each `response.create`
   * frame is one request (transport `websocket`, method POST, body the frame) answered by the same
   * `replies`/`respond`, each event a text frame. `{ refuseStatus }` answers every upgrade with that
   * HTTP status. Absent, upgrades get 426 Upgrade Required, which sends a client to HTTPS at once.
   */
  websocket?: WebSocketOption;
}

export function startMockResponsesServer(opts: MockServerOptions = {}): Promise<MockServer> {
  // Slots are reserved at arrival so that `requests` keeps arrival order even when bodies of
  // concurrent requests finish out of order.
  const slots: (CapturedRequest | undefined)[] = [];
  const pick = (req: CapturedRequest, index: number): MockReply | Promise<MockReply> => {
    if (opts.replies) {
      const reply = opts.replies[index];
      if (reply) return reply;
      return errorReply(
        500,
        `mock: no reply configured for request index ${index} (0-based; ${opts.replies.length} replies configured): ${req.method} ${req.path}`,
      );
    }
    return (opts.respond ?? echoResponder)(req, index);
  };

  const server = createServer((req, res) => {
    const index = slots.length;
    slots.push(undefined);
    opts.onRequestStart?.(index);
    void handle(req, res, index);
  });

  async function handle(req: IncomingMessage, res: ServerResponse, index: number): Promise<void> {
    let reply: MockReply;
    try {
      const captured = await capture(req, () => opts.onRequestEnd?.(index));
      slots[index] = captured;
      reply = await pick(captured, index);
    } catch (err) {
      reply = errorReply(500, `mock: failed to handle request index ${index}: ${String(err)}`);
    }
    await send(res, reply);
  }

  const dropWebSockets = serveResponsesWebSocket(server, opts.websocket, {
    reserve: () => {
      const index = slots.length;
      slots.push(undefined);
      return index;
    },
    record: (index, req) => {
      slots[index] = req;
    },
    reply: pick,
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        get requests() {
          return slots.filter((r): r is CapturedRequest => r !== undefined);
        },
        close: () =>
          new Promise<void>((done) => {
            // Keep-alive sockets would otherwise hold close() open until they time out.
            dropWebSockets();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function capture(req: IncomingMessage, onBodyEnd: () => void): Promise<CapturedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  onBodyEnd();
  const rawBody = decode(Buffer.concat(chunks), req.headers['content-encoding']).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  const captured: CapturedRequest = { method: req.method ?? 'GET', path: url.pathname, headers, body: parseJson(rawBody), rawBody };
  if (url.search !== '') captured.query = Object.fromEntries(url.searchParams.entries());
  return captured;
}

function decode(buf: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(buf);
    case 'deflate':
      return inflateSync(buf);
    case 'br':
      return brotliDecompressSync(buf);
    default:
      return buf;
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(res: ServerResponse, reply: MockReply): Promise<void> {
  if ('json' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.json));
    return;
  }
  res.writeHead(reply.status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
  const events = reply.cutAfter === undefined ? reply.sse : reply.sse.slice(0, reply.cutAfter);
  const gone = new Promise<void>((resolve) => res.once('close', () => resolve()));
  for (const [i, event] of events.entries()) {
    if (reply.pause && i === reply.pause.after) await Promise.race([reply.pause.until, gone]);
    if (res.destroyed) return;
    await write(res, sseBlock(event));
  }
  if (reply.cutAfter === undefined) {
    res.end();
  } else {
    // Headers and the first events are flushed (awaited writes); now drop the connection without
    // the terminating zero-length chunk so the client sees a truncated stream.
    if (events.length === 0) res.flushHeaders();
    res.socket?.destroy();
  }
}

function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => res.write(chunk, () => resolve()));
}

export function sseBlock(event: unknown): string {
  const type = isRecord(event) && typeof event.type === 'string' ? event.type : 'message';
  return `event: ${type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function errorReply(status: number, message: string): MockReply {
  return { status, json: { error: { message, type: 'mock_error', code: null, param: null } } };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---- SSE reply builders: same event shapes as `exchanges[].reply.sse` in the recorded scenarios ----

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export function makeUsage(input: number, output: number, cached = 0, reasoning = 0): ResponseUsage {
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  };
}

export interface ReplyOptions {
  /** Response id; default `resp_mock0001`. */
  id?: string;
  /** Output item id; default `msg_mock0002` for text, `fc_mock0002` for function calls. */
  itemId?: string;
  model?: string;
  /** Fixed, so replies stay deterministic (the recorded value). */
  createdAt?: number;
  usage?: ResponseUsage;
  status?: number;
}

function envelope(o: ReplyOptions, status: 'in_progress' | 'completed', output: unknown[]): Record<string, unknown> {
  return {
    id: o.id ?? 'resp_mock0001',
    object: 'response',
    created_at: o.createdAt ?? 1795300203,
    model: o.model ?? 'mock-model',
    status,
    output,
  };
}

function wrap(o: ReplyOptions, items: { added: unknown; middle: unknown[]; done: unknown }[]): SseReply {
  const sse: unknown[] = [
    { type: 'response.created', response: envelope(o, 'in_progress', []) },
    { type: 'response.in_progress', response: envelope(o, 'in_progress', []) },
  ];
  items.forEach((it, i) => {
    sse.push({ type: 'response.output_item.added', output_index: i, item: it.added }, ...it.middle);
    sse.push({ type: 'response.output_item.done', output_index: i, item: it.done });
  });
  const completed = { ...envelope(o, 'completed', items.map((it) => it.done)), usage: o.usage ?? makeUsage(1200, 40, 1000) };
  sse.push({ type: 'response.completed', response: completed });
  return { status: o.status ?? 200, sse };
}

/** A response with no output: what a `generate: false` warm-up gets. */
export function emptyReply(o: ReplyOptions = {}): SseReply {
  return wrap(o, []);
}

/** An assistant message streamed as one delta, like the recorded text replies. */
export function textReply(text: string, o: ReplyOptions = {}): SseReply {
  const id = o.itemId ?? 'msg_mock0002';
  const part = { type: 'output_text', text, annotations: [] };
  const at = { item_id: id, output_index: 0, content_index: 0 };
  return wrap(o, [
    {
      added: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] },
      middle: [
        { type: 'response.content_part.added', ...at, part: { ...part, text: '' } },
        { type: 'response.output_text.delta', ...at, delta: text },
        { type: 'response.output_text.done', ...at, text },
        { type: 'response.content_part.done', ...at, part },
      ],
      done: { type: 'message', id, role: 'assistant', status: 'completed', content: [part] },
    },
  ]);
}

/** A completed function call (no argument deltas, as recorded). `args` objects are JSON-encoded. */
export function functionCallReply(name: string, args: string | Record<string, unknown>, callId: string, o: ReplyOptions & { namespace?: string } = {}): SseReply {
  const item = {
    type: 'function_call',
    id: o.itemId ?? 'fc_mock0002',
    status: 'completed',
    call_id: callId,
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
    ...(o.namespace !== undefined ? { namespace: o.namespace } : {}),
  };
  return wrap(o, [{ added: item, middle: [], done: item }]);
}

/** A call of a multi-agent collaboration tool (spawn_agent, wait_agent…): a function call in the `collaboration` namespace. */
export function collaborationCallReply(name: string, args: Record<string, unknown>, callId: string, o: ReplyOptions = {}): SseReply {
  return functionCallReply(name, args, callId, { ...o, namespace: 'collaboration' });
}

/** A freeform (custom) tool call, e.g. apply_patch with the patch as its input. */
export function customToolCallReply(name: string, input: string, callId: string, o: ReplyOptions = {}): SseReply {
  const item = { type: 'custom_tool_call', id: o.itemId ?? 'ctc_mock0002', status: 'completed', call_id: callId, name, input };
  return wrap(o, [{ added: item, middle: [], done: item }]);
}

/** A code-mode model running a script: an `exec` call whose input is the JavaScript source. */
export function execScriptReply(source: string, callId: string, o: ReplyOptions = {}): SseReply {
  return customToolCallReply('exec', source, callId, o);
}

/** Text of the last `role: "user"` message of a Responses request body, if any. */
export function lastUserText(body: unknown): string | undefined {
  const input = isRecord(body) && Array.isArray(body.input) ? body.input : [];
  for (let i = input.length - 1; i >= 0; i--) {
    const item: unknown = input[i];
    if (!isRecord(item) || item.role !== 'user' || !Array.isArray(item.content)) continue;
    const texts = item.content.flatMap((c: unknown) => (isRecord(c) && typeof c.text === 'string' ? [c.text] : []));
    if (texts.length > 0) return texts.join('\n');
  }
  return undefined;
}

/** Default behaviour: echo the last user text on `/responses`, an empty model list on `/models`. */
export function echoResponder(req: CapturedRequest, index: number): MockReply {
  const n = String(index + 1).padStart(4, '0');
  if (req.method === 'POST' && req.path.endsWith('/responses')) {
    const model = isRecord(req.body) && typeof req.body.model === 'string' ? req.body.model : undefined;
    const text = `Mock reply ${index + 1} to: ${lastUserText(req.body) ?? '(no user text)'}`;
    return textReply(text, { id: `resp_mock${n}`, itemId: `msg_mock${n}`, ...(model ? { model } : {}) });
  }
  if (req.method === 'GET' && req.path.endsWith('/models')) return { status: 200, json: { object: 'list', data: [], models: [] } };
  return errorReply(404, `mock: no route for ${req.method} ${req.path}`);
}
