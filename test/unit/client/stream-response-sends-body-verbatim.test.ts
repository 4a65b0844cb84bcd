// The request body reaches the server byte-identical to JSON.stringify(body), and a recorded reply
// becomes the expected ClientEvents.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, type MockServer, type MockReply, textReply } from '../../../scripts/mock-responses-server.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { MOCK_KEY, drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

const TOOL_CALL = '/work/shared/conformance/codex-0.98/scenarios/tool_call';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function recorded(): { body: ResponsesRequestBody; reply: MockReply } {
  const request = JSON.parse(readFileSync(`${TOOL_CALL}/requests/002.json`, 'utf8')) as { body: ResponsesRequestBody };
  const scenario = JSON.parse(readFileSync(`${TOOL_CALL}/scenario.json`, 'utf8')) as {
    exchanges: { reply: { status: number; sse: unknown[] } }[];
  };
  return { body: request.body, reply: scenario.exchanges[0]!.reply };
}

describe('streamResponse sends the body verbatim', () => {
  it('a recorded Codex request body arrives byte-identical to JSON.stringify(body)', async () => {
    const { body, reply } = recorded();
    server = await startMockResponsesServer({ replies: [reply] });
    await drain(streamResponse({ provider: mockProvider(server.url), body, env: mockEnv }));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
    expect(server.requests[0]!.path).toBe('/v1/responses');
    expect(server.requests[0]!.rawBody).toBe(JSON.stringify(body));
  });

  it('keeps an unusual key order, unicode and every field exactly as given', async () => {
    const base = minimalBody('héllo — 世界 \u2028 "quoted"');
    // Keys deliberately out of the usual order, plus a field the schema does not know.
    const { stream, ...rest } = base;
    const body = { stream, ...rest, extra_field: { z: 1, a: [null] } } as ResponsesRequestBody;
    expect(Object.keys(body)[0]).toBe('stream');
    server = await startMockResponsesServer({ replies: [textReply('ok')] });
    await drain(streamResponse({ provider: mockProvider(server.url), body, env: mockEnv }));
    expect(server.requests[0]!.rawBody).toBe(JSON.stringify(body));
  });

  it('sends the key as a bearer token, JSON content type, SSE accept, provider and caller headers', async () => {
    server = await startMockResponsesServer({ replies: [textReply('ok')] });
    const provider = mockProvider(server.url, { headers: { 'x-provider-header': 'p', originator: 'from-provider' } });
    await drain(
      streamResponse({ provider, body: minimalBody(), env: mockEnv, headers: { originator: 'codex_exec', session_id: 's-1' } }),
    );
    const headers = server.requests[0]!.headers;
    expect(headers).toMatchObject({
      authorization: `Bearer ${MOCK_KEY}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-provider-header': 'p',
      originator: 'codex_exec',
      session_id: 's-1',
    });
    // The client's name as the openai SDK gives it (the Chat wire still goes through the SDK), and
    // none of the SDK's telemetry headers: the request is sent by weft itself.
    expect(headers['user-agent']).toMatch(/^OpenAI\/JS /);
    expect(Object.keys(headers).filter((name) => name.startsWith('x-stainless'))).toEqual([]);
  });

  it('sends no Authorization header for a local provider without a key', async () => {
    server = await startMockResponsesServer({ replies: [textReply('ok')] });
    await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: {} }));
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('streamResponse turns a recorded reply into ClientEvents', () => {
  it('tool_call reply 1: created, items added/done (canonical), completed with usage', async () => {
    const { body, reply } = recorded();
    server = await startMockResponsesServer({ replies: [reply] });
    const { events, error } = await drain(streamResponse({ provider: mockProvider(server.url), body, env: mockEnv }));
    expect(error).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['rate_limits', 'created', 'item_added', 'item_done', 'item_added', 'item_done', 'completed']);
    expect(events[1]).toEqual({ type: 'created', responseId: 'resp_mock0001' });
    const done = events.filter((e) => e.type === 'item_done');
    expect(done.map((e) => JSON.stringify(e.item))).toEqual([
      '{"type":"reasoning","summary":[{"type":"summary_text","text":"**Running echo**"}],"content":null,"encrypted_content":null}',
      '{"type":"function_call","name":"exec_command","arguments":"{\\"cmd\\":\\"echo hi\\"}","call_id":"call_mock_1"}',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'completed',
      responseId: 'resp_mock0001',
      usage: { input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40, reasoning_output_tokens: 0, total_tokens: 1240 },
    });
  });

  it('text deltas carry the item id; unknown event types pass without error', async () => {
    const reply = textReply('Hello');
    if (!('sse' in reply)) throw new Error('expected an SSE reply');
    reply.sse.splice(2, 0, { type: 'response.some_future_event', payload: { x: 1 } });
    server = await startMockResponsesServer({ replies: [reply] });
    const { events, error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(error).toBeUndefined();
    expect(events).toContainEqual({ type: 'text_delta', itemId: 'msg_mock0002', delta: 'Hello' });
    expect(events.at(-1)?.type).toBe('completed');
  });

  it('a known event that does not fit its schema is an ApiError naming the event type', async () => {
    const reply = textReply('Hello');
    if (!('sse' in reply)) throw new Error('expected an SSE reply');
    reply.sse.splice(2, 0, { type: 'response.output_text.delta', item_id: 'msg', delta: 42 });
    server = await startMockResponsesServer({ replies: [reply] });
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(error).toMatchObject({ name: 'ApiError', message: expect.stringContaining("'response.output_text.delta'") });
    expect(server.requests).toHaveLength(1);
  });

  it('an event without a string type is an ApiError, not a retry', async () => {
    const reply = textReply('Hello');
    if (!('sse' in reply)) throw new Error('expected an SSE reply');
    reply.sse.splice(2, 0, 'not an event object');
    server = await startMockResponsesServer({ replies: [reply] });
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(error).toMatchObject({ name: 'ApiError', message: expect.stringContaining('no string `type`') });
    expect(server.requests).toHaveLength(1);
  });
});
