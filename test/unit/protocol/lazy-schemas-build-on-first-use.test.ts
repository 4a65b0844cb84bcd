// protocol/lazy-schema.ts: a schema wrapped in lazySchema is built the first time something reads it,
// and from then on behaves as the schema itself: parsing, its shape, instanceof, use inside other
// schemas, derived schemas. A start that never reads a schema never pays for building it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../../protocol/lazy-schema.js';

describe('lazySchema', () => {
  it('builds nothing until the schema is read, and builds once', () => {
    let builds = 0;
    const Point = lazySchema(() => {
      builds++;
      return z.object({ x: z.number(), y: z.number() });
    });
    expect(builds).toBe(0);
    expect(Point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Point.safeParse({ x: 'a' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the schema: shape, instanceof, extend, optional and use inside other schemas', () => {
    const Point = lazySchema(() => z.object({ x: z.number(), y: z.number() }));
    const Labelled = lazySchema(() => Point.extend({ label: z.string() }));
    const Line = z.object({ from: Point, to: Point.optional() });
    expect(Point instanceof z.ZodObject).toBe(true);
    expect(Object.keys(Point.shape)).toEqual(['x', 'y']);
    expect(Labelled.parse({ x: 0, y: 0, label: 'o' })).toEqual({ x: 0, y: 0, label: 'o' });
    expect(Line.parse({ from: { x: 1, y: 1 } })).toEqual({ from: { x: 1, y: 1 } });
    const bad = Line.safeParse({ from: { x: 1, y: 'no' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['from', 'y']);
  });

  it('a union of lazy options discriminates as it would eagerly', () => {
    const A = lazySchema(() => z.object({ type: z.literal('a'), n: z.number() }));
    const B = lazySchema(() => z.object({ type: z.literal('b'), s: z.string() }));
    const AB = lazySchema(() => z.discriminatedUnion('type', [A, B]));
    expect(AB.parse({ type: 'b', s: 'x' })).toEqual({ type: 'b', s: 'x' });
    expect(AB.safeParse({ type: 'a', n: 'x' }).success).toBe(false);
  });
});
