// Items read back from a rollout are already wire JSON. weft keeps each such item's bytes beside it,
// so that a request can forward them as they are instead of parsing and re-serializing them, and so
// that the item's large string fields (tool outputs, encrypted reasoning, arguments) need not stay
// in memory twice: they are read back from those bytes when somebody asks for them.
//
// Contract: an object registered here is never mutated in place (history items are plain,
// immutable data throughout weft). A changed item is a new object, which has no bytes and is
// serialized normally. Assigning to a lazy field turns it back into a plain field and drops the bytes;
// reading one keeps the value it read (the bytes stay: they still say the same).

const rawBytes = new WeakMap<object, Buffer>();
/** Lazy fields already read, per object. */
const readValues = new WeakMap<object, Map<string, unknown>>();

/** Strings at least this long are left in the bytes and read back on demand. */
const LAZY_MIN_CHARS = 512;

/** The exact JSON text of `value`, when it was read from storage and never changed since. */
export function rawJsonOf(value: object): Buffer | undefined {
  return rawBytes.get(value);
}

function readField(bytes: Buffer, key: string): unknown {
  // Validated when it was read: the bytes are one JSON object.
  return (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>)[key];
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

/** Turns every lazy field of `obj` into a plain one holding its value, and forgets the bytes. */
function detach(obj: object): void {
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(obj))) {
    if (d.get && lazyFields.get(key)?.get === d.get) {
      Object.defineProperty(obj, key, { value: d.get.call(obj), enumerable: true, configurable: true, writable: true });
    }
  }
  rawBytes.delete(obj);
  readValues.delete(obj);
}

/**
 * Backs `parsed`, the JSON value of `bytes` freshly parsed by the caller and not yet shared, with
 * those bytes: its long top-level strings, and the fields named in `unread` (which the caller never
 * decoded), become accessors that read the value from `bytes`. Done in place, so keys keep their
 * order and JSON.stringify of the result equals the bytes whenever a compact writer
 * (JSON.stringify, or Codex's) wrote them. Returns `parsed`.
 */
export function withRawJson<T extends object>(parsed: T, bytes: Buffer, unread: readonly string[] = []): T {
  const fields = parsed as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'string' && (value.length >= LAZY_MIN_CHARS || unread.includes(key))) Object.defineProperty(parsed, key, lazyField(key));
  }
  rawBytes.set(parsed, bytes);
  return parsed;
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
