// A schema built the first time something uses it. Building a zod schema costs tens of microseconds
// and a few kilobytes per node, and weft's protocol/ holds well over a thousand nodes: built at import,
// they were a fifth of a one-shot `weft exec`, most of them for things that run never touched
// (reading rollouts, tools not called, events not sent). Wrapped, an export costs nothing until read.
//
// The proxy forwards every operation to the built schema: `parse`, `shape`, `extend`, `instanceof`
// (zod answers it from `_zod`), and use inside other schemas, which build it when they first parse.
// It is not the built object itself: what tells schemas apart by identity (`z.toJSONSchema`, zod's
// registries) sees two. The app-server's shapes, which are exported as JSON Schema, are not wrapped.
import type { z } from 'zod';

export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    // The receiver is the built schema: zod binds methods and caches derived values on it.
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a non-configurable property its own (empty) target lacks.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
