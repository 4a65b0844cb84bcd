import { describe, expect, it } from 'vitest';
import { itemLineSkeleton } from '../../../src/bytes/item-line-skeleton.js';

const long = 'x'.repeat(2000);
const line = (payload: string, before = '', after = '') =>
  Buffer.from(`{"timestamp":"2026-01-01T00:00:00.000Z"${before},"type":"response_item","payload":${payload}${after}}`);

describe('the response_item line skeleton', () => {
  it('cuts long top-level string fields of the payload and keeps everything else', () => {
    const payload = JSON.stringify({ type: 'function_call', name: 'f', arguments: long, call_id: 'c' });
    const sk = itemLineSkeleton(line(payload));
    expect(sk?.cutKeys).toEqual(['arguments']);
    expect(JSON.parse(sk?.text ?? '')).toEqual({ timestamp: '2026-01-01T00:00:00.000Z', type: 'response_item', payload: { type: 'function_call', name: 'f', arguments: '', call_id: 'c' } });
    expect(sk && line(payload).toString('utf8', sk.payloadStart, sk.payloadEnd)).toBe(payload);
  });

  it('leaves long strings nested in parts alone (they are parsed)', () => {
    const sk = itemLineSkeleton(line(JSON.stringify({ type: 'message', role: 'user', content: [{ type: 'input_text', text: long }] })));
    expect(sk?.cutKeys).toEqual([]);
    expect(JSON.parse(sk?.text ?? '').payload.content[0].text).toBe(long);
  });

  it('gives up on what it cannot prove: spaces, escaped keys, other line types, torn lines, short lines', () => {
    const payload = JSON.stringify({ type: 'function_call_output', call_id: 'c', output: long });
    expect(itemLineSkeleton(line(payload))).toBeDefined();
    expect(itemLineSkeleton(Buffer.from(`{"timestamp": "t","type":"response_item","payload":${payload}}`))).toBeUndefined();
    expect(itemLineSkeleton(line(payload.replace('"call_id"', '"call\\u005fid"')))).toBeUndefined();
    expect(itemLineSkeleton(Buffer.from(`{"timestamp":"t","type":"event_msg","payload":${payload}}`))).toBeUndefined();
    expect(itemLineSkeleton(line(payload).subarray(0, 1500))).toBeUndefined();
    expect(itemLineSkeleton(line(payload.slice(0, -2)))).toBeUndefined();
  });

  it('finds the payload of a line with nothing long to cut, which is then parsed whole', () => {
    const payload = JSON.stringify({ type: 'function_call_output', call_id: 'c', output: 'short' });
    const sk = itemLineSkeleton(line(payload));
    expect(sk?.cutKeys).toEqual([]);
    expect(sk?.text).toBe(line(payload).toString());
    expect(sk && line(payload).toString('utf8', sk.payloadStart, sk.payloadEnd)).toBe(payload);
  });

  it('finds the end of a string whose content ends in escaped backslashes and quotes', () => {
    const tricky = `${long}\\"\\\\`;
    const payload = JSON.stringify({ type: 'function_call_output', call_id: 'c', output: tricky });
    const bytes = line(payload, ',"ordinal":12', ',"metadata":{"a":"}"}');
    const sk = itemLineSkeleton(bytes);
    expect(sk && bytes.toString('utf8', sk.payloadStart, sk.payloadEnd)).toBe(payload);
    expect(JSON.parse(sk?.text ?? '').metadata).toEqual({ a: '}' });
  });
});
