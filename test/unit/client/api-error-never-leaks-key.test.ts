// A server that echoes the API key back in its error text must not get it into an ApiError: not in
// the message, not in a cause, not in a retrying event.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { postCompact } from '../../../src/client/compact-request.js';
import { resolveApiKey } from '../../../src/client/provider.js';
import { ApiError } from '../../../src/errors.js';
import { MOCK_KEY, drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

const FAST = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 };
const SK_KEY = 'sk-proj-AbCdEf0123456789xyz';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectNoSecret(value: unknown, secret: string): void {
  expect(value).toBeDefined();
  expect(String(value)).not.toContain(secret);
  expect(JSON.stringify(value)).not.toContain(secret);
  expect(inspect(value, { depth: Infinity, showHidden: true })).not.toContain(secret);
}

const echo = (status: number, key: string): MockReply => ({
  status,
  json: { error: { message: `Incorrect API key provided: ${key}. Header was Bearer ${key}`, code: 'invalid_api_key' } },
});

describe('ApiError never contains the API key', () => {
  it('401 echoing the key: the error names the status, not the key', async () => {
    server = await startMockResponsesServer({ replies: [echo(401, MOCK_KEY)] });
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, retry: FAST }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as Error).message).toContain('Incorrect API key provided: [redacted]');
    expectNoSecret(error, MOCK_KEY);
  });

  it('5xx echoing the key until retries run out: neither retrying events nor the final error hold it', async () => {
    server = await startMockResponsesServer({ replies: [echo(500, MOCK_KEY), echo(500, MOCK_KEY)] });
    const { events, error } = await drain(
      streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, retry: FAST }),
    );
    expect(events.some((e) => e.type === 'retrying')).toBe(true);
    expectNoSecret(events, MOCK_KEY);
    expectNoSecret(error, MOCK_KEY);
  });

  it('response.failed echoing an sk- key given directly: redacted', async () => {
    server = await startMockResponsesServer({
      replies: [
        {
          status: 200,
          sse: [{ type: 'response.failed', response: { id: 'r', error: { code: 'invalid_prompt', message: `bad key ${SK_KEY}` } } }],
        },
      ],
    });
    const provider = mockProvider(server.url, { apiKey: SK_KEY });
    const { error } = await drain(streamResponse({ provider, body: minimalBody(), env: {}, retry: FAST }));
    expect(error).toBeInstanceOf(ApiError);
    expectNoSecret(error, SK_KEY);
  });

  it('the compact endpoint echoing the key: redacted', async () => {
    server = await startMockResponsesServer({ replies: [echo(403, MOCK_KEY)] });
    const error: unknown = await postCompact({
      provider: mockProvider(server.url),
      body: { model: 'm', input: [], instructions: 'i' },
      env: mockEnv,
      retry: FAST,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 403 });
    expectNoSecret(error, MOCK_KEY);
  });

  it('a missing key names the variable to set', () => {
    const provider = { name: 'Acme', baseUrl: 'https://api.acme.test/v1', envKey: 'ACME_API_KEY', wireApi: 'responses' as const };
    expect(() => resolveApiKey(provider, {})).toThrow(/set the environment variable ACME_API_KEY/);
    const openai = { name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', wireApi: 'responses' as const };
    expect(() => resolveApiKey(openai, {})).toThrow(/OPENAI_API_KEY/);
    expect(resolveApiKey(openai, { OPENAI_API_KEY: 'k-123' })).toBe('k-123');
    expect(resolveApiKey({ ...provider, baseUrl: 'http://127.0.0.1:9/v1' }, {})).toBeUndefined();
    expect(resolveApiKey({ ...provider, baseUrl: 'http://localhost:9/v1' }, {})).toBeUndefined();
  });
});
