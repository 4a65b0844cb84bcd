// Request bodies go out as bytes. History items that still carry the JSON they were read from storage
// with (src/history/raw-json.ts) are copied in as those bytes; everything else is JSON.stringify'd.
// For the plain data weft builds bodies from, the result is the bytes of JSON.stringify(body), without
// serializing again what a rollout already held as wire JSON.
import { rawJsonOf } from '../history/raw-json.js';

/** Body, then its fields, then their elements (e.g. `input` items): deeper values are stringified whole. */
const WALK_DEPTH = 2;

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

function skipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function walk(value: unknown, depth: number, out: (string | Buffer)[]): void {
  if (typeof value === 'object' && value !== null) {
    const raw = rawJsonOf(value);
    if (raw) {
      out.push(raw);
      return;
    }
    if (depth < WALK_DEPTH && Array.isArray(value)) {
      out.push('[');
      value.forEach((v: unknown, i) => {
        if (i > 0) out.push(',');
        if (skipped(v)) out.push('null');
        else walk(v, depth + 1, out);
      });
      out.push(']');
      return;
    }
    if (depth < WALK_DEPTH && isPlainObject(value)) {
      out.push('{');
      let first = true;
      for (const [key, v] of Object.entries(value)) {
        if (skipped(v)) continue;
        out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        walk(v, depth + 1, out);
      }
      out.push('}');
      return;
    }
  }
  out.push(JSON.stringify(value) ?? 'null');
}

/** Pieces are sent in chunks of about this size: small pieces are gathered, large raw ones go as they are. */
const CHUNK_BYTES = 256 * 1024;

/** A serialized request body: its exact length (sent as Content-Length) and its bytes, in chunks. */
export interface JsonBody {
  readonly byteLength: number;
  /** The bytes, in order; each call starts again from the first (a retry resends the same body). */
  chunks(): Generator<Uint8Array, void, undefined>;
  /** A fresh stream of the bytes, for fetch or the openai SDK. */
  stream(): ReadableStream<Uint8Array>;
}

/**
 * The body's JSON, equal to JSON.stringify(body) for plain data. Nothing is concatenated up front:
 * a request with a long history is streamed from the bytes the rollout was read into.
 */
export function jsonBody(body: unknown): JsonBody {
  const pieces: (string | Buffer)[] = [];
  walk(body, 0, pieces);
  const bytes = pieces.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p));
  const byteLength = bytes.reduce((n, b) => n + b.length, 0);
  function* chunks(): Generator<Uint8Array, void, undefined> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for (const b of bytes) {
      if (b.length >= CHUNK_BYTES) {
        if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        yield b;
        continue;
      }
      pending.push(b);
      pendingBytes += b.length;
      if (pendingBytes >= CHUNK_BYTES) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
    if (pendingBytes > 0 || byteLength === 0) yield Buffer.concat(pending, pendingBytes);
  }
  return {
    byteLength,
    chunks,
    stream() {
      const it = chunks();
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = it.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
      });
    },
  };
}

/** All of a body's bytes in one buffer (small bodies, tests). */
export function jsonBodyBytes(body: JsonBody): Buffer {
  return Buffer.concat([...body.chunks()], body.byteLength);
}
