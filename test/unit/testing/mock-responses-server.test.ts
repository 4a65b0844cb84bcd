import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  functionCallReply,
  startMockResponsesServer,
  textReply,
  type MockServer,
} from '../../../scripts/mock-responses-server.js';
import { conformanceRoot, listScenarios } from '../../conformance/scenario.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Parses `event: x\ndata: {...}\n\n` blocks back into the event objects. */
function parseSse(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      const event = JSON.parse((dataLine ?? '').replace(/^data: /, '')) as { type: string };
      expect(eventLine).toBe(`event: ${event.type}`);
      return event;
    });
}

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: 'Bearer dummy' } });

describe('mock responses server', () => {
  test('listens on 127.0.0.1 and answers replies in arrival order, whatever the request', async () => {
    server = await startMockResponsesServer({ replies: [textReply('first'), { status: 200, json: { ok: 2 } }] });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const r1 = await post(`${server.url}/responses`, { anything: 1 });
    expect(r1.status).toBe(200);
    expect(r1.headers.get('content-type')).toBe('text/event-stream');
    const events = parseSse(await r1.text());
    expect(events).toEqual(textReply('first').sse);
    const r2 = await fetch(`${server.url}/models?client_version=1.2.3`);
    expect(r2.headers.get('content-type')).toBe('application/json');
    expect(await r2.json()).toEqual({ ok: 2 });
  });

  test('an extra request gets HTTP 500 naming its index', async () => {
    server = await startMockResponsesServer({ replies: [{ status: 200, json: {} }] });
    await (await post(`${server.url}/responses`, {})).text();
    const extra = await post(`${server.url}/responses`, {});
    expect(extra.status).toBe(500);
    const body = (await extra.json()) as { error: { message: string } };
    expect(body.error.message).toContain('request index 1');
    expect(body.error.message).toContain('1 replies configured');
    expect(server.requests).toHaveLength(2);
  });

  test('captures method, path, query, headers, parsed and raw body', async () => {
    server = await startMockResponsesServer({ replies: [{ status: 200, json: {} }, { status: 200, json: {} }] });
    await (await post(`${server.url}/responses`, { model: 'm', input: [] })).text();
    await (await fetch(`${server.url}/models?client_version=0.98.0`)).text();
    const [a, b] = server.requests;
    expect(a).toMatchObject({ method: 'POST', path: '/v1/responses', body: { model: 'm', input: [] }, rawBody: '{"model":"m","input":[]}' });
    expect(a?.query).toBeUndefined();
    expect(a?.headers.authorization).toBe('Bearer dummy');
    expect(b).toMatchObject({ method: 'GET', path: '/v1/models', query: { client_version: '0.98.0' }, body: undefined, rawBody: '' });
  });

  test('respond computes replies from the request', async () => {
    server = await startMockResponsesServer({ respond: (req, i) => ({ status: 201, json: { i, path: req.path } }) });
    const r = await post(`${server.url}/responses/compact`, {});
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({ i: 0, path: '/v1/responses/compact' });
  });

  test('cutAfter sends that many events, then drops the connection', async () => {
    server = await startMockResponsesServer({ replies: [{ ...textReply('partial'), cutAfter: 2 }, textReply('retried')] });
    const res = await post(`${server.url}/responses`, {});
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const drain = async (): Promise<void> => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    };
    await expect(drain()).rejects.toThrow();
    expect(parseSse(received).map((e) => (e as { type: string }).type)).toEqual(['response.created', 'response.in_progress']);
    // The next request (a client retry) gets the next reply.
    expect(parseSse(await (await post(`${server.url}/responses`, {})).text())).toEqual(textReply('retried').sse);
  });

  test('close() returns while a keep-alive connection is open', async () => {
    server = await startMockResponsesServer({ replies: [{ status: 200, json: {} }] });
    await (await post(`${server.url}/responses`, {})).text();
    await server.close();
    server = undefined;
  });

  test('textReply reproduces a recorded reply exactly', () => {
    const loaded = listScenarios(join(conformanceRoot(), 'codex-0.98')).find((s) => s.scenario.name === 'basic');
    const recorded = loaded?.scenario.exchanges[0]?.reply;
    expect(textReply('Hello from mock.', { model: 'gpt-5.2-codex', createdAt: 1795300203 })).toEqual(recorded);
  });

  test('functionCallReply has the recorded function_call item shape', () => {
    const reply = functionCallReply('exec_command', { cmd: 'echo hi' }, 'call_mock_1', { itemId: 'fc_mock0003' });
    const types = reply.sse.map((e) => (e as { type: string }).type);
    expect(types).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
    expect(reply.sse[3]).toEqual({
      type: 'response.output_item.done',
      output_index: 0,
      item: { type: 'function_call', id: 'fc_mock0003', status: 'completed', call_id: 'call_mock_1', name: 'exec_command', arguments: '{"cmd":"echo hi"}' },
    });
  });

  test('without replies or respond it echoes the last user text', async () => {
    server = await startMockResponsesServer({});
    const input = [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'ping' }] }];
    const events = parseSse(await (await post(`${server.url}/responses`, { model: 'x', input })).text());
    expect(events.at(-1)).toMatchObject({ type: 'response.completed', response: { model: 'x', output: [{ content: [{ text: 'Mock reply 1 to: ping' }] }] } });
  });
});
