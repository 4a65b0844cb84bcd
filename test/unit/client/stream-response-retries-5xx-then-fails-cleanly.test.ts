// 429 and 5xx are retried with backoff up to maxAttempts; other 4xx and final failures are clean
// ApiErrors carrying the status and the server's message.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { ApiError } from '../../../src/errors.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

const FAST = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
const error = (status: number, message: string, headers?: Record<string, string>): MockReply => ({
  status,
  json: { error: { message, type: 'server_error', code: null } },
  ...(headers ? { headers } : {}),
});

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(replies: MockReply[], retry = FAST) {
  server = await startMockResponsesServer({ replies });
  return drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, retry }));
}

describe('streamResponse retries 429/5xx', () => {
  it('500, 500, 200: succeeds after two retrying events, resending the same body', async () => {
    const { events, error: err } = await run([error(500, 'boom'), error(502, 'bad gateway'), textReply('ok')]);
    expect(err).toBeUndefined();
    const retrying = events.filter((e) => e.type === 'retrying');
    expect(retrying).toEqual([
      { type: 'retrying', attempt: 2, maxAttempts: 3, delayMs: expect.any(Number), reason: expect.stringContaining('HTTP 500: boom') },
      { type: 'retrying', attempt: 3, maxAttempts: 3, delayMs: expect.any(Number), reason: expect.stringContaining('HTTP 502: bad gateway') },
    ]);
    expect(events.at(-1)?.type).toBe('completed');
    expect(server!.requests).toHaveLength(3);
    expect(new Set(server!.requests.map((r) => r.rawBody)).size).toBe(1);
  });

  it('always 500: ApiError with status 500 and the server message after maxAttempts requests', async () => {
    const { events, error: err } = await run([error(500, 'down'), error(500, 'down'), error(500, 'still down')]);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, message: expect.stringContaining('HTTP 500: still down') });
    expect((err as Error).message).toContain('gave up after 3 attempts');
    expect(events.filter((e) => e.type === 'retrying')).toHaveLength(2);
    expect(server!.requests).toHaveLength(3);
  });

  it('429 is retried and its Retry-After is honoured, capped at maxDelayMs', async () => {
    const { events, error: err } = await run([error(429, 'slow down', { 'retry-after': '120' }), textReply('ok')]);
    expect(err).toBeUndefined();
    expect(events.find((e) => e.type === 'retrying')).toMatchObject({ delayMs: FAST.maxDelayMs });
  });

  it('400 is not retried: ApiError with the server message', async () => {
    const { error: err } = await run([error(400, "Invalid value for 'tool_choice'."), textReply('unused')]);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: expect.stringContaining("Invalid value for 'tool_choice'.") });
    expect(server!.requests).toHaveLength(1);
  });

  it('429 insufficient_quota is final, as in Codex', async () => {
    const quota: MockReply = { status: 429, json: { error: { message: 'You exceeded your quota', code: 'insufficient_quota' } } };
    const { error: err } = await run([quota, textReply('unused')]);
    expect(err).toMatchObject({ status: 429, message: expect.stringContaining('insufficient_quota') });
    expect(server!.requests).toHaveLength(1);
  });

  it('response.failed with a final code is a ResponseFailedError carrying the code, without retry', async () => {
    const failed: MockReply = {
      status: 200,
      sse: [
        { type: 'response.created', response: { id: 'resp_1' } },
        { type: 'response.failed', response: { id: 'resp_1', error: { code: 'context_length_exceeded', message: 'Your input exceeds the context window' } } },
      ],
    };
    const { error: err } = await run([failed, textReply('unused')]);
    expect(err).toMatchObject({ name: 'ResponseFailedError', errorCode: 'context_length_exceeded', retryable: false });
    expect((err as Error).message).toContain('Your input exceeds the context window');
    expect(server!.requests).toHaveLength(1);
  });

  it('response.failed with a transient code before any item is retried', async () => {
    const failed: MockReply = {
      status: 200,
      sse: [{ type: 'response.failed', response: { id: 'r', error: { code: 'server_error', message: 'oops' } } }],
    };
    const { events, error: err } = await run([failed, textReply('ok')]);
    expect(err).toBeUndefined();
    expect(events.map((e) => e.type)).toContain('retrying');
    expect(server!.requests).toHaveLength(2);
  });
});
