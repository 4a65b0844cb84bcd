// The stdio framing: lines cut on "\n" whatever the chunking (UTF-8 split across chunks intact),
// "\r\n" accepted, an over-long line dropped without being buffered and reported once.
import { expect, test } from 'vitest';
import { LineSplitter, type LineEvent } from '../../../src/app-server/jsonl-lines.js';

function split(chunks: Array<string | Buffer>, max = 1024): LineEvent[] {
  const out: LineEvent[] = [];
  const s = new LineSplitter((e) => out.push(e), max);
  for (const c of chunks) s.push(c);
  s.end();
  return out;
}

test('lines are cut on newline whatever the chunking, multi-byte characters split across chunks stay whole', () => {
  const bytes = Buffer.from('{"a":"é€"}\n{"b":1}\r\nlast', 'utf8');
  const chunks = [...bytes].map((b) => Buffer.from([b]));
  expect(split(chunks)).toEqual([
    { kind: 'line', text: '{"a":"é€"}' },
    { kind: 'line', text: '{"b":1}' },
    { kind: 'line', text: 'last' },
  ]);
});

test('an over-long line is reported once with its size and the next line is read normally', () => {
  const long = 'x'.repeat(5000);
  expect(split([long.slice(0, 2000), long.slice(2000), '\nok\n'], 1024)).toEqual([
    { kind: 'too-long', bytes: 5000 },
    { kind: 'line', text: 'ok' },
  ]);
});
