// The byte path has one scanner of JSON structure (json-scanner.ts). On any JSON text, cut anywhere
// into pieces, what it reports (strings and their key position, containers, punctuation) is the
// document JSON.parse reads: the value rebuilt from its reports alone equals JSON.parse's. The readers
// built on it agree with JSON.parse too: a large event read as it arrives (streamed-json.ts) and the
// literal of a top-level member (delta-runs.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonScanner, type JsonScanReader } from '../../../src/bytes/json-scanner.js';
import { StreamedJson } from '../../../src/bytes/streamed-json.js';
import { RepeatedLiteral } from '../../../src/bytes/long-literal-readers.js';
import { topLevelStringMember } from '../../../src/bytes/delta-runs.js';
import { LONG_STRING } from '../../../src/bytes/long-string-cache.js';

/** Any JSON value, its strings of any UTF-16 units (lone surrogates included). */
const jsonValue = fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 });
/** JSON.stringify's text of a value, compact or indented (white space between tokens). */
const jsonText = fc.tuple(jsonValue, fc.constantFrom<string | number>(0, 1, '\t', '\n \r')).map(([v, space]) => JSON.stringify(v, null, space));

/** `bytes` cut at the given sizes, cycling through them. */
function cut(bytes: Buffer, sizes: readonly number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

const sizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 });

interface Container {
  readonly value: Record<string, unknown> | unknown[];
  key?: string;
}

/** Rebuilds the value from the scanner's reports, reading only the bytes they point at. */
class Rebuilder implements JsonScanReader {
  readonly #stack: Container[] = [];
  #root: unknown;
  /** Where bytes not yet accounted for start (a number, true, false or null may stand there). */
  #last = 0;
  #open = -1;
  #key = false;

  constructor(private readonly doc: Buffer) {}

  get value(): unknown {
    this.#scalarBefore(this.doc.length);
    return this.#root;
  }

  structure(byte: number, at: number): void {
    this.#scalarBefore(at);
    this.#last = at + 1;
    if (byte === 0x7b || byte === 0x5b) {
      const value = byte === 0x7b ? {} : [];
      this.#put(value);
      this.#stack.push({ value });
    } else if (byte === 0x7d || byte === 0x5d) this.#stack.pop();
  }

  stringOpened(at: number, key: boolean): void {
    this.#scalarBefore(at);
    this.#open = at;
    this.#key = key;
  }

  stringClosed(at: number): void {
    const text = JSON.parse(this.doc.toString('utf8', this.#open, at + 1)) as string;
    const top = this.#stack[this.#stack.length - 1];
    if (this.#key && top !== undefined) top.key = text;
    else this.#put(text);
    this.#last = at + 1;
  }

  #scalarBefore(at: number): void {
    const text = this.doc.toString('utf8', this.#last, at).trim();
    if (text.length > 0) this.#put(JSON.parse(text));
    this.#last = at;
  }

  #put(value: unknown): void {
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) this.#root = value;
    else if (Array.isArray(top.value)) top.value.push(value);
    else Object.defineProperty(top.value, top.key as string, { value, enumerable: true, writable: true, configurable: true });
  }
}

describe('the JSON scanner', () => {
  it('reports the document JSON.parse reads, wherever the bytes are cut', () => {
    fc.assert(
      fc.property(jsonText, sizes, (text, cuts) => {
        const doc = Buffer.from(text);
        const rebuilder = new Rebuilder(doc);
        const scanner = new JsonScanner(rebuilder);
        for (const piece of cut(doc, cuts)) scanner.push(piece);
        expect(scanner.inString).toBe(false);
        expect(scanner.depth).toBe(0);
        expect(rebuilder.value).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('says a string is left open when the document ends inside one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const literal = JSON.stringify(s);
        const scanner = new JsonScanner({ structure: () => undefined, stringOpened: () => undefined, stringClosed: () => undefined });
        scanner.push(Buffer.from(`[${literal.slice(0, -1)}`));
        expect(scanner.inString).toBe(true);
      }),
    );
  });
});

describe('the readers built on it', () => {
  it('a large event read as it arrives gives what JSON.parse gives', () => {
    const long = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 30 })
      .map((unit) => unit.repeat(Math.ceil(LONG_STRING / unit.length) + 1));
    fc.assert(
      fc.property(jsonValue, long, jsonValue, fc.boolean(), fc.integer({ min: 500, max: 70_000 }), (a, text, b, asKey, size) => {
        const value = asKey ? { first: a, [text]: b } : { first: a, long: [text, b] };
        const json = JSON.stringify(value);
        const reader = new StreamedJson('test.event', () => new RepeatedLiteral([], true, () => ''));
        for (const piece of cut(Buffer.from(json), [size])) reader.push(piece);
        expect(reader.end()).toEqual(JSON.parse(json));
      }),
      { numRuns: 25 },
    );
  });

  it('the literal of a top-level member is the bytes JSON.parse read as that member', () => {
    // Keys written without escapes (a key with one is refused: it might be the member's key spelled otherwise).
    const key = fc.string({ unit: 'binary', maxLength: 6 }).filter((k) => !JSON.stringify(k).includes('\\'));
    const members = fc.dictionary(key, jsonValue, { maxKeys: 5 });
    fc.assert(
      fc.property(members, fc.string({ unit: 'binary' }), members, (before, delta, after) => {
        const { delta: _b, ...head } = before;
        const { delta: _a, ...tail } = after;
        const text = JSON.stringify({ ...head, delta, ...tail });
        const found = topLevelStringMember(Buffer.from(text), Buffer.from('"delta"'));
        expect(found).toBeDefined();
        expect(JSON.parse(`"${Buffer.from(found as Uint8Array).toString('utf8')}"`)).toBe((JSON.parse(text) as { delta: string }).delta);
      }),
      { numRuns: 200 },
    );
  });
});
