// A long answer's text arrives twice: as `response.output_text.delta` events, then whole in
// `response.output_item.done`. When the done event's string literal is, byte for byte, the deltas'
// literals put end to end, weft takes its text from the deltas instead of decoding it again; in every
// other case it decodes it. Either way the item holds exactly what JSON.parse reads in the done event.
import { afterEach, describe, expect, it } from 'vitest';
import { DeltaRuns, topLevelStringMember, type DeltaRun } from '../../../src/bytes/delta-runs.js';
import { StreamedJson } from '../../../src/bytes/streamed-json.js';
import { RepeatedLiteral } from '../../../src/bytes/long-literal-readers.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { serveFixedSse, type FixedSseServer } from '../../../scripts/bench/fixed-sse-server.js';
import { drain, minimalBody, mockEnv, mockProvider } from '../../support/client-helpers.js';
import { replyWithDeltaLiterals } from '../../support/streamed-reply.js';

/** The long strings read by each test (one cache per thread in weft; a fresh one per test here). */
let longStrings = new LongStringCache();

const QUOTED_DELTA = Buffer.from('"delta"');

describe('topLevelStringMember', () => {
  const member = (doc: string): string | undefined => {
    const found = topLevelStringMember(Buffer.from(doc), QUOTED_DELTA);
    return found === undefined ? undefined : Buffer.from(found).toString('utf8');
  };

  it('finds the literal of the top-level member, past nested values and escaped quotes', () => {
    expect(member('{"type":"x","delta":"a\\"b\\\\","n":1}')).toBe('a\\"b\\\\');
    expect(member(' { "a" : { "b" : ["}", {"c": "]"}] } , "delta" : "outer" , "logprobs" : [ ] , "o" : "x" } ')).toBe('outer');
    expect(member('{"x":"\\"delta\\":\\"no\\"","delta":"yes"}')).toBe('yes');
    // The name inside a nested value or a string is not the top-level member.
    expect(member('{"a":{"delta":"inner"},"delta":"outer"}')).toBe('outer');
    expect(member('{"delta":"first \\"delta\\" then","n":{"delta":"x"}}')).toBe('first \\"delta\\" then');
    expect(member('{"delta":""}')).toBe('');
    expect(member('{"delta":"é✓"}')).toBe('é✓');
  });

  it('gives nothing when the member cannot be told for sure', () => {
    // A repeated key (JSON.parse keeps the last), a key spelled with an escape, no such member at
    // the top level, no string.
    expect(member('{"delta":"a","delta":"bb"}')).toBeUndefined();
    expect(member('{"delta":"a","n":1,"delta":"bb"}')).toBeUndefined();
    expect(member('{"d\\u0065lta":"a","delta":"b"}')).toBeUndefined();
    expect(member('{"other":"delta"}')).toBeUndefined();
    expect(member('{"a":{"delta":"inner"}}')).toBeUndefined();
    expect(member('{"delta":5}')).toBeUndefined();
    expect(member('["delta"]')).toBeUndefined();
  });
});

/** The document's bytes cut every `size` bytes. */
function cut(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

/** The done event read as it arrives, its long literals matched against `runs` (the text of the one it is). */
function readWithRuns(pieces: readonly Buffer[], runs: readonly DeltaRun[]): unknown {
  const reader = new StreamedJson('response.output_item.done', () => new RepeatedLiteral(runs, true, (r) => r.text));
  for (const piece of pieces) reader.push(piece);
  return reader.end();
}

describe('the done event read with the runs of deltas', () => {
  const text = 'a "quoted" line\n'.repeat(LONG_STRING / 8);
  const literal = Buffer.from(JSON.stringify(text).slice(1, -1));
  const doc = Buffer.from(JSON.stringify({ type: 'response.output_item.done', item: { type: 'message', content: [{ type: 'output_text', text }] } }));
  const run = (bytes: Uint8Array[], runText: string): DeltaRun => ({ text: runText, bytes, length: bytes.reduce((n, b) => n + b.length, 0) });

  it('takes the text of a run whose bytes are the literal, wherever the bytes were cut', () => {
    // The run says something else than the literal: seeing it proves the literal was not decoded.
    const marker = 'taken from the deltas';
    for (const size of [1000, 4096, 1 << 20]) {
      const read = readWithRuns(cut(doc, size), [run(cut(literal, 777), marker)]) as { item: { content: { text: string }[] } };
      expect(read.item.content[0]?.text, `cut every ${size}`).toBe(marker);
    }
    longStrings.forget();
  });

  it('decodes the literal when no run is exactly its bytes', () => {
    const shorter = literal.subarray(0, literal.length - 1);
    const changed = Buffer.from(literal);
    changed[100] = 0x41;
    for (const bytes of [shorter, changed, Buffer.concat([literal, Buffer.from('x')])]) {
      const read = readWithRuns(cut(doc, 4096), [run([bytes], 'wrong')]) as { item: { content: { text: string }[] } };
      expect(read.item.content[0]?.text).toBe(text);
    }
    longStrings.forget();
  });
});

let fixed: FixedSseServer | undefined;
afterEach(async () => {
  await fixed?.close();
  fixed = undefined;
  longStrings.forget();
});

async function answer(body: string | Buffer): Promise<{ deltas: string; text: string }> {
  fixed = await serveFixedSse(body);
  const { events, error } = await drain(streamResponse({ longStrings, provider: mockProvider(fixed.url), body: minimalBody(), env: mockEnv }));
  expect(error).toBeUndefined();
  const item = events.find((e) => e.type === 'item_done');
  const content = item?.type === 'item_done' && item.item.type === 'message' ? item.item.content[0] : undefined;
  const deltas = events.map((e) => (e.type === 'text_delta' ? e.delta : '')).join('');
  return { deltas, text: content && 'text' in content ? content.text : '' };
}

describe('a streamed answer', () => {
  const line = 'streamed \u00e9 "text" \\ with\ttabs\n';
  const text = line.repeat(Math.ceil((LONG_STRING * 2) / line.length));

  it('holds the done event’s text, taken from the deltas, and the rollout may reuse its bytes', async () => {
    const literal = JSON.stringify(text).slice(1, -1);
    const pieces: string[] = [];
    // Cut where an escape does not start: each delta is whole JSON string content.
    for (let at = 0; at < text.length; at += 997) pieces.push(JSON.stringify(text.slice(at, at + 997)).slice(1, -1));
    expect(pieces.join('')).toBe(literal);
    const got = await answer(replyWithDeltaLiterals(pieces, text));
    expect(got.text).toBe(text);
    expect(got.deltas).toBe(text);
    expect(longStrings.stringifiedBytesOf(got.text)?.map((b) => Buffer.from(b).toString('utf8')).join('')).toBe(literal);
  });

  it('deltas escaped otherwise than JSON.stringify escapes still give the text, but the rollout does not reuse their bytes', async () => {
    // `\/` and `\u00e9` are JSON, but not JSON.stringify's spelling of `/` and `é`.
    for (const odd of ['a\\/b', 'caf\\u00e9']) {
      const pieces = ['x'.repeat(LONG_STRING), odd, 'y'.repeat(100)];
      const long = JSON.parse(`"${pieces.join('')}"`) as string;
      // The done events spell the text as the deltas did.
      const got = await answer(replyWithDeltaLiterals(pieces, long).split(JSON.stringify(long).slice(1, -1)).join(pieces.join('')));
      expect(got.text).toBe(long);
      expect(longStrings.stringifiedBytesOf(got.text)).toBeUndefined();
      longStrings.forget();
    }
  });

  it('a surrogate pair cut between two deltas, as escapes, reads the same', async () => {
    const long = 'x'.repeat(LONG_STRING) + '\ud83d\ude00' + 'y'.repeat(100);
    const got = await answer(replyWithDeltaLiterals(['x'.repeat(LONG_STRING), '\\ud83d', '\\ude00', 'y'.repeat(100)], long));
    expect(got.text).toBe(long);
  });

  it('a character whose UTF-8 bytes are cut between two deltas is read from the done event, as JSON.parse reads it there', async () => {
    // Each delta alone is not valid UTF-8 (its text has a replacement character), the done event's is.
    const e9 = Buffer.from('é');
    const first = Buffer.concat([Buffer.from('{"type":"response.output_text.delta","item_id":"msg_mock0002","output_index":0,"content_index":0,"delta":"'), Buffer.from('a'.repeat(LONG_STRING)), e9.subarray(0, 1), Buffer.from('"}')]);
    const second = Buffer.concat([Buffer.from('{"type":"response.output_text.delta","item_id":"msg_mock0002","output_index":0,"content_index":0,"delta":"'), e9.subarray(1), Buffer.from('b"}')]);
    const long = `${'a'.repeat(LONG_STRING)}éb`;
    const body = replyWithDeltaLiterals(['DELTAS'], long).split('\n\n');
    const at = body.findIndex((b) => b.includes('"delta":"DELTAS"'));
    const blocks = body.map((b) => Buffer.from(b));
    blocks.splice(at, 1, Buffer.concat([Buffer.from('event: response.output_text.delta\ndata: '), first]), Buffer.concat([Buffer.from('event: response.output_text.delta\ndata: '), second]));
    const got = await answer(Buffer.concat(blocks.flatMap((b, i) => (i < blocks.length - 1 ? [b, Buffer.from('\n\n')] : [b]))));
    expect(got.deltas).not.toBe(long);
    expect(got.text).toBe(long);
  });

  it('deltas that do not add up to the done event’s text leave it as the done event says', async () => {
    const other = text.replace('streamed', 'STREAMED');
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += 1000) pieces.push(JSON.stringify(text.slice(at, at + 1000)).slice(1, -1));
    const got = await answer(replyWithDeltaLiterals(pieces, other));
    expect(got.deltas).toBe(text);
    expect(got.text).toBe(other);
  });
});

describe('DeltaRuns', () => {
  it('offers only the long runs whose every literal was told and valid UTF-8', () => {
    const runs = new DeltaRuns();
    const big = Buffer.alloc(LONG_STRING, 0x61);
    runs.add('a', 'x', big);
    runs.add('b', 'y', big);
    runs.add('b', 'z', undefined);
    runs.add('c', 'w', Buffer.from([0x61, 0xc3]));
    runs.add('c', 'v', big);
    runs.add('d', 'short', Buffer.from('short'));
    expect(runs.longRuns(LONG_STRING).map((r) => r.text)).toEqual(['x']);
  });
});
