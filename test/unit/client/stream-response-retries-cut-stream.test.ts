// A stream that breaks or ends before response.completed is resent only while no item_done was
// emitted in that attempt; afterwards the caller gets StreamInterruptedError and re-samples.
import { afterEach, describe, expect, it } from 'vitest';
import {
  functionCallReply,
  startMockResponsesServer,
  textReply,
  type MockReply,
  type MockServer,
} from '../../../scripts/mock-responses-server.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { StreamInterruptedError } from '../../../src/client/api-errors.js';
import { ApiError } from '../../../src/errors.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

const FAST = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sseOf(reply: MockReply): unknown[] {
  if (!('sse' in reply)) throw new Error('expected an SSE reply');
  return reply.sse;
}

/** The text reply's events up to (not including) its output_item.done. */
function beforeItemDone(reply: MockReply): number {
  return sseOf(reply).findIndex((e) => (e as { type: string }).type === 'response.output_item.done');
}

async function run(replies: MockReply[]) {
  server = await startMockResponsesServer({ replies });
  return drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv, retry: FAST }));
}

describe('streamResponse and cut streams', () => {
  it('a socket cut after a few events, before any item is done, is resent and completes', async () => {
    const first = textReply('partial');
    const { events, error } = await run([{ ...first, cutAfter: beforeItemDone(first) }, textReply('whole')]);
    expect(error).toBeUndefined();
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'retrying')).toHaveLength(1);
    expect(events.find((e) => e.type === 'retrying')).toMatchObject({ reason: expect.stringMatching(/stream (broke|closed)/) });
    expect(events.filter((e) => e.type === 'item_done')).toHaveLength(1);
    expect(types.at(-1)).toBe('completed');
    expect(server!.requests).toHaveLength(2);
  });

  it('a stream that ends cleanly without response.completed is resent', async () => {
    const sse = sseOf(textReply('no end'));
    const truncated: MockReply = { status: 200, sse: sse.slice(0, 3) };
    const { events, error } = await run([truncated, textReply('ok')]);
    expect(error).toBeUndefined();
    expect(events.find((e) => e.type === 'retrying')).toMatchObject({
      reason: expect.stringContaining('the stream closed before response.completed'),
    });
    expect(server!.requests).toHaveLength(2);
  });

  it('a cut after an item_done is not resent: StreamInterruptedError, retryable, one request', async () => {
    const call = functionCallReply('exec_command', { cmd: 'ls' }, 'call_1');
    const afterItem = beforeItemDone(call) + 1;
    const { events, error } = await run([{ ...call, cutAfter: afterItem }, textReply('never sent')]);
    expect(events.filter((e) => e.type === 'item_done')).toHaveLength(1);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect(error).toMatchObject({ retryable: true, itemsDelivered: 1 });
    expect((error as Error).message).toContain('re-sample from history');
    expect(server!.requests).toHaveLength(1);
  });

  it('a stream cut on every attempt ends in an ApiError after maxAttempts', async () => {
    const cut = (): MockReply => ({ ...textReply('x'), cutAfter: 1 });
    const { events, error } = await run([cut(), cut(), cut()]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toContain('gave up after 3 attempts');
    expect(events.filter((e) => e.type === 'retrying')).toHaveLength(2);
    expect(server!.requests).toHaveLength(3);
  });

  it('response.incomplete before any item is treated like a cut stream', async () => {
    const incomplete: MockReply = {
      status: 200,
      sse: [{ type: 'response.incomplete', response: { id: 'r', incomplete_details: { reason: 'max_output_tokens' } } }],
    };
    const { events, error } = await run([incomplete, textReply('ok')]);
    expect(error).toBeUndefined();
    expect(events.find((e) => e.type === 'retrying')).toMatchObject({ reason: expect.stringContaining('max_output_tokens') });
  });
});
