import { describe, expect, it } from 'vitest';
import { BatchedLines } from '../../../src/app-server/batched-lines.js';

describe('app-server output batching', () => {
  it('writes the lines of one event-loop turn in one write, in order, and flushes what waits', async () => {
    const writes: string[] = [];
    const lines = new BatchedLines((text) => writes.push(text));
    lines.push('{"a":1}');
    lines.push('{"b":2}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    lines.push('{"c":3}');
    lines.flush();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.length).toBe(2);
  });
});
