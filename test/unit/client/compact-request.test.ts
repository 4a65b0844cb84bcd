// postCompact: POST {base}/responses/compact with the body verbatim, canonical items back, 429/5xx
// retried, other failures as clean ApiErrors.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { postCompact, type CompactRetryInfo } from '../../../src/client/compact-request.js';
import type { CompactRequestBody } from '../../../protocol/responses-request.js';
import { ApiError } from '../../../src/errors.js';
import { mockEnv, mockProvider } from '../../support/client-helpers.js';

const FAST = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

const body: CompactRequestBody = {
  model: 'gpt-5.2-codex',
  input: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first prompt' }] },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'first answer' }] },
  ],
  instructions: 'You are Codex.',
};

const compactReply: MockReply = {
  status: 200,
  json: {
    id: 'resp_cmp',
    object: 'response.compaction',
    output: [
      { type: 'message', id: 'msg_1', status: 'completed', role: 'user', content: [{ type: 'input_text', text: 'first prompt' }] },
      { type: 'compaction_summary', id: 'cmp_1', encrypted_content: 'ENC' },
      { type: 'some_future_item', id: 'x' },
    ],
  },
};

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function compact(replies: MockReply[], onRetry?: (info: CompactRetryInfo) => void) {
  server = await startMockResponsesServer({ replies });
  return postCompact({ provider: mockProvider(server.url), body, env: mockEnv, retry: FAST, ...(onRetry ? { onRetry } : {}) });
}

describe('postCompact', () => {
  it('posts the body verbatim to /responses/compact and returns canonical items, unknown types dropped', async () => {
    const items = await compact([compactReply]);
    expect(server!.requests[0]).toMatchObject({ method: 'POST', path: '/v1/responses/compact', rawBody: JSON.stringify(body) });
    expect(server!.requests[0]!.headers['content-type']).toBe('application/json');
    expect(items.map((item) => JSON.stringify(item))).toEqual([
      '{"type":"message","role":"user","content":[{"type":"input_text","text":"first prompt"}]}',
      '{"type":"compaction","encrypted_content":"ENC"}',
    ]);
  });

  it('retries 503 and 429, then returns the items', async () => {
    const retries: CompactRetryInfo[] = [];
    const items = await compact(
      [{ status: 503, json: { error: { message: 'overloaded' } } }, { status: 429, json: { error: { message: 'slow' } } }, compactReply],
      (info) => retries.push(info),
    );
    expect(items).toHaveLength(2);
    expect(retries.map((r) => r.attempt)).toEqual([2, 3]);
    expect(server!.requests).toHaveLength(3);
  });

  it('gives up with an ApiError carrying the status after maxAttempts', async () => {
    const down: MockReply = { status: 500, json: { error: { message: 'down' } } };
    const err: unknown = await compact([down, down, down]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, message: expect.stringContaining('gave up after 3 attempts') });
    expect(server!.requests).toHaveLength(3);
  });

  it('a 400 is not retried and carries the server message', async () => {
    const err: unknown = await compact([{ status: 400, json: { error: { message: 'input too long' } } }]).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ApiError', status: 400, message: expect.stringContaining('input too long') });
    expect(server!.requests).toHaveLength(1);
  });

  it('a reply without an output array, or with a malformed item, is an ApiError saying what is wrong', async () => {
    const noOutput: unknown = await compact([{ status: 200, json: { items: [] } }]).catch((e: unknown) => e);
    expect(noOutput).toMatchObject({ name: 'ApiError', message: expect.stringContaining('`output` array') });
    await server?.close();
    const badItem: unknown = await compact([{ status: 200, json: { output: [{ type: 'function_call', name: 'x' }] } }]).catch(
      (e: unknown) => e,
    );
    expect(badItem).toMatchObject({ name: 'ApiError', message: expect.stringContaining('output[0]') });
  });
});
