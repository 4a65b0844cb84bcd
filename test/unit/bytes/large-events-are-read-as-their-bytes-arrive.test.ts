// `response.output_item.done` and `response.completed` each repeat the whole answer. From the byte path's one
// threshold (LONG_STRING) they are read as their bytes arrive and no chunk is kept until the event ends: the
// value is still what JSON.parse gives (the item's text taken from its deltas when their bytes are the
// same, the completed output left out), whatever the cuts between chunks.
import { afterEach, describe, expect, it } from 'vitest';
import { LargeEventReader } from '../../../src/client/large-event-reader.js';
import { RepeatedLiteral } from '../../../src/bytes/long-literal-readers.js';
import { StreamedJson, type JsonPath } from '../../../src/bytes/streamed-json.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { serveFixedSse, type FixedSseServer } from '../../../scripts/bench/fixed-sse-server.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';
import { deltaLiteralsOf, replyWithDeltaLiterals } from '../../support/streamed-reply.js';

/** The long strings read by each test (one cache per thread in weft; a fresh one per test here). */
let longStrings = new LongStringCache();

/** Reads `doc` pushed in pieces of `size` bytes, each overwritten once pushed: a reader that kept one would read garbage. */
function streamed(doc: Buffer, size: number, literalFor: (path: JsonPath) => RepeatedLiteral<never> = () => new RepeatedLiteral([], true, () => '')): unknown {
  const reader = new StreamedJson('test.event', literalFor);
  for (let i = 0; i < doc.length; i += size) {
    const piece = Buffer.from(doc.subarray(i, i + size));
    reader.push(piece);
    piece.fill(0x7b);
  }
  return reader.end();
}

describe('StreamedJson', () => {
  const long = 'a "quoted" line\\ with é, ✓ and 😀\n\t'.repeat(Math.ceil((LONG_STRING * 1.5) / 30));
  const docs = [
    { type: 'response.output_item.done', item: { type: 'message', content: [{ type: 'output_text', text: long }] }, n: [1, 2.5, null, true] },
    [long, 'short', { k: long.slice(0, 100) }, `${long}x`],
    { [long]: 'a long key', after: { deep: [[long]] } },
    long,
    { backslashes: `${'\\'.repeat(LONG_STRING + 1)}"`, escapes: '\u0000\u001f\ud800 lone' },
  ];

  it('gives what JSON.parse gives, however the bytes are cut, keeping no piece', () => {
    for (const value of docs) {
      const doc = Buffer.from(JSON.stringify(value));
      for (const size of [3, 1000, 4096, 65_537, doc.length]) expect(streamed(doc, size), `cut every ${size}`).toEqual(value);
    }
    // Escapes JSON.stringify would not write, in a long literal.
    const odd = `{"t":"${'x\\/\\u00e9\\uD83D\\uDE00'.repeat(LONG_STRING / 8)}"}`;
    for (const size of [5, 4096]) expect(streamed(Buffer.from(odd), size)).toEqual(JSON.parse(odd));
  });

  it('two documents read at once, their pieces interleaved, each give their own value', () => {
    const a = { type: 'a', item: { id: 'short literal in A that spans pieces', text: long } };
    const b = { type: 'b', item: { id: 'another short literal, of B', text: `${long}b` } };
    const docs = [Buffer.from(JSON.stringify(a)), Buffer.from(JSON.stringify(b))];
    const readers = docs.map(() => new StreamedJson('test.event', () => new RepeatedLiteral<never>([], true, () => '')));
    const size = 7;
    for (let i = 0; i < Math.max(...docs.map((d) => d.length)); i += size) {
      docs.forEach((doc, n) => {
        if (i < doc.length) readers[n]?.push(Buffer.from(doc.subarray(i, i + size)));
      });
    }
    expect(readers.map((r) => r.end())).toEqual([a, b]);
  });

  it('hands each long literal to the reader chosen by where it stands', () => {
    const seen: JsonPath[] = [];
    const doc = Buffer.from(JSON.stringify({ a: [0, { b: long }], c: long }));
    const value = streamed(doc, 4096, (path) => {
      seen.push(path);
      return new RepeatedLiteral([], false, () => '');
    });
    expect(seen).toEqual([['a', 1, 'b'], ['c']]);
    expect(value).toEqual({ a: [0, { b: '' }], c: '' });
  });
});

describe('LargeEventReader', () => {
  it('reads an event shorter than LONG_STRING whole and a longer one as it arrives, with the same value', () => {
    for (const bytes of [1000, LONG_STRING - 100, LONG_STRING, LONG_STRING * 40]) {
      const value = { type: 'x', text: 'y'.repeat(bytes) };
      const doc = Buffer.from(JSON.stringify(value));
      let streamedReaders = 0;
      const reader = new LargeEventReader(() => {
        streamedReaders++;
        return new StreamedJson('x', () => new RepeatedLiteral([], true, () => ''));
      });
      for (let i = 0; i < doc.length; i += 16_384) reader.push(doc.subarray(i, i + 16_384));
      expect(reader.end()).toEqual(value);
      expect(streamedReaders).toBe(doc.length < LONG_STRING ? 0 : 1);
    }
  });
});

let fixed: FixedSseServer | undefined;
afterEach(async () => {
  await fixed?.close();
  fixed = undefined;
  longStrings.forget();
});

describe('a multi-megabyte streamed answer', () => {
  const line = 'streamed \u00e9 "text" \\ with\ttabs and 😀\n';
  const text = line.repeat(Math.ceil((LONG_STRING * 24) / line.length));

  async function answer(body: string) {
    fixed = await serveFixedSse(body);
    const { events, error } = await drain(streamResponse({ longStrings, provider: mockProvider(fixed.url), body: minimalBody(), env: mockEnv }));
    expect(error).toBeUndefined();
    const item = events.find((e) => e.type === 'item_done');
    const content = item?.type === 'item_done' && item.item.type === 'message' ? item.item.content[0] : undefined;
    const completed = events.find((e) => e.type === 'completed');
    return { text: content && 'text' in content ? content.text : '', completed, items: events.filter((e) => e.type === 'item_done').length };
  }

  it('holds the done event’s text, taken from the deltas, and the id and usage of the completed response', async () => {
    const got = await answer(replyWithDeltaLiterals(deltaLiteralsOf(text, 1000), text));
    expect(got.text).toBe(text);
    expect(got.items).toBe(1);
    expect(got.completed).toMatchObject({ type: 'completed', responseId: expect.any(String) as string });
    expect(got.completed?.type === 'completed' ? got.completed.usage : null).not.toBeNull();
    // The rollout may write the bytes that came, which are JSON.stringify's escaping of the text.
    expect(longStrings.stringifiedBytesOf(got.text)?.map((b) => Buffer.from(b).toString('utf8')).join('')).toBe(JSON.stringify(text).slice(1, -1));
  });

  it('holds the done event’s own text when the deltas say something else, anywhere', async () => {
    for (const at of [10, Math.floor(text.length / 2), text.length - 3]) {
      const other = `${text.slice(0, at)}X${text.slice(at + 1)}`;
      const got = await answer(replyWithDeltaLiterals(deltaLiteralsOf(text, 997), other));
      expect(got.text).toBe(other);
      expect(longStrings.stringifiedBytesOf(got.text)).toBeUndefined();
      await fixed?.close();
      fixed = undefined;
      longStrings.forget();
    }
  });
});
