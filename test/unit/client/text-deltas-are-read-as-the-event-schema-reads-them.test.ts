// `response.output_text.delta` events are mapped without running their zod schema when every member it
// checks already has the right type (a long answer streams thousands of them). What comes out must be
// exactly what the schema path gives: the same event for good input, and for bad input the same typed
// error, naming the member and saying what the schema says.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { mapStreamEvent } from '../../../src/client/stream-event-mapper.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { OutputTextDeltaEvent } from '../../../protocol/responses-events.js';
import { serveFixedSse } from '../../../scripts/bench/fixed-sse-server.js';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

const base = { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi' };

/** What the schema path makes of `data`: the mapped event, or the message of its error. */
function bySchema(data: Record<string, unknown>): { event: unknown } | { error: string } {
  const parsed = OutputTextDeltaEvent.safeParse(data);
  if (parsed.success) return { event: { type: 'text_delta', itemId: parsed.data.item_id ?? null, delta: parsed.data.delta } };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { error: `malformed 'response.output_text.delta' stream event${where}: ${issue?.message ?? 'invalid'}` };
}

describe('response.output_text.delta', () => {
  const good: Record<string, unknown>[] = [
    base,
    { ...base, item_id: undefined, output_index: undefined, content_index: undefined },
    { type: base.type, delta: '' },
    { ...base, sequence_number: 7, logprobs: [], obfuscation: 'x', extra: { nested: true } },
    { ...base, output_index: -0, content_index: 1.5 },
  ];
  const bad: Record<string, unknown>[] = [
    { ...base, delta: 5 },
    { ...base, delta: null },
    { type: base.type },
    { ...base, item_id: 3 },
    { ...base, item_id: null },
    { ...base, output_index: '0' },
    { ...base, output_index: null },
    { ...base, content_index: Infinity },
    { ...base, content_index: Number.NaN },
    { ...base, output_index: [] },
  ];

  it('maps a well-formed delta as the schema path does', () => {
    for (const data of good) {
      const expected = bySchema(data);
      expect(expected, JSON.stringify(data)).toHaveProperty('event');
      expect(mapStreamEvent(JSON.parse(JSON.stringify(data)) as unknown)).toEqual({ kind: 'emit', event: (expected as { event: unknown }).event });
    }
  });

  it('refuses a malformed delta with the schema’s typed error', () => {
    for (const data of bad) {
      const expected = bySchema(data);
      expect(expected, String(data.delta)).toHaveProperty('error');
      let thrown: unknown;
      try {
        mapStreamEvent(data);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, JSON.stringify(data)).toBeInstanceOf(ApiError);
      expect((thrown as Error).message).toBe((expected as { error: string }).error);
    }
  });

  it('a number JSON cannot hold (1e999 reads as Infinity) fails the stream as a malformed event', async () => {
    const blocks = textReply('hello').sse.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`);
    const at = blocks.findIndex((b) => b.startsWith('event: response.output_text.delta'));
    blocks[at] = (blocks[at] as string).replace('"output_index":0', '"output_index":1e999');
    const fixed = await serveFixedSse(blocks.join(''));
    try {
      const { events, error } = await drain(streamResponse({ provider: mockProvider(fixed.url), body: minimalBody(), env: mockEnv, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }));
      expect(events.some((e) => e.type === 'text_delta' || e.type === 'item_done')).toBe(false);
      expect(error).toBeInstanceOf(ApiError);
      expect(String((error as Error).message)).toContain("malformed 'response.output_text.delta' stream event at output_index");
    } finally {
      await fixed.close();
    }
  });
});
