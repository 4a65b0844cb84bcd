// Request bodies go out as bytes. History items that still carry the JSON they were read from storage
// with (src/history/raw-json.ts) are copied in as those bytes, read from the rollout file as the body
// is sent when that is where they are; everything else is JSON.stringify'd. For the plain data weft
// builds bodies from, the result is the bytes of JSON.stringify(body), without serializing again what
// a rollout already held as wire JSON.
import { rawJsonOf, type ByteRange, type ByteSource } from '../history/raw-json.js';
import { writeMembers, writtenMemberByMember } from '../bytes/json-members.js';

/** Body, then its fields, then their elements (e.g. `input` items): deeper values are stringified whole. */
const WALK_DEPTH = 2;

function walk(value: unknown, depth: number, out: Piece[]): void {
  if (typeof value === 'object' && value !== null) {
    const raw = rawJsonOf(value);
    if (raw) {
      out.push(raw);
      return;
    }
    if (depth < WALK_DEPTH && writtenMemberByMember(value)) {
      writeMembers(value, out, (v) => walk(v, depth + 1, out));
      return;
    }
  }
  out.push(JSON.stringify(value) ?? 'null');
}

/** Pieces are sent in chunks of about this size: small pieces are gathered, large raw ones go as they are. */
const CHUNK_BYTES = 256 * 1024;
/** Ranges of a file are read this much at a time: neighbouring items come in one read. */
const WINDOW_BYTES = 1024 * 1024;

type Piece = string | Buffer | ByteRange;

/** The last stretch read from a file, reused for the next one. */
class Window {
  #buf: Buffer | undefined;
  #source: ByteSource | undefined;
  #offset = 0;
  #length = 0;

  /** Whether `range` can be cut from what is loaded. */
  has(range: ByteRange): boolean {
    return range.source === this.#source && range.offset >= this.#offset && range.offset + range.length <= this.#offset + this.#length;
  }

  /** Loads the stretch starting at `range` (the previous views of the window become invalid). */
  load(range: ByteRange): void {
    this.#buf ??= Buffer.allocUnsafe(WINDOW_BYTES);
    this.#source = range.source;
    this.#offset = range.offset;
    this.#length = range.source.fill(this.#buf, range.offset);
    if (!this.has(range)) range.source.read(range.offset, range.length); // throws, naming what is missing
  }

  view(range: ByteRange): Buffer {
    const at = range.offset - this.#offset;
    return (this.#buf as Buffer).subarray(at, at + range.length);
  }
}

/**
 * Buffers for the chunks a body gathers from small pieces, for a sender that knows when a chunk has
 * been written (body-upload.ts): a buffer given back is used again for a later chunk.
 */
export class ChunkPool {
  readonly #free: Buffer[] = [];
  readonly #ours = new WeakSet<ArrayBufferLike>();
  #allocated = 0;

  /** How many buffers the pool has made: the most chunks that were out at once. */
  get allocated(): number {
    return this.#allocated;
  }

  /** A buffer for up to two chunks' worth of pieces (a chunk is flushed past CHUNK_BYTES). */
  take(): Buffer {
    const reused = this.#free.pop();
    if (reused) return reused;
    const buf = Buffer.allocUnsafeSlow(2 * CHUNK_BYTES);
    this.#ours.add(buf.buffer);
    this.#allocated += 1;
    return buf;
  }

  /** Hands back the buffer behind `chunk` once the chunk is written; chunks not from here are ignored. */
  give(chunk: Uint8Array): void {
    if (!this.#ours.has(chunk.buffer)) return;
    this.#free.push(Buffer.from(chunk.buffer, 0, 2 * CHUNK_BYTES));
  }
}

/** A serialized request body: its exact length (sent as Content-Length) and its bytes, in chunks. */
export interface JsonBody {
  readonly byteLength: number;
  /**
   * The bytes, in order; each call starts again from the first (a retry resends the same body).
   * With a pool, chunks gathered from small pieces are written into its buffers, so a chunk is only
   * valid until it is given back.
   */
  chunks(pool?: ChunkPool): Generator<Uint8Array, void, undefined>;
  /** A fresh stream of the bytes, for fetch or the openai SDK. */
  stream(): ReadableStream<Uint8Array>;
}

/**
 * The body's JSON, equal to JSON.stringify(body) for plain data. Nothing is concatenated up front:
 * a request with a long history is streamed from where its items' bytes are (memory or the rollout
 * file), read a window at a time.
 */
export function jsonBody(body: unknown): JsonBody {
  const pieces: Piece[] = [];
  walk(body, 0, pieces);
  const parts = pieces.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p));
  const byteLength = parts.reduce((n, b) => n + b.length, 0);
  function* chunks(pool?: ChunkPool): Generator<Uint8Array, void, undefined> {
    const window = new Window();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    function* flush(): Generator<Uint8Array, void, undefined> {
      if (pendingBytes > 0) yield pool ? gather(pending, pendingBytes, pool.take()) : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
    }
    for (const part of parts) {
      if (part.length >= CHUNK_BYTES) {
        yield* flush();
        yield Buffer.isBuffer(part) ? part : part.source.read(part.offset, part.length);
        continue;
      }
      let bytes: Buffer;
      if (Buffer.isBuffer(part)) bytes = part;
      else {
        // Views of the window are copied out (flushed) before it is loaded again.
        if (!window.has(part)) {
          yield* flush();
          window.load(part);
        }
        bytes = window.view(part);
      }
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= CHUNK_BYTES) yield* flush();
    }
    if (pendingBytes > 0) yield* flush();
    else if (byteLength === 0) yield Buffer.alloc(0);
  }
  const result: JsonBody = {
    byteLength,
    chunks,
    stream() {
      const it = chunks();
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = it.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
      });
      streams.set(stream, result);
      return stream;
    },
  };
  return result;
}

/** Copies `pieces` (`bytes` long in all) into `into`; returns the filled part. */
function gather(pieces: readonly Buffer[], bytes: number, into: Buffer): Buffer {
  let at = 0;
  for (const piece of pieces) at += piece.copy(into, at);
  return into.subarray(0, bytes);
}

/** Streams made by `JsonBody.stream()`, so that a sender can ask for their body (body-upload.ts). */
const streams = new WeakMap<object, JsonBody>();

/** The body a stream made by `JsonBody.stream()` carries; undefined for anything else. */
export function jsonBodyOfStream(value: unknown): JsonBody | undefined {
  return typeof value === 'object' && value !== null ? streams.get(value) : undefined;
}

/** All of a body's bytes in one buffer (small bodies, tests). */
export function jsonBodyBytes(body: JsonBody): Buffer {
  return Buffer.concat([...body.chunks()], body.byteLength);
}

/** A body of bytes already made (a compressed body): sent as they are. */
export function bytesBody(bytes: Buffer): JsonBody {
  return {
    byteLength: bytes.length,
    *chunks() {
      yield bytes;
    },
    stream() {
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    },
  };
}
