// Owns writing rollout files: one `{timestamp,type,payload}` JSON object per line, append-only, in
// the byte format Codex 0.98 writes (keys in that order, no spaces, `\n` after every line, UTC
// timestamps with milliseconds and `Z`). Writes from concurrent callers are queued, never
// interleaved; `flush()` returns once every earlier line has been handed to the operating system.
// A writer holds the rollout's lock (rollout-lock.ts) from create/open to close, so no other process
// writes the thread meanwhile.
//
// Durability is Codex's: neither generation ever asks the kernel to put a rollout on the disk. In
// Codex 0.98 (codex-rs/core/src/rollout/recorder.rs) and today (codex-rs/rollout/src/recorder.rs),
// the writer task serializes each item to one line, writes it to the file opened for appending, and
// then flushes tokio's file handle, which only waits until the bytes have reached the kernel; its
// Flush and Shutdown commands do the same, and no sync_all or sync_data is called on a rollout. So a
// turn's lines survive the process being killed, as Codex's do, and a crash of the machine itself may
// lose the last ones, as Codex's may. An fdatasync at the end of each turn cost 65-175 ms for a turn
// that wrote 63 MB.
import { mkdir, open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RolloutError, errorMessage, isErrno } from '../../errors.js';
import type { RolloutLineType } from '../../../protocol/rollout.js';
import { lockRollout, type RolloutLock } from '../store/lock.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../store/file-modes.js';
import { CHUNK_BYTES, isLong, joinPieces, jsonPieces, writePieces, type JsonPiece } from '../../bytes/json-pieces.js';
import { LongStringCache } from '../../bytes/long-string-cache.js';

/** A line to write; `timestamp` defaults to the time of the `append` call. */
export interface RolloutLineInput {
  timestamp?: string;
  type: RolloutLineType;
  payload: unknown;
}

/** `2026-01-01T00:00:00.123Z`: the format of every Codex rollout timestamp (UTC, milliseconds). */
export function rolloutTimestamp(date: Date = new Date()): string {
  return date.toISOString();
}

/**
 * One rollout line without its newline. The envelope is built by hand so that its key order is
 * Codex's whatever object the caller passes; the payload is serialized as given (its key order is
 * the caller's: the protocol schemas list keys in Codex's order). JSON.stringify escapes strings the
 * way serde_json does (only `"`, `\` and control characters), so text round-trips byte for byte.
 */
export function formatRolloutLine(line: RolloutLineInput): string {
  return joinPieces(rolloutLinePieces(line));
}

/** formatRolloutLine's text as pieces (see bytes/json-pieces.ts): a long string in the payload is not copied. */
export function rolloutLinePieces(line: RolloutLineInput): JsonPiece[] {
  const payload = jsonPieces(line.payload);
  if (payload.length === 0) throw new RolloutError(`rollout line of type ${line.type} has no payload`);
  const timestamp = line.timestamp ?? rolloutTimestamp();
  return [`{"timestamp":${JSON.stringify(timestamp)},"type":${JSON.stringify(line.type)},"payload":`, ...payload, '}'];
}

/**
 * How a thread's lines are written when its profile has its own rollout format (codex-0.169: an
 * `ordinal` on every line, `metadata` on response items, other line types). Absent: Codex 0.98's.
 */
export interface RolloutLineFormat {
  /** The serialized lines (without `\n`, as pieces) written for one line the thread appends; may be none. */
  lines(line: RolloutLineInput): JsonPiece[][];
}

/** Told of the lines once they are on their way to the file, and of the close (e.g. to keep an index of threads). */
export interface RolloutWriteObserver {
  /** The lines as the caller gave them, each with the timestamp it was written with. */
  written(lines: readonly RolloutLineInput[]): void;
  closed(): void;
}

export interface RolloutWriterOptions {
  readonly format?: RolloutLineFormat | undefined;
  readonly observer?: RolloutWriteObserver | undefined;
  /**
   * The thread's long strings as they arrived (filled by its stream port): a long line copies their
   * bytes instead of escaping the text again. A writer without one keeps its own, always empty.
   */
  readonly longStrings?: LongStringCache | undefined;
}

export interface RolloutOpenOptions extends RolloutWriterOptions {
  /**
   * The rollout's lock, already taken by the caller (a resume locks before it reads, so that nothing
   * is appended between its read and its first write); the writer releases it on close. Without
   * one, open takes it.
   */
  readonly lock?: RolloutLock | undefined;
}

/** The pieces of the lines written for `line`, each line ending in `\n`. */
function serializeLine(line: RolloutLineInput, format: RolloutLineFormat | undefined, out: JsonPiece[] = []): JsonPiece[] {
  for (const pieces of format ? format.lines(line) : [rolloutLinePieces(line)]) out.push(...pieces, '\n');
  return out;
}

/**
 * Where a writer's bytes go: the rollout file, memory for an ephemeral thread, or another store's
 * own sink. A sink with `commit` (the Postgres store's) may hold complete lines back: they are made
 * durable together at `commit`, which the writer calls at its own `commit`, `flush` and `close`.
 */
export interface RolloutSink {
  write(buf: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  commit?(): Promise<void>;
  close(): Promise<void>;
}

/** An ephemeral thread's rollout: kept in memory, never on disk, gone with the process. */
class MemorySink implements RolloutSink {
  readonly chunks: Buffer[] = [];
  async write(buf: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> {
    this.chunks.push(Buffer.from(buf.subarray(offset, offset + length)));
    return { bytesWritten: length };
  }
  async close(): Promise<void> {}
}

const NO_LOCK: RolloutLock = { lockPath: '', release: async () => undefined };

export class RolloutWriter {
  private queue: Promise<void> = Promise.resolve();
  private failure: unknown = undefined;
  private closed = false;
  /** The buffer long lines are gathered in, kept while a turn writes them and let go at its flush. */
  private chunk: Buffer | undefined;
  /** Lines were appended to a sink that holds them back, and no commit was asked for since. */
  private pendingCommit = false;

  private constructor(
    readonly path: string,
    private readonly fh: RolloutSink,
    private readonly lock: RolloutLock,
    private readonly format?: RolloutLineFormat,
    private readonly observer?: RolloutWriteObserver,
    private readonly longStrings: LongStringCache = new LongStringCache(),
  ) {}

  /** A rollout held in memory only (an ephemeral thread): nothing is written under the home, no lock. */
  static async inMemory(path: string, sessionMetaLine: RolloutLineInput, opts: RolloutWriterOptions = {}): Promise<RolloutWriter> {
    const writer = new RolloutWriter(path, new MemorySink(), NO_LOCK, opts.format, undefined, opts.longStrings);
    await writer.appendPieces(serializeLine(sessionMetaLine, opts.format));
    return writer;
  }

  /**
   * A writer appending to a thread kept by another store, through its sink, under its lock (released
   * on close). `tornEnd`: the stored bytes end mid-line, so a `\n` is written first (as `open` does).
   */
  static async withSink(path: string, sink: RolloutSink, lock: RolloutLock, opts: RolloutWriterOptions & { tornEnd?: boolean } = {}): Promise<RolloutWriter> {
    const writer = new RolloutWriter(path, sink, lock, opts.format, opts.observer, opts.longStrings);
    if (opts.tornEnd === true) await writer.appendRaw('\n');
    return writer;
  }

  /** The lines written so far, for an in-memory rollout; undefined for a file. */
  memoryText(): string | undefined {
    return this.fh instanceof MemorySink ? Buffer.concat(this.fh.chunks).toString('utf8') : undefined;
  }


  /** Creates a new rollout (parent directories included) whose first line is `sessionMetaLine`. Refuses an existing file. */
  static async create(path: string, sessionMetaLine: RolloutLineInput, opts: RolloutWriterOptions = {}): Promise<RolloutWriter> {
    if (sessionMetaLine.type !== 'session_meta') {
      throw new RolloutError(`${path}: the first line of a rollout must be session_meta, not ${sessionMetaLine.type}`, path);
    }
    const first = serializeLine(sessionMetaLine, opts.format);
    try {
      await mkdir(dirname(path), PRIVATE_DIRS);
    } catch (err) {
      throw new RolloutError(`cannot create rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
    }
    // Locked before the file exists: a `resume --last` elsewhere could otherwise take the new thread first.
    const lock = await lockRollout(path);
    let fh: FileHandle;
    try {
      fh = await open(path, 'wx', PRIVATE_FILE_MODE);
    } catch (err) {
      await lock.release();
      opts.observer?.closed();
      const why = isErrno(err, 'EEXIST') ? 'file already exists' : errorMessage(err);
      throw new RolloutError(`cannot create rollout ${path}: ${why}`, path, { cause: err });
    }
    const writer = new RolloutWriter(path, fh, lock, opts.format, opts.observer, opts.longStrings);
    try {
      await writer.appendPieces(first);
      opts.observer?.written([sessionMetaLine]);
    } catch (err) {
      await writer.close().catch(() => undefined);
      throw err;
    }
    return writer;
  }

  /**
   * Opens an existing rollout for appending. A file whose last byte is not `\n` ends in a line torn
   * by a killed process: a `\n` is written first so the torn bytes stay one bad line of their own
   * and the next line starts clean.
   */
  static async open(path: string, opts: RolloutOpenOptions = {}): Promise<RolloutWriter> {
    try {
      await stat(path);
    } catch (err) {
      await opts.lock?.release();
      opts.observer?.closed();
      const why = isErrno(err, 'ENOENT') ? 'no such file' : errorMessage(err);
      throw new RolloutError(`cannot open rollout ${path}: ${why}`, path, { cause: err });
    }
    const lock = opts.lock ?? (await lockRollout(path));
    let fh: FileHandle | undefined;
    try {
      fh = await open(path, 'a+');
      // Sized once locked: no other weft process appends from here on.
      const { size } = await fh.stat();
      const writer = new RolloutWriter(path, fh, lock, opts.format, opts.observer, opts.longStrings);
      if (size > 0) {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) await writer.appendRaw('\n');
      }
      return writer;
    } catch (err) {
      await fh?.close().catch(() => undefined);
      await lock.release();
      opts.observer?.closed();
      if (err instanceof RolloutError) throw err;
      throw new RolloutError(`cannot open rollout ${path} for appending: ${errorMessage(err)}`, path, { cause: err });
    }
  }

  /** Appends one line or several (written with a single write, in order). */
  append(lines: RolloutLineInput | readonly RolloutLineInput[]): Promise<void> {
    const list = Array.isArray(lines) ? (lines as readonly RolloutLineInput[]) : [lines as RolloutLineInput];
    if (list.length === 0) return this.queue;
    // Stamp and serialize now, so timestamps follow call order even while earlier writes are pending.
    const pieces: JsonPiece[] = [];
    for (const line of list) serializeLine(line, this.format, pieces);
    const written = this.appendPieces(pieces);
    if (!this.observer) return written;
    // The observer gets stamped copies: the format above knows the lines themselves by identity.
    const at = rolloutTimestamp();
    const seen = list.map((line) => (line.timestamp ? line : { ...line, timestamp: at }));
    return written.then(() => this.observer?.written(seen));
  }

  /** Appends already-serialized text (complete lines, each ending in `\n`). */
  appendRaw(text: string): Promise<void> {
    return this.appendPieces([text]);
  }

  /** Appends serialized lines given as pieces; long ones are written a chunk at a time (bytes/json-pieces.ts). */
  private appendPieces(pieces: readonly JsonPiece[]): Promise<void> {
    const write = async (buf: Buffer, length: number): Promise<void> => {
      let done = 0;
      while (done < length) {
        const { bytesWritten } = await this.fh.write(buf, done, length - done);
        done += bytesWritten;
      }
    };
    if (this.fh.commit) this.pendingCommit = true;
    return this.enqueue(async () => {
      // The lock was lost (another process may hold it now): nothing more is written.
      if (this.lock.lost?.aborted) throw this.lock.lost.reason;
      if (isLong(pieces)) {
        this.chunk ??= Buffer.allocUnsafeSlow(CHUNK_BYTES);
        return writePieces(pieces, write, this.chunk, this.longStrings);
      }
      const buf = Buffer.from(pieces.join(''), 'utf8');
      return write(buf, buf.length);
    });
  }

  /**
   * Resolves once every earlier append is written: handed to the operating system, not synced to the
   * disk, as Codex does (see the top of this file). It ends a turn, so the turn's cached text goes.
   */
  flush(): Promise<void> {
    this.pendingCommit = false;
    return this.enqueue(async () => {
      await this.fh.commit?.();
      this.longStrings.forget();
      this.chunk = undefined;
    });
  }

  /**
   * Whether lines appended so far may not be durable yet (a sink that groups its commits holds
   * them): what is told to a client now must wait for `commit`. Always false on files and in memory.
   */
  get uncommitted(): boolean {
    return this.pendingCommit;
  }

  /**
   * Resolves once every earlier append is durable: committed by a sink that groups its lines (one
   * transaction for all held since its last commit); for files, once the earlier appends are written.
   */
  commit(): Promise<void> {
    if (!this.fh.commit) return this.queue;
    this.pendingCommit = false;
    return this.enqueue(async () => {
      await this.fh.commit?.();
    });
  }

  /** Flushes, then closes the file. Further appends fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    const flushed = this.flush();
    this.closed = true;
    try {
      await flushed;
    } finally {
      try {
        await this.fh.close();
      } finally {
        try {
          await this.lock.release();
        } finally {
          this.observer?.closed();
        }
      }
    }
  }

  private enqueue(op: () => Promise<void>): Promise<void> {
    if (this.closed) return Promise.reject(new RolloutError(`rollout ${this.path} is closed`, this.path));
    const run = async (): Promise<void> => {
      // After a failed write the file may end mid-line; later writes would glue onto it.
      if (this.failure !== undefined) {
        throw new RolloutError(`rollout ${this.path} is unusable after an earlier write error: ${errorMessage(this.failure)}`, this.path);
      }
      try {
        await op();
      } catch (err) {
        this.failure = err;
        throw new RolloutError(`cannot write rollout ${this.path}: ${errorMessage(err)}`, this.path, { cause: err });
      }
    };
    const next = this.queue.then(run);
    // Keep the chain alive after a rejection; the caller of this op still sees it.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
