// An event too large to hold (a 20 MB `response.output_item.done`) is handed to the caller's sink
// piece by piece while its chunks arrive: the pieces, put end to end, are its data exactly as the
// reader would have joined it, whatever the cuts between chunks and the line endings, and no piece
// waits for the end of its line or of its event.
import { describe, expect, it } from 'vitest';
import { SseParser, type SseDataSink, type SseEvent } from '../../../src/bytes/sse-events.js';

class Collected implements SseDataSink {
  readonly pieces: string[] = [];
  push(piece: Buffer): void {
    this.pieces.push(piece.toString('latin1'));
  }
  get text(): string {
    return Buffer.from(this.pieces.join(''), 'latin1').toString('utf8');
  }
}

function feed(text: string, size: number, sinks: Collected[]): SseEvent[] {
  const parser = new SseParser(
    (name) => name === 'skipped',
    (name) => {
      if (name === 'bytes') return true;
      if (name !== 'sunk') return false;
      const sink = new Collected();
      sinks.push(sink);
      return sink;
    },
  );
  const bytes = Buffer.from(text);
  const out: SseEvent[] = [];
  for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size), out);
  return out;
}

describe('SSE reader, events read by a sink', () => {
  const big = `{"t":"${'é✓ a long answer '.repeat(2_000)}"}`;

  it('gives the sink the data, as the reader joins it, for any cut and line ending', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = [`event: text`, `data: {"a":1}`, ``, `data: before`, `event: sunk`, `data: ${big}`, `: a comment`, `data:second line`, ``, `event: skipped`, `data: ${big}`, ``, `event: sunk`, `data`, ``, `event: text`, `data: {"b":2}`, ``, ``].join(eol);
      for (const size of [1, 3, 7, 4096, 65_536, 1 << 22]) {
        const sinks: Collected[] = [];
        const events = feed(text, size, sinks);
        expect(events.map((e) => ({ event: e.event, data: e.data, sunk: e.sink !== undefined })), `chunks of ${size}`).toEqual([
          { event: 'text', data: '{"a":1}', sunk: false },
          { event: 'sunk', data: '', sunk: true },
          { event: 'sunk', data: '', sunk: true },
          { event: 'text', data: '{"b":2}', sunk: false },
        ]);
        expect(sinks.map((s) => s.text)).toEqual([`before\n${big}\nsecond line`, '']);
        expect(events[1]?.sink).toBe(sinks[0]);
      }
    }
  });

  it('passes on the pieces of a long line before the line ends', () => {
    const sinks: Collected[] = [];
    const parser = new SseParser(undefined, () => {
      const sink = new Collected();
      sinks.push(sink);
      return sink;
    });
    const out: SseEvent[] = [];
    parser.push(Buffer.from('event: sunk\ndata: {"t":"'), out);
    parser.push(Buffer.from('x'.repeat(1000)), out);
    expect(sinks[0]?.text).toBe(`{"t":"${'x'.repeat(1000)}`);
    parser.push(Buffer.from('"}\n\n'), out);
    expect(sinks[0]?.text).toBe(`{"t":"${'x'.repeat(1000)}"}`);
    expect(out).toHaveLength(1);
  });
});
