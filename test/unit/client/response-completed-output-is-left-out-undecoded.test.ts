// `response.completed` repeats every item in `response.output`. weft, like Codex, takes items only from
// `response.output_item.done` and reads the completed response's id and usage: the output member is
// scanned (it must still be JSON) but never decoded, whether the event is read whole (shorter than
// LONG_STRING) or as it arrives.
import { afterEach, describe, expect, it } from 'vitest';
import { streamEventReaders } from '../../../src/client/stream-event-mapper.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { serveFixedSse, type FixedSseServer } from '../../../scripts/bench/fixed-sse-server.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';

/** The document's bytes cut every `size` bytes. */
function cut(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

function withoutOutput(text: string): unknown {
  const value = JSON.parse(text) as { response?: Record<string, unknown> };
  if (value.response && typeof value.response === 'object') delete value.response.output;
  return value;
}

/** The `response.completed` data in `pieces`, read by the client's reader of that event. */
function readCompleted(pieces: readonly Buffer[]): unknown {
  const reader = streamEventReaders(new LongStringCache()).streamed?.('response.completed');
  if (reader === undefined) throw new Error('response.completed has no reader');
  for (const piece of pieces) reader.push(piece);
  return reader.end();
}

/** The document with a long member first, so that it is read as it arrives. */
const padded = (doc: string): string => doc.replace('{', `{"pad":"${'p'.repeat(LONG_STRING)}",`);

describe('the reader of response.completed', () => {
  const docs = [
    '{"type":"response.completed","response":{"id":"r1","output":[{"type":"message","content":[{"type":"output_text","text":"a \\"quoted\\" ]} text \\u00e9 é ✓"}]}],"usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}}}',
    '{ "response" : { "output" : "just a string, with } and ]" , "id" : "r2" } , "type" : "response.completed" }',
    '{"type":"response.completed","response":{"output":12.5e3,"id":"r3","nested":{"output":"kept: not on the path"}}}',
    '{"type":"response.completed","response":{"id":"r4","output":[],"output_text":"kept"},"output":"kept too"}',
    '{"type":"response.completed","response":{"id":"r5"}}',
    '{"type":"response.completed","response":{"id":"r6","output":null,"output":[{"a":[true,false,null,{"b":[]}]}]}}',
    '{"type":"response.completed","response":{"id":"r7","out\\u0070ut":["escaped key"]}}',
    '{"type":"response.completed","response":[{"output":1}]}',
  ];

  it('gives what JSON.parse gives, without response.output, however the bytes were cut', () => {
    for (const doc of docs) {
      for (const size of [1, 2, 3, 7, 64, 100_000]) {
        expect(readCompleted(cut(doc, size)), `${doc} cut every ${size}`).toEqual(withoutOutput(doc));
        expect(readCompleted(cut(padded(doc), size * 997)), `${doc} padded, cut every ${size * 997}`).toEqual(withoutOutput(padded(doc)));
      }
    }
  });

  it('refuses what JSON.parse refuses (with JSON.parse’s own error when short), also inside the left-out value', () => {
    const bad = [
      '{"response":{"id":"r","output":[{"text":"raw \u0001 control"}]}}',
      '{"response":{"id":"r","output":[{"text":"bad \\x escape"}]}}',
      '{"response":{"id":"r","output":[{"text":"short \\u12 escape"}]}}',
      '{"response":{"id":"r","output":[1,,2]}}',
      '{"response":{"id":"r","output":[1,2}}',
      '{"response":{"id":"r","output":[tru]}}',
      '{"response":{"id":"r","output":["unterminated]}}',
      '{"response":{"id":"r","output":[1] trailing}}',
      '{"response":{"id":"r","output":[1]}} extra',
      '{"response":{"id":"r" "output":[1]}}',
    ];
    for (const doc of bad) {
      let expected: unknown;
      try {
        JSON.parse(doc);
      } catch (err) {
        expected = err;
      }
      expect(expected, doc).toBeInstanceOf(SyntaxError);
      for (const size of [1, 5, 1000]) {
        expect(() => readCompleted(cut(doc, size)), `${doc} cut every ${size}`).toThrow((expected as Error).message);
        expect(() => readCompleted(cut(padded(doc), size * 997)), `${doc} padded, cut every ${size * 997}`).toThrow(SyntaxError);
      }
    }
  });
});

let server: MockServer | undefined;
let fixed: FixedSseServer | undefined;
afterEach(async () => {
  await server?.close();
  await fixed?.close();
  server = undefined;
  fixed = undefined;
});

describe('items of a streamed response', () => {
  it('come from response.output_item.done; the completed response gives its id and usage', async () => {
    const text = 'é✓ '.repeat(200_000);
    server = await startMockResponsesServer({ replies: [textReply(text, { id: 'resp_big' })] });
    const { events, error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(error).toBeUndefined();
    const items = events.filter((e) => e.type === 'item_done');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] } });
    expect(events.at(-1)).toEqual({ type: 'completed', responseId: 'resp_big', usage: expect.objectContaining({ input_tokens: 1200, output_tokens: 40 }) });
  });

  it('are none when no output_item.done arrived, even though response.completed lists them (as in Codex)', async () => {
    const reply = textReply('only in the completed output');
    const sse = reply.sse.filter((e) => (e as { type: string }).type !== 'response.output_item.done');
    server = await startMockResponsesServer({ replies: [{ ...reply, sse }] });
    const { events, error } = await drain(streamResponse({ provider: mockProvider(server.url), body: minimalBody(), env: mockEnv }));
    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type === 'item_done' || e.type === 'item_skipped')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'completed', responseId: 'resp_mock0001' });
  });

  it('a response.completed whose output is not JSON fails the attempt as before', async () => {
    const blocks = textReply('hello').sse.map((e) => {
      const block = `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`;
      return (e as { type: string }).type === 'response.completed' ? block.replace('"output":[', '"output":[,') : block;
    });
    fixed = await serveFixedSse(blocks.join(''));
    const { events, error } = await drain(
      streamResponse({ provider: mockProvider(fixed.url), body: minimalBody(), env: mockEnv, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }),
    );
    expect(events.some((e) => e.type === 'completed')).toBe(false);
    expect(String(error)).toMatch(/JSON/);
  });
});
