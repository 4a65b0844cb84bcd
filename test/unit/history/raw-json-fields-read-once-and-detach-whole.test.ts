import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawJsonOf, withRawJson } from '../../../src/history/raw-json.js';

afterEach(() => vi.restoreAllMocks());

const value = () => ({ a: 'a'.repeat(600), b: 'b'.repeat(700), c: 1 });
const backed = () => {
  const v = value();
  return withRawJson(JSON.parse(JSON.stringify(v)) as ReturnType<typeof value>, Buffer.from(JSON.stringify(v)), ['a', 'b']);
};

describe('a value backed by its JSON bytes', () => {
  it('reads a long field from the bytes once, then keeps it', () => {
    const item = backed();
    const parse = vi.spyOn(JSON, 'parse');
    expect(item.a).toBe('a'.repeat(600));
    expect(item.a).toBe('a'.repeat(600));
    expect(parse).toHaveBeenCalledTimes(1);
    expect(rawJsonOf(item)).toBeDefined();
  });

  it('when one field is assigned, keeps every other field and forgets the bytes', () => {
    const item = backed();
    item.a = 'short';
    expect(rawJsonOf(item)).toBeUndefined();
    expect(item).toEqual({ a: 'short', b: 'b'.repeat(700), c: 1 });
    expect(Object.keys(item)).toEqual(['a', 'b', 'c']);
  });
});
