// An event carrying a long string (`response.output_item.done` with a 20 MB answer) is read from the
// pieces it arrived in, its long strings decoded a slice at a time: the result is JSON.parse's, the
// same documents are refused, and the rollout writes the bytes as they came only when they are exactly
// JSON.stringify's escaping of the text.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_LITERAL, parseJsonWithLongStrings } from '../../../src/bytes/long-string-json.js';
import { parseJsonWithout } from '../../../src/bytes/parse-json-without.js';
import { LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';

/** The long strings read by each test (one cache per thread in weft; a fresh one per test here). */
let longStrings = new LongStringCache();

/** `text` (JSON string content, already escaped) repeated past the long-literal size. */
const longContent = (unit: string): string => unit.repeat(Math.ceil((LONG_LITERAL * 2.5) / unit.length));

/** Units whose escapes and multi-byte characters fall on every slice boundary as they repeat. */
const UNITS = [
  'plain words and a newline\\n then \\"quotes\\" \\"escaped\\" ',
  'é漢😀 mixed \\u00e9 \\u0041 \\ud83d\\ude00 \\/ \\\\ \\b\\f\\r\\t \\u001f end',
  'x\\\\',
  '\\u2028\\uFFFF€',
];

function pieces(doc: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < doc.length; i += size) out.push(doc.subarray(i, i + size));
  return out;
}

const SIZES = [997, 4096, 65536, 1 << 24];

let dir: string | undefined;
afterEach(async () => {
  longStrings.forget();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('an event with long strings, read a slice at a time', () => {
  it('gives what JSON.parse gives, wherever the pieces and slices are cut', () => {
    for (const unit of UNITS) {
      // Shifted by one to three bytes, the slice ends meet each escape and each character's bytes.
      for (const shift of ['', 'a', 'ab', 'abc']) {
        const content = shift + longContent(unit);
        const text = `{"type":"response.output_item.done","item":{"type":"message","content":[{"type":"output_text","text":"${content}"}],"other":"${content}x"},"n":[1,2.5,null,true]}`;
        const doc = Buffer.from(text);
        for (const size of SIZES) expect(parseJsonWithLongStrings(pieces(doc, size), [], longStrings), `${unit} +${shift.length}, ${size}`).toEqual(JSON.parse(text));
      }
    }
  });

  it('reads a long key, and documents with no long string, as JSON.parse does', () => {
    const key = 'k'.repeat(LONG_LITERAL + 3);
    for (const text of [`{"${key}":1,"b":"${'v'.repeat(LONG_LITERAL)}"}`, '{"short":"x"}', '[]', '"s"']) {
      expect(parseJsonWithLongStrings(pieces(Buffer.from(text), 1000), [], longStrings)).toEqual(JSON.parse(text));
    }
  });

  it('refuses what JSON.parse refuses, with a SyntaxError', () => {
    const long = longContent('abc ');
    const bad = [
      `{"text":"${long}\u0001${long}"}`, // a raw control character
      `{"text":"${long}\\x${long}"}`, // an escape JSON does not have
      `{"text":"${long}\\u12G4"}`,
      `{"text":"${long}`, // no end
      `{"text":"${long}" "more":1}`, // structure around it
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      for (const size of [4096, 1 << 24]) expect(() => parseJsonWithLongStrings(pieces(Buffer.from(text), size), [], longStrings)).toThrow(SyntaxError);
    }
  });

  it('keeps the bytes of a long string for the rollout only when they are JSON.stringify’s escaping of it', () => {
    const stringified = longContent('a \\"quoted\\" line\\n\\t\\u0001 é漢😀 ');
    const other = longContent('solidus \\/ and \\u00e9 ');
    const item = parseJsonWithLongStrings(pieces(Buffer.from(`{"a":"${stringified}","b":"${other}"}`), 4096), [], longStrings) as { a: string; b: string };
    const bytes = longStrings.stringifiedBytesOf(item.a);
    expect(bytes && Buffer.concat(bytes).toString('utf8')).toBe(JSON.stringify(item.a).slice(1, -1));
    expect(longStrings.stringifiedBytesOf(item.b)).toBeUndefined();
    // Invalid UTF-8 reads as U+FFFD, which JSON.stringify writes as its own bytes.
    const broken = Buffer.concat([Buffer.from('{"c":"'), Buffer.alloc(LONG_LITERAL, 0x61), Buffer.from([0xff, 0x62]), Buffer.from('"}')]);
    const c = (parseJsonWithLongStrings(pieces(broken, 4096), [], longStrings) as { c: string }).c;
    expect(c).toBe(JSON.parse(broken.toString('utf8')).c);
    expect(longStrings.stringifiedBytesOf(c)).toBeUndefined();
  });

  it('is written to the rollout as JSON.stringify writes it, from the bytes or escaped again', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'weft-long-read-'));
    const file = path.join(dir, 'rollout.jsonl');
    const meta = { timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta' as const, payload: { id: 't' } };
    const writer = await RolloutWriter.create(file, meta, { longStrings });
    const read = parseJsonWithLongStrings(
      pieces(Buffer.from(`{"a":"${longContent('line\\n \\"q\\" é😀 ')}","b":"${longContent('\\/ \\u00e9 \\ud83d\\ude00 ')}"}`), 4096),
      [],
      longStrings,
    ) as { a: string; b: string };
    const lines = [
      { timestamp: '2026-01-01T00:00:01.000Z', type: 'event_msg' as const, payload: { type: 'agent_message', message: read.a } },
      { timestamp: '2026-01-01T00:00:02.000Z', type: 'event_msg' as const, payload: { type: 'agent_message', message: read.b } },
      { timestamp: '2026-01-01T00:00:03.000Z', type: 'event_msg' as const, payload: { type: 'task_complete', last_agent_message: read.a } },
    ];
    await writer.append(lines);
    await writer.close();
    const expected = [meta, ...lines].map((l) => `${JSON.stringify(l)}\n`).join('');
    expect((await readFile(file)).equals(Buffer.from(expected))).toBe(true);
    // Flushing ends the turn: the bytes are let go.
    expect(longStrings.known()).toEqual([]);
  });

  it('lets `response.completed` pass over a repeat of the answer by its bytes, and still refuses a broken one', () => {
    const content = longContent('repeat \\"me\\"\\n ');
    const item = `{"type":"message","content":[{"type":"output_text","text":"${content}"}]}`;
    parseJsonWithLongStrings(pieces(Buffer.from(`{"item":${item}}`), 4096), [], longStrings);
    expect(longStrings.known()).toHaveLength(1);
    const completed = `{"type":"response.completed","response":{"id":"r","output":[${item}],"usage":{"input_tokens":1}}}`;
    for (const size of [1000, 4096, 1 << 24]) {
      expect(parseJsonWithout(pieces(Buffer.from(completed), size), ['response', 'output'], longStrings.known())).toEqual({
        type: 'response.completed',
        response: { id: 'r', usage: { input_tokens: 1 } },
      });
    }
    // The same bytes and then more, or a control character where the answer has a space: scanned, and refused.
    for (const bad of [`${content}\u0001`, `${content.slice(0, -1)}\u0001`]) {
      const text = `{"type":"response.completed","response":{"id":"r","output":[{"text":"${bad}"}]}}`;
      expect(() => parseJsonWithout(pieces(Buffer.from(text), 4096), ['response', 'output'], longStrings.known())).toThrow(SyntaxError);
    }
  });
});
