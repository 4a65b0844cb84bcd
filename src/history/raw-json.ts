// Items read back from a rollout are already wire JSON. weft keeps where each such item's bytes are
// beside it, so that a request can forward them as they are instead of parsing and re-serializing
// them, and so that the item's large string fields (tool outputs, encrypted reasoning, arguments)
// need not be in memory at all: they are read back from those bytes when somebody asks for them.
// The bytes are either a buffer or a range of a file that only grows (a rollout), read on demand.
//
// Contract: an object registered here is never mutated in place (history items are plain,
// immutable data throughout weft). A changed item is a new object, which has no bytes and is
// serialized normally. Assigning to a lazy field turns it back into a plain field and drops the bytes;
// reading one keeps the value it read (the bytes stay: they still say the same).

/** Where bytes that are not in memory are read from: an append-only file, by offset. */
export interface ByteSource {
  /** Exactly `length` bytes at `offset`; throws when they are no longer there. */
  read(offset: number, length: number): Buffer;
  /** Fills `buf` with the bytes from `offset` on, as many as there are; returns how many. */
  fill(buf: Buffer, offset: number): number;
}

/** Bytes kept in a source rather than in memory. */
export interface ByteRange {
  readonly source: ByteSource;
  readonly offset: number;
  readonly length: number;
}

/** An item's JSON text: in memory, or a range of a source. */
export type RawJson = Buffer | ByteRange;

const rawBytes = new WeakMap<object, RawJson>();
/** Lazy fields already read, per object. */
const readValues = new WeakMap<object, Map<string, unknown>>();

/** Where the exact JSON text of `value` is, when it was read from storage and never changed since. */
export function rawJsonOf(value: object): RawJson | undefined {
  return rawBytes.get(value);
}

/** The bytes of `raw`, read from its source when they are not in memory. */
export function rawJsonBytes(raw: RawJson): Buffer {
  return Buffer.isBuffer(raw) ? raw : raw.source.read(raw.offset, raw.length);
}

function readField(raw: RawJson, key: string): unknown {
  // Validated when it was read: the bytes are one JSON object.
  return (JSON.parse(rawJsonBytes(raw).toString('utf8')) as Record<string, unknown>)[key];
}

// One accessor per field name, shared by every item: the item's bytes are found through `this`.
const lazyFields = new Map<string, PropertyDescriptor>();

function lazyField(key: string): PropertyDescriptor {
  let descriptor = lazyFields.get(key);
  if (!descriptor) {
    descriptor = {
      enumerable: true,
      configurable: true,
      // Read once, then kept: a field somebody reads (a Chat or Anthropic rendering reads every item on
      // every request) is not parsed again; fields nobody reads stay in the bytes only.
      get(this: object) {
        let read = readValues.get(this);
        if (read?.has(key)) return read.get(key);
        const bytes = rawBytes.get(this);
        const value = bytes ? readField(bytes, key) : undefined;
        if (!read) readValues.set(this, (read = new Map()));
        read.set(key, value);
        return value;
      },
      set(this: object, next: unknown) {
        detach(this);
        Object.defineProperty(this, key, { value: next, enumerable: true, configurable: true, writable: true });
      },
    };
    lazyFields.set(key, descriptor);
  }
  return descriptor;
}

/** Whether `obj`'s own field `key` is one of the accessors reading it from its bytes. */
function isLazy(obj: object, key: string): boolean {
  const get = Object.getOwnPropertyDescriptor(obj, key)?.get;
  return get !== undefined && lazyFields.get(key)?.get === get;
}

/**
 * `value` as it was parsed before its long fields were left in its bytes: those fields hold "" (the
 * skeleton a cache can store beside the bytes' place), with `cut` naming them. Nothing is read.
 */
export function skeletonOf(value: object): { skeleton: Record<string, unknown>; cut: string[] } {
  // No prototype: a `__proto__` key is then an own field like any other.
  const skeleton = Object.create(null) as Record<string, unknown>;
  const cut: string[] = [];
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (isLazy(value, key)) {
      cut.push(key);
      skeleton[key] = '';
    } else {
      skeleton[key] = fields[key];
    }
  }
  return { skeleton, cut };
}

/** Turns every lazy field of `obj` into a plain one holding its value, and forgets the bytes. */
function detach(obj: object): void {
  for (const key of Object.keys(obj)) {
    if (isLazy(obj, key)) {
      Object.defineProperty(obj, key, { value: (obj as Record<string, unknown>)[key], enumerable: true, configurable: true, writable: true });
    }
  }
  rawBytes.delete(obj);
  readValues.delete(obj);
}

/**
 * `parsed`, the JSON value of `bytes` freshly parsed by the caller, backed by those bytes: a copy of
 * it in which the fields named in `unread` (long strings the caller left undecoded) are accessors
 * that read their value from `bytes` (in memory or in a file). Keys keep their order, so
 * JSON.stringify of the result equals the bytes whenever a compact writer (JSON.stringify, or
 * Codex's) wrote them. Top-level fields are shared with `parsed`, which the caller then drops.
 */
export function withRawJson<T extends object>(parsed: T, bytes: RawJson, unread: readonly string[] = []): T {
  // A new object built in key order is much faster than redefining fields of `parsed` in place
  // (V8 then reshapes the object), and this runs for every item a resume reads.
  const out: Record<string, unknown> = {};
  const fields = parsed as Record<string, unknown>;
  // A JSON value has no inherited enumerable keys: for-in walks its own, in order, without an array.
  for (const key in fields) {
    const value = fields[key];
    if (unread.includes(key)) Object.defineProperty(out, key, lazyField(key));
    else if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  rawBytes.set(out, bytes);
  return out as T;
}

/**
 * True when `a` and `b` are the same JSON value (key order aside). Strings are compared by identity
 * first, which makes this cheap for a schema's output against its input: a zod parse copies objects
 * but not strings, and drops the keys its schema does not know, which this notices.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}
