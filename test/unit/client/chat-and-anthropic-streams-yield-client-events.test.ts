import { afterEach, describe, expect, it } from 'vitest';
import type { AnthropicRequestBody } from '../../../protocol/anthropic-messages.js';
import type { ChatRequestBody } from '../../../protocol/chat-completions.js';
import { ResponseFailedError } from '../../../src/client/api-errors.js';
import { streamAnthropic } from '../../../src/client/stream-anthropic.js';
import { streamChat } from '../../../src/client/stream-chat.js';
import { ApiError } from '../../../src/errors.js';
import { drain, MOCK_KEY, mockEnv, mockProvider } from '../../support/client-helpers.js';
import {
  anthropicTextReply,
  anthropicToolUseReply,
  chatTextReply,
  chatToolCallReply,
  jsonError,
  startMockWireServer,
  type MockWireServer,
} from '../../support/mock-wire-servers.js';

const servers: MockWireServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const retry = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
const chatBody: ChatRequestBody = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } };
const anthropicBody: AnthropicRequestBody = { model: 'm', max_tokens: 100, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: true };

async function server(...replies: ReturnType<typeof chatTextReply>[]): Promise<MockWireServer> {
  const s = await startMockWireServer((_req, i) => replies[i] ?? jsonError(500, 'api_error', 'no reply'));
  servers.push(s);
  return s;
}

describe('Chat Completions stream', () => {
  it('sends the body verbatim to /chat/completions and yields deltas, the message and usage', async () => {
    const s = await server(chatTextReply('Hello there'));
    const { events, error } = await drain(streamChat({ provider: mockProvider(s.url, { wireApi: 'chat' }), body: chatBody, env: mockEnv, retry }));
    expect(error).toBeUndefined();
    expect(s.requests[0]?.path).toBe('/v1/chat/completions');
    expect(s.requests[0]?.rawBody).toBe(JSON.stringify(chatBody));
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${MOCK_KEY}`);
    expect(events.map((e) => e.type)).toEqual(['created', 'text_delta', 'text_delta', 'item_done', 'completed']);
    expect(events[3]).toMatchObject({ item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello there' }] } });
    expect(events[4]).toEqual({
      type: 'completed',
      responseId: 'chatcmpl-1',
      usage: { input_tokens: 100, cached_input_tokens: 64, output_tokens: 7, reasoning_output_tokens: 0, total_tokens: 107 },
    });
  });

  it('assembles streamed tool call arguments into one function_call item', async () => {
    const s = await server(chatToolCallReply('exec_command', { cmd: 'ls -la' }, 'call_9'));
    const { events } = await drain(streamChat({ provider: mockProvider(s.url, { wireApi: 'chat' }), body: chatBody, env: mockEnv, retry }));
    const items = events.flatMap((e) => (e.type === 'item_done' ? [e.item] : []));
    expect(items).toEqual([{ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls -la"}', call_id: 'call_9' }]);
  });

  it('retries a 503 and a stream that ends without finish_reason, then succeeds', async () => {
    const cut = { status: 200, body: chatTextReply('x').body.split('\n\n').slice(0, 2).join('\n\n') + '\n\n' };
    const s = await server(jsonError(503, 'overloaded', 'busy'), cut, chatTextReply('ok'));
    const { events, error } = await drain(streamChat({ provider: mockProvider(s.url, { wireApi: 'chat' }), body: chatBody, env: mockEnv, retry }));
    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type === 'retrying')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'item_done')).toHaveLength(1);
    expect(s.requests).toHaveLength(3);
  });

  it('fails at once on a 400, naming the provider and never the key', async () => {
    const s = await server(jsonError(400, 'invalid_request_error', `bad key ${MOCK_KEY}`));
    const { error } = await drain(streamChat({ provider: mockProvider(s.url, { wireApi: 'chat' }), body: chatBody, env: mockEnv, retry }));
    expect(error).toBeInstanceOf(ApiError);
    expect(String(error)).toContain('HTTP 400');
    expect(String(error)).not.toContain(MOCK_KEY);
    expect(s.requests).toHaveLength(1);
  });
});

describe('Anthropic Messages stream', () => {
  it('posts to /messages with x-api-key and anthropic-version, and yields text, the message and usage', async () => {
    const s = await server(anthropicTextReply('Hi!'));
    const { events, error } = await drain(streamAnthropic({ provider: mockProvider(s.url, { wireApi: 'anthropic' }), body: anthropicBody, env: mockEnv, retry }));
    expect(error).toBeUndefined();
    const req = s.requests[0];
    expect(req?.path).toBe('/v1/messages');
    expect(req?.rawBody).toBe(JSON.stringify(anthropicBody));
    expect(req?.headers['x-api-key']).toBe(MOCK_KEY);
    expect(req?.headers['anthropic-version']).toBe('2023-06-01');
    expect(req?.headers.authorization).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['created', 'text_delta', 'item_done', 'completed']);
    expect(events[3]).toEqual({
      type: 'completed',
      responseId: 'msg_1',
      usage: { input_tokens: 100, cached_input_tokens: 80, output_tokens: 9, reasoning_output_tokens: 0, total_tokens: 109 },
    });
  });

  it('delivers text and tool_use as a message and a function call, in block order', async () => {
    const s = await server(anthropicToolUseReply('exec_command', { cmd: 'pwd' }, 'toolu_1'));
    const { events } = await drain(streamAnthropic({ provider: mockProvider(s.url, { wireApi: 'anthropic' }), body: anthropicBody, env: mockEnv, retry }));
    expect(events.flatMap((e) => (e.type === 'item_done' ? [e.item] : []))).toEqual([
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
      { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"pwd"}', call_id: 'toolu_1' },
    ]);
  });

  it('retries 529 overloaded and an overloaded error event; a cut stream too', async () => {
    const overloadedEvent = { status: 200, body: `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })}\n\n` };
    const cut = { status: 200, body: anthropicTextReply('x').body.split('\n\n').slice(0, 3).join('\n\n') + '\n\n' };
    const s = await server(jsonError(529, 'overloaded_error', 'Overloaded'), overloadedEvent, cut, anthropicTextReply('ok'));
    const { events, error } = await drain(
      streamAnthropic({ provider: mockProvider(s.url, { wireApi: 'anthropic' }), body: anthropicBody, env: mockEnv, retry: { ...retry, maxAttempts: 4 } }),
    );
    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type === 'retrying')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'item_done')).toHaveLength(1);
  });

  it('fails without retrying on an invalid_request_error event', async () => {
    const bad = { status: 200, body: `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'nope' } })}\n\n` };
    const s = await server(bad);
    const { error } = await drain(streamAnthropic({ provider: mockProvider(s.url, { wireApi: 'anthropic' }), body: anthropicBody, env: mockEnv, retry }));
    expect(error).toBeInstanceOf(ResponseFailedError);
    expect(String(error)).toContain('invalid_request_error');
    expect(s.requests).toHaveLength(1);
  });

  it('stops at once when aborted', async () => {
    const s = await server(anthropicTextReply('x'));
    const controller = new AbortController();
    controller.abort();
    const { error, events } = await drain(
      streamAnthropic({ provider: mockProvider(s.url, { wireApi: 'anthropic' }), body: anthropicBody, env: mockEnv, retry, signal: controller.signal }),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(events).toEqual([]);
  });
});
