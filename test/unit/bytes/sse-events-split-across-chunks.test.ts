import { describe, expect, it } from 'vitest';
import { sseEvents } from '../../../src/bytes/sse-events.js';

async function collect(chunks: string[]) {
  const encoder = new TextEncoder();
  async function* body() {
    for (const c of chunks) yield encoder.encode(c);
  }
  const out = [];
  for await (const e of sseEvents(body())) out.push(e);
  return out;
}

describe('SSE reader', () => {
  it('reads events split anywhere across chunks, CRLF included, and skips comments', async () => {
    const text = ': keep-alive\r\nevent: message_start\r\ndata: {"a":1}\r\n\r\nevent: ping\ndata: {}\n\n';
    const whole = await collect([text]);
    expect(whole).toEqual([
      { event: 'message_start', data: '{"a":1}' },
      { event: 'ping', data: '{}' },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
  });

  it('joins multi-line data and drops a last block cut before its blank line', async () => {
    expect(await collect(['data: a\ndata: b\n\ndata: {"cut":'])).toEqual([{ event: undefined, data: 'a\nb' }]);
  });

  it('keeps UTF-8 characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: é✓\n\n');
    async function* body() {
      yield bytes.slice(0, 7);
      yield bytes.slice(7);
    }
    const out = [];
    for await (const e of sseEvents(body())) out.push(e);
    expect(out).toEqual([{ event: undefined, data: 'é✓' }]);
  });
});
