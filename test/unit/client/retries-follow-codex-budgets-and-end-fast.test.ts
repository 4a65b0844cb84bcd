// A failing provider is given up as Codex gives it up: each stream attempt resends its request up
// to `request_max_retries` times, silently, and a turn makes up to 1 + `stream_max_retries` stream
// attempts (defaults 4 and 5, backoff 200 ms · 2^(n-1) ± 10%), so a dead provider fails in about 25 s,
// not 80. The counter reads "1/5 … 5/5". DNS failures, 401/403 and malformed events are not retried,
// and a thread that cannot start its turn (no key) leaves no rollout behind.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { APIConnectionError } from 'openai/core/error';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { failureFromSdkError } from '../../../src/client/api-errors.js';
import { retryDelayMs, retryOptionsFor } from '../../../src/client/retry-policy.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { Weft } from '../../../src/engine/weft.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

const serverError: MockReply = { status: 500, json: { error: { message: 'down', type: 'server_error' } } };

let server: MockServer | undefined;
let h: ThreadHarness | undefined;
afterEach(async () => {
  await server?.close();
  await h?.close();
  server = undefined;
  h = undefined;
  await removeTempDirs();
});

describe("Codex's retry budgets", () => {
  it('defaults: 5 stream retries of 5 requests each, all backoff within 30 s even at +10% jitter', () => {
    const retry = retryOptionsFor(mockProvider('http://127.0.0.1:1/v1'));
    expect(retry).toMatchObject({ maxAttempts: 6, requestRetries: 4, baseDelayMs: 200 });
    const max = () => 1; // the largest jitter
    let total = 0;
    for (let stream = 1; stream <= retry.maxAttempts; stream++) {
      for (let sent = 1; sent <= (retry.requestRetries ?? 0); sent++) total += retryDelayMs(retry, sent + 1, undefined, max);
      if (stream < retry.maxAttempts) total += retryDelayMs(retry, stream + 1, undefined, max);
    }
    expect(total).toBeGreaterThan(20_000);
    expect(total).toBeLessThan(30_000);
  });

  it('a persistent 500 is sent 1 + request retries times per stream attempt; only stream retries are reported', async () => {
    server = await startMockResponsesServer({ respond: () => serverError });
    const retry = { maxAttempts: 3, requestRetries: 1, baseDelayMs: 1, maxDelayMs: 5 };
    const { events, error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, retry }));
    expect(String(error)).toMatch(/HTTP 500: down.*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(6);
    expect(events.filter((e) => e.type === 'retrying').map((e) => e.type === 'retrying' && e.attempt)).toEqual([2, 3]);
  });

  it('the thread counts its retries as Codex does: 1/2, 2/2', async () => {
    h = await threadHarness(() => serverError);
    const thread = await (await h.open()).startThread();
    const retries: string[] = [];
    const outcome = await thread.run('hi', { onEvent: (e: ThreadEvent) => void (e.type === 'retrying' && retries.push(`${e.retry}/${e.maxRetries}`)) });
    await thread.close();
    expect(outcome.status).toBe('failed');
    expect(retries).toEqual(['1/2', '2/2']);
    // stream_max_retries = 2 and request_max_retries = 2 in the harness: 3 × 3 requests.
    expect(h.mock.requests).toHaveLength(9);
  });

  it.each([401, 403])('HTTP %i is not retried', async (status) => {
    server = await startMockResponsesServer({ respond: () => ({ status, json: { error: { message: 'no', type: 'auth' } } }) });
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(String(error)).toContain(`HTTP ${status}`);
    expect(server.requests).toHaveLength(1);
  });

  it('a malformed event fails the attempt without a retry', async () => {
    const reply = textReply('x');
    server = await startMockResponsesServer({ respond: () => ({ ...reply, sse: [reply.sse[0], { type: 'response.output_text.delta', delta: 7 }] }) });
    const { error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(String(error)).toMatch(/malformed/);
    expect(server.requests).toHaveLength(1);
  });

  it('a host name that does not resolve is final, and says to check base_url', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND api.nowhere.invalid'), { code: 'ENOTFOUND' });
    const err = new APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: dns }) });
    expect(failureFromSdkError(err, 'POST x', [])).toMatchObject({ retryable: false, message: expect.stringContaining('base_url') });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(failureFromSdkError(new APIConnectionError({ cause: refused }), 'POST x', [])).toMatchObject({ retryable: true });
  });

  it('a thread whose provider has no key is refused before any rollout is written', async () => {
    const home = await tempDir('weft-home-');
    const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
    await expect(weft.startThread()).rejects.toThrow(/OPENAI_API_KEY/);
    const files = await readdir(path.join(home, 'sessions'), { recursive: true }).catch(() => []);
    expect(files.filter((f) => String(f).endsWith('.jsonl'))).toEqual([]);
  });
});
