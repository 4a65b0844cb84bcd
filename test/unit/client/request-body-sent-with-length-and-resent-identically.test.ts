// Request bodies are streamed from their pieces (json-body.ts): the server must still see one
// Content-Length body equal to JSON.stringify of what was rendered, and a retry must resend it whole.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { jsonBody, jsonBodyBytes } from '../../../src/client/json-body.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('request bodies', () => {
  it('serialize like JSON.stringify, skipping undefined fields and nulling undefined elements', () => {
    const body = { a: 1, b: undefined, c: [1, undefined, 'é', { d: undefined, e: [null] }], f: { g: 'h', i: undefined }, when: new Date(0) };
    expect(jsonBodyBytes(jsonBody(body)).toString('utf8')).toBe(JSON.stringify(body));
    const big = { input: Array.from({ length: 300 }, (_, i) => ({ type: 'message', text: 'x'.repeat(i * 10) })) };
    const once = jsonBody(big);
    expect(jsonBodyBytes(once).toString('utf8')).toBe(JSON.stringify(big));
    expect([...once.chunks()].length).toBeGreaterThan(1);
    expect(jsonBodyBytes(once).equals(jsonBodyBytes(once))).toBe(true);
  });

  it('reach the server with a Content-Length, not chunked, and a retry after a 500 resends the same bytes', async () => {
    server = await startMockResponsesServer({ replies: [{ status: 500, json: { error: { message: 'boom' } } }, textReply('ok')] });
    const body = { ...minimalBody(), input: [{ type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text: 'ü'.repeat(400_000) }] }] };
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body, env: mockEnv, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 } }));
    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    for (const req of server.requests) {
      expect(req.rawBody).toBe(JSON.stringify(body));
      expect(req.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
      expect(req.headers['transfer-encoding']).toBeUndefined();
    }
  });
});
