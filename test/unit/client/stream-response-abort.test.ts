// Aborting through the caller's signal stops the stream at any stage with an error isAbortError
// recognises, and nothing is retried.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sseBlock, startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { isAbortError, streamResponse } from '../../../src/client/stream-response.js';
import { ApiError } from '../../../src/errors.js';
import type { ClientEvent, ClientEventBatch } from '../../../src/client/client-events.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

let server: MockServer | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
  server = undefined;
});

/**
 * Consumes the stream as a consumer must (the signal checked before each event of a batch), calling
 * `onEvent` for each event; returns the events and the final error.
 */
async function consume(stream: AsyncIterable<ClientEventBatch>, onEvent: (e: ClientEvent) => void, signal: AbortSignal) {
  const events: ClientEvent[] = [];
  try {
    for await (const batch of stream) {
      for (const event of batch) {
        if (signal.aborted) break;
        events.push(event);
        onEvent(event);
      }
    }
    return { events, error: undefined as unknown };
  } catch (error) {
    return { events, error };
  }
}

/** Sends headers and a response.created event, then keeps the connection open. */
async function holdingServer(): Promise<{ url: string; requests: () => number }> {
  const open: ServerResponse[] = [];
  let count = 0;
  const http: Server = createServer((req, res) => {
    count++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseBlock({ type: 'response.created', response: { id: 'resp_hold' } }));
      open.push(res);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`, requests: () => count };
}

describe('streamResponse abort', () => {
  it('an already aborted signal throws an abort error before any request', async () => {
    server = await startMockResponsesServer({ replies: [textReply('unused')] });
    const controller = new AbortController();
    controller.abort();
    const { error } = await drain(
      streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, signal: controller.signal }),
    );
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(0);
  });

  it('aborting while the server has not answered yet throws an abort error', async () => {
    const controller = new AbortController();
    let release: (reply: MockReply) => void = () => {};
    server = await startMockResponsesServer({
      respond: () => {
        controller.abort();
        return new Promise<MockReply>((resolve) => (release = resolve));
      },
    });
    cleanups.push(() => release(textReply('late')));
    const { error } = await drain(
      streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, signal: controller.signal }),
    );
    expect(isAbortError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('aborting mid-stream, while the server holds the connection open, throws an abort error', async () => {
    const held = await holdingServer();
    const controller = new AbortController();
    const { events, error } = await consume(
      streamResponse({ provider: mockProvider(held.url), body: minimalBody(), env: mockEnv, signal: controller.signal }),
      (e) => {
        if (e.type === 'created') controller.abort();
      },
      controller.signal,
    );
    expect(events.map((e) => e.type)).toEqual(['rate_limits', 'created']);
    expect(isAbortError(error)).toBe(true);
    expect(held.requests()).toBe(1);
  });

  it('aborting after an event of a fully sent reply stops at once, without further events', async () => {
    server = await startMockResponsesServer({ replies: [textReply('hello')] });
    const controller = new AbortController();
    const { events, error } = await consume(
      streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, signal: controller.signal }),
      (e) => {
        if (e.type === 'created') controller.abort();
      },
      controller.signal,
    );
    expect(events.map((e) => e.type)).toEqual(['rate_limits', 'created']);
    expect(isAbortError(error)).toBe(true);
  });

  it('aborting during the backoff wait throws an abort error without waiting or retrying', async () => {
    server = await startMockResponsesServer({ replies: [{ status: 500, json: { error: { message: 'down' } } }, textReply('unused')] });
    const controller = new AbortController();
    const { events, error } = await consume(
      streamResponse({
        provider: mockProvider(server.url),
        body: minimalBody(),
        env: mockEnv,
        signal: controller.signal,
        // A wait far longer than the test timeout: only the abort can end it.
        retry: { maxAttempts: 3, baseDelayMs: 600_000, maxDelayMs: 600_000 },
      }),
      (e) => {
        if (e.type === 'retrying') controller.abort();
      },
      controller.signal,
    );
    expect(events.map((e) => e.type)).toEqual(['retrying']);
    expect(isAbortError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});
