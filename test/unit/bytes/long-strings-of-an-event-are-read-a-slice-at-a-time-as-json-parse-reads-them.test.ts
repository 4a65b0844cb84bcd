// An event carrying a long string (`response.output_item.done` with a 20 MB answer) is read as the
// pieces it arrives in (streamed-json.ts), its long strings decoded a slice at a time: the result is
// JSON.parse's, the same documents are refused, and the rollout writes the bytes that came (a run of
// deltas, delta-runs.ts) only when they are exactly JSON.stringify's escaping of the text.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamedJson, type JsonPath } from '../../../src/bytes/streamed-json.js';
import { RepeatedLiteral, type HeldBytes } from '../../../src/bytes/long-literal-readers.js';
import { DeltaRuns } from '../../../src/bytes/delta-runs.js';
import { LONG_STRING, LongStringCache } from '../../../src/bytes/long-string-cache.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';

/** The long strings read by each test (one cache per thread in weft; a fresh one per test here). */
let longStrings = new LongStringCache();

/** `text` (JSON string content, already escaped) repeated past the long-literal size. */
const longContent = (unit: string): string => unit.repeat(Math.ceil((LONG_STRING * 2.5) / unit.length));

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

/** The document read as it arrives in `pieces`; long literals under a path `within` are matched against `held` and only checked. */
function readStreamed(pieces: readonly Buffer[], held: readonly HeldBytes[] = [], within?: JsonPath): unknown {
  const inside = (path: JsonPath): boolean => within !== undefined && within.every((key, i) => path[i] === key);
  const reader = new StreamedJson('test.event', (path) => (inside(path) ? new RepeatedLiteral(held, false, () => '') : new RepeatedLiteral([], true, () => '')));
  for (const piece of pieces) reader.push(piece);
  return reader.end();
}

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
        for (const size of SIZES) expect(readStreamed(pieces(doc, size)), `${unit} +${shift.length}, ${size}`).toEqual(JSON.parse(text));
      }
    }
  });

  it('reads a long key, and documents with no long string, as JSON.parse does', () => {
    const key = 'k'.repeat(LONG_STRING + 3);
    for (const text of [`{"${key}":1,"b":"${'v'.repeat(LONG_STRING)}"}`, '{"short":"x"}', '[]', '"s"']) {
      expect(readStreamed(pieces(Buffer.from(text), 1000))).toEqual(JSON.parse(text));
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
      for (const size of [4096, 1 << 24]) expect(() => readStreamed(pieces(Buffer.from(text), size))).toThrow(SyntaxError);
    }
  });

  it('keeps the bytes of a run of deltas for the rollout only when they are JSON.stringify’s escaping of its text', () => {
    for (const [unit, stringified] of [
      ['a \\"quoted\\" line\\n\\t\\u0001 é漢😀 ', true],
      ['solidus \\/ and \\u00e9 ', false],
    ] as const) {
      // Each delta's literal is a few whole units: its escapes end inside it.
      const content = longContent(unit);
      const runs = new DeltaRuns();
      for (let at = 0; at < content.length; at += unit.length * 7) {
        const literal = content.slice(at, at + unit.length * 7);
        runs.add('part', JSON.parse(`"${literal}"`) as string, Buffer.from(literal));
      }
      const [run] = runs.longRuns(LONG_STRING);
      expect(run?.text).toBe(JSON.parse(`"${content}"`));
      expect(run?.asStringified, unit).toBe(stringified);
    }
    // Bytes that are not UTF-8 on their own cannot be told: the run is never offered.
    const broken = new DeltaRuns();
    broken.add('part', 'a'.repeat(LONG_STRING), Buffer.alloc(LONG_STRING, 0x61));
    broken.add('part', '\ufffd', Buffer.from([0xff]));
    expect(broken.longRuns(LONG_STRING)).toEqual([]);
  });

  it('is written to the rollout as JSON.stringify writes it, from the bytes or escaped again', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'weft-long-read-'));
    const file = path.join(dir, 'rollout.jsonl');
    const meta = { timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta' as const, payload: { id: 't' } };
    const writer = await RolloutWriter.create(file, meta, { longStrings });
    const a = longContent('line\\n \\"q\\" é😀 ');
    const b = longContent('\\/ \\u00e9 \\ud83d\\ude00 ');
    const read = readStreamed(pieces(Buffer.from(`{"a":"${a}","b":"${b}"}`), 4096)) as { a: string; b: string };
    // The bytes of both as they came: `a`'s are JSON.stringify's, `b`'s are not (so `b` is escaped again).
    longStrings.remember({ value: read.a, bytes: pieces(Buffer.from(a), 1000), length: Buffer.byteLength(a), asStringified: true });
    longStrings.remember({ value: read.b, bytes: [Buffer.from(b)], length: Buffer.byteLength(b), asStringified: false });
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
    const held = [{ bytes: pieces(Buffer.from(content), 777), length: Buffer.byteLength(content) }];
    const item = `{"type":"message","content":[{"type":"output_text","text":"${content}"}]}`;
    const completed = `{"type":"response.completed","response":{"id":"r","output":[${item}],"usage":{"input_tokens":1}}}`;
    for (const size of [1000, 4096, 1 << 24]) {
      // Checked, not decoded: the left-out text reads as ''.
      expect(readStreamed(pieces(Buffer.from(completed), size), held, ['response', 'output'])).toEqual({
        type: 'response.completed',
        response: { id: 'r', output: [{ type: 'message', content: [{ type: 'output_text', text: '' }] }], usage: { input_tokens: 1 } },
      });
    }
    // The same bytes and then more, or a control character where the answer has a space: scanned, and refused.
    for (const bad of [`${content}\u0001`, `${content.slice(0, -1)}\u0001`]) {
      const text = `{"type":"response.completed","response":{"id":"r","output":[{"text":"${bad}"}]}}`;
      expect(() => readStreamed(pieces(Buffer.from(text), 4096), held, ['response', 'output'])).toThrow(SyntaxError);
    }
  });
});
