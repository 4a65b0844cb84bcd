// Small mock servers on 127.0.0.1 for the Chat Completions and Anthropic Messages wires (the shared
// mock speaks only Responses SSE). Each request is captured; the reply is raw SSE text built by the
// helpers below, written at once (no sleeps).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawReply {
  status: number;
  /** SSE text, or a JSON error body for non-2xx statuses. */
  body: string;
  headers?: Record<string, string>;
  /** Write `body`, then keep the response open without another byte (a stream gone quiet). */
  hold?: boolean;
}

export interface CapturedWireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
}

export interface MockWireServer {
  /** `http://127.0.0.1:PORT/v1` */
  url: string;
  readonly requests: CapturedWireRequest[];
  close(): Promise<void>;
}

export function startMockWireServer(respond: (req: CapturedWireRequest, index: number) => RawReply): Promise<MockWireServer> {
  const requests: CapturedWireRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const captured = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname, headers, body, rawBody };
      requests.push(captured);
      const reply = respond(captured, requests.length - 1);
      const type = reply.status >= 200 && reply.status < 300 ? 'text/event-stream' : 'application/json';
      res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
      if (reply.hold) res.write(reply.body);
      else res.end(reply.body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// ---- Chat Completions replies ----

const chatChunk = (id: string, delta: Record<string, unknown>, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'mock', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const chatUsage = (id: string): string =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'mock', choices: [], usage: { prompt_tokens: 100, completion_tokens: 7, total_tokens: 107, prompt_tokens_details: { cached_tokens: 64 } } })}\n\n`;

export function chatTextReply(text: string, id = 'chatcmpl-1'): RawReply {
  const half = Math.ceil(text.length / 2);
  return {
    status: 200,
    body:
      chatChunk(id, { role: 'assistant', content: '' }) +
      chatChunk(id, { content: text.slice(0, half) }) +
      chatChunk(id, { content: text.slice(half) }) +
      chatChunk(id, {}, 'stop') +
      chatUsage(id) +
      'data: [DONE]\n\n',
  };
}

export function chatToolCallReply(name: string, args: Record<string, unknown>, callId: string, id = 'chatcmpl-2'): RawReply {
  const json = JSON.stringify(args);
  return {
    status: 200,
    body:
      chatChunk(id, { role: 'assistant', content: null, tool_calls: [{ index: 0, id: callId, type: 'function', function: { name, arguments: '' } }] }) +
      chatChunk(id, { tool_calls: [{ index: 0, function: { arguments: json.slice(0, 5) } }] }) +
      chatChunk(id, { tool_calls: [{ index: 0, function: { arguments: json.slice(5) } }] }) +
      chatChunk(id, {}, 'tool_calls') +
      chatUsage(id) +
      'data: [DONE]\n\n',
  };
}

// ---- Anthropic Messages replies ----

const sse = (event: Record<string, unknown>): string => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;

const messageStart = (id: string): string =>
  sse({ type: 'message_start', message: { id, type: 'message', role: 'assistant', content: [], model: 'mock', usage: { input_tokens: 20, cache_read_input_tokens: 80, cache_creation_input_tokens: 0, output_tokens: 1 } } });
const messageEnd = (stop: string): string =>
  sse({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 9 } }) + sse({ type: 'message_stop' });

export function anthropicTextReply(text: string, id = 'msg_1'): RawReply {
  return {
    status: 200,
    body:
      messageStart(id) +
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
      sse({ type: 'ping' }) +
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }) +
      sse({ type: 'content_block_stop', index: 0 }) +
      messageEnd('end_turn'),
  };
}

export function anthropicToolUseReply(name: string, input: Record<string, unknown>, toolId: string, id = 'msg_2'): RawReply {
  const json = JSON.stringify(input);
  return {
    status: 200,
    body:
      messageStart(id) +
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } }) +
      sse({ type: 'content_block_stop', index: 0 }) +
      sse({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: toolId, name, input: {} } }) +
      sse({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: json.slice(0, 4) } }) +
      sse({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: json.slice(4) } }) +
      sse({ type: 'content_block_stop', index: 1 }) +
      messageEnd('tool_use'),
  };
}

export function jsonError(status: number, type: string, message: string): RawReply {
  return { status, body: JSON.stringify({ type: 'error', error: { type, message } }) };
}
