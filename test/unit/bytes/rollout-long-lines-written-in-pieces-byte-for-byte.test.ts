// A rollout line carrying a long string is written in pieces, the string escaped a slice at a time into
// reused buffers; the bytes on disk are still exactly JSON.stringify's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { joinPieces, jsonPieces } from '../../../src/bytes/json-pieces.js';
import { LONG_STRING } from '../../../src/bytes/long-string-cache.js';
import { RolloutWriter, formatRolloutLine } from '../../../src/rollout/format/writer.js';

/** A long text whose slices end in every awkward place: surrogate pairs, escapes, controls, lone halves. */
function awkwardText(chars: number): string {
  const unit = 'ab"c\\d\n\te\u0001é漢😀\u2028\ud800x\udc00y😀';
  let text = '';
  while (text.length < chars) text += unit;
  return text;
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('long rollout lines', () => {
  it('pieces join into JSON.stringify’s text, for long strings anywhere in a payload', () => {
    const long = awkwardText(LONG_STRING * 3 + 5);
    const at = new Date('2026-01-01T00:00:00Z');
    const payloads: unknown[] = [
      long,
      { type: 'agent_message', message: long },
      { a: undefined, f: () => 1, s: Symbol('s'), list: [long, undefined, () => 1, 1, 'x'], at, n: null, deep: { x: [{ y: long }] } },
      { 2: 'numeric keys first', b: long, 1: 'one' },
      { short: 'no long string', list: [1, 2, { a: 'b' }] },
    ];
    for (const payload of payloads) {
      // Shifted by one character, the slices end on the other half of each pair.
      for (const shift of ['', 'x']) {
        const shifted = typeof payload === 'string' ? shift + payload : { shift, payload };
        expect(joinPieces(jsonPieces(shifted))).toBe(JSON.stringify(shifted));
      }
    }
    expect(jsonPieces({ short: 'x' })).toEqual([JSON.stringify({ short: 'x' })]);
  });

  it('a line with a long message is on disk byte for byte as one JSON.stringify of it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'weft-long-line-'));
    const file = path.join(dir, 'rollout.jsonl');
    const meta = { timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta' as const, payload: { id: 't' } };
    const writer = await RolloutWriter.create(file, meta);
    const message = awkwardText(3 * 1024 * 1024);
    const line = { timestamp: '2026-01-01T00:00:01.000Z', type: 'event_msg' as const, payload: { type: 'agent_message', message } };
    const small = { timestamp: '2026-01-01T00:00:02.000Z', type: 'event_msg' as const, payload: { type: 'x' } };
    // The same text again (escaped once, then reused), then another long text.
    const again = { timestamp: '2026-01-01T00:00:03.000Z', type: 'event_msg' as const, payload: { type: 'task_complete', last_agent_message: message } };
    const other = { timestamp: '2026-01-01T00:00:04.000Z', type: 'event_msg' as const, payload: { type: 'agent_message', message: `${message}!` } };
    await writer.append([line, small]);
    await writer.append(again);
    await writer.append(other);
    await writer.close();
    const expected = [meta, line, small, again, other].map((l) => `{"timestamp":"${l.timestamp}","type":"${l.type}","payload":${JSON.stringify(l.payload)}}\n`).join('');
    const written = await readFile(file);
    expect(written.equals(Buffer.from(expected))).toBe(true);
    expect(formatRolloutLine(line)).toBe(expected.split('\n')[1]);
  });
});
