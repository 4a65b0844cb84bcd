import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../../src/bytes/sse-events.js';

function feed(parser: SseParser, text: string, chunkBytes: number): SseEvent[] {
  const bytes = Buffer.from(text);
  const out: SseEvent[] = [];
  for (let i = 0; i < bytes.length; i += chunkBytes) parser.push(bytes.subarray(i, i + chunkBytes), out);
  parser.end();
  return out;
}

describe('SSE reader', () => {
  it('passes over the events the caller names, whatever their size, and keeps the others', () => {
    const big = 'x'.repeat(100_000);
    const text =
      `event: keep\ndata: {"a":1}\n\n` +
      `event: skip\ndata: {"text":"${big}"}\n\n` +
      `data: {"first":true}\nevent: skip\n\n` +
      `event: keep\ndata: {"b":2}\n\n`;
    const asked: string[] = [];
    const parser = new SseParser((name) => {
      asked.push(name);
      return name === 'skip';
    });
    expect(feed(parser, text, 4096)).toEqual([
      { event: 'keep', data: '{"a":1}' },
      { event: 'keep', data: '{"b":2}' },
    ]);
    expect(asked).toEqual(['keep', 'skip', 'skip', 'keep']);
  });

  it('reads an event longer than many chunks whole, with multi-byte characters cut between chunks', () => {
    const text = 'é✓'.repeat(50_000);
    for (const size of [1, 7, 4096]) {
      const events = feed(new SseParser(), `event: long\ndata: ${text}\n\n`, size === 1 ? 3 : size);
      expect(events).toEqual([{ event: 'long', data: text }]);
    }
  });

  it('takes `data` without a colon as an empty value and ignores unknown fields', () => {
    expect(feed(new SseParser(), 'id: 7\nretry: 10\ndata\ndata: x\n\n', 5)).toEqual([{ event: undefined, data: '\nx' }]);
  });
});

describe('SSE reader, events read from their bytes', () => {
  it('hands over the data of the events the caller names as the bytes that arrived, never decoded', () => {
    const big = 'é✓'.repeat(30_000);
    const text = `event: text\ndata: {"a":1}\n\ndata: before\nevent: bytes\ndata: {"t":"${big}"}\n\n:comment\nevent: bytes\ndata\n\nevent: text\ndata: {"b":2}\n\n`;
    for (const size of [1, 3, 7, 4096, 1 << 20]) {
      const events = feed(new SseParser(undefined, (name) => name === 'bytes'), text, size);
      const shown = events.map((e) => (e.bytes ? { event: e.event, data: e.data, joined: Buffer.concat(e.bytes).toString('utf8') } : e));
      expect(shown, `chunks of ${size}`).toEqual([
        { event: 'text', data: '{"a":1}' },
        { event: 'bytes', data: '', joined: `before\n{"t":"${big}"}` },
        { event: 'bytes', data: '', joined: '' },
        { event: 'text', data: '{"b":2}' },
      ]);
    }
  });
});
