// Threads kept in a PostgreSQL database (`thread_store = "postgres://…"`): each thread a row of
// listing fields (indexed for lists and searches) and its rollout's lines, stored as the bytes the
// files store writes, in order, so that exporting a thread gives exactly its rollout file. A thread
// is keyed by its rollout path relative to the home, so the paths the protocol shows are the ones the
// files store would show. Appends are committed through the writer's sink, grouped between the
// points where a client is told of them (postgres-sink.ts); reads go
// through a local copy of the rollout (local-copy.ts), so the reader and resume work as on files.
// The connection opens, and the schema is brought up to date, on first use.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRS } from '../store/file-modes.js';
import type { Pool } from 'pg';
import type { LongStringCache } from '../../bytes/long-string-cache.js';
import { RolloutError } from '../../errors.js';
import { readForReopen } from '../cache/resume-index.js';
import { readRollout, type ReadOptions, type RolloutRecord } from '../format/reader.js';
import { RolloutWriter, type RolloutLineFormat, type RolloutLineInput } from '../format/writer.js';
import { readRolloutHead } from '../store/head.js';
import { historyBaseOf, withHistoryBase } from '../store/history-base.js';
import type { ListedThread, ListThreadsOptions, ThreadListPage } from '../store/list.js';
import type { RolloutLock } from '../store/lock.js';
import { parseRolloutFileName, rolloutPath } from '../store/paths.js';
import type { CreateThreadOptions, ImportOutcome, ImportRolloutOptions, StoredThread, ThreadStore } from '../thread-store.js';
import { checkedUrl, connectionProblem, openPool, redactedServer } from './connection.js';
import { localCopyRoot, removeLocalCopy, syncLocalCopy } from './local-copy.js';
import { deleteThread, isArchivedKey, movedKey, moveThread } from './thread-changes.js';
import { threadNameEvent } from '../store/thread-name.js';
import { migrate } from './migrations.js';
import { importPostgresRollout } from './postgres-import.js';
import { listAllPostgresThreads, listPostgresThreads, locatePostgresThread } from './postgres-listing.js';
import { PostgresSink } from './postgres-sink.js';
import { insertThreadRow, linesFrom, threadRowState } from './thread-rows.js';
import type { WriterLease } from './writer-lease.js';
import { AdvisoryWriterLease } from './advisory-writer-lease.js';
import { ThreadLineWatch } from './thread-line-watch.js';

export interface PostgresThreadStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  readonly url: string;
  /** The home the thread keys are under, and whose cache/ holds the local copies. */
  readonly home: string;
  /** The writer lease (default: an advisory lock held across hosts, AdvisoryWriterLease); given the store's pool. */
  readonly lease?: ((pool: Pool) => WriterLease) | undefined;
}

export class PostgresThreadStore implements ThreadStore {
  readonly kind = 'postgres';
  readonly home: string;
  /** The server as messages name it: the URL without its password. */
  readonly server: string;
  readonly #url: string;
  readonly #copies: string;
  readonly #leaseOf: (pool: Pool) => WriterLease;
  #watch: ThreadLineWatch | undefined;
  #ready: Promise<{ pool: Pool; lease: WriterLease }> | undefined;

  constructor(opts: PostgresThreadStoreOptions) {
    this.server = redactedServer(opts.url);
    this.#url = checkedUrl(opts.url);
    this.home = opts.home;
    this.#copies = localCopyRoot(opts.home, this.server);
    const url = this.#url;
    this.#leaseOf = opts.lease ?? (() => new AdvisoryWriterLease({ connectionString: url }));
  }

  /** The pool, opened and the schema migrated on first use (a failure is retried on the next call). */
  async #open(): Promise<{ pool: Pool; lease: WriterLease }> {
    this.#ready ??= (async () => {
      const pool = await openPool(this.#url);
      try {
        await migrate(pool);
      } catch (err) {
        await pool.end().catch(() => undefined);
        throw connectionProblem(err, this.server);
      }
      return { pool, lease: this.#leaseOf(pool) };
    })();
    try {
      return await this.#ready;
    } catch (err) {
      this.#ready = undefined;
      throw err;
    }
  }

  /** The pool itself, for what builds on this store (a writer lease, notifications). */
  async pool(): Promise<Pool> {
    return (await this.#open()).pool;
  }

  /** The thread's key: its rollout path relative to the home. */
  keyOf(file: string): string {
    const rel = path.relative(this.home, path.resolve(file));
    if (rel.startsWith('..') || path.isAbsolute(rel) || !parseRolloutFileName(path.basename(rel))) {
      throw new RolloutError(`${file} is not a thread of the Postgres thread store at ${this.server} (its threads are named under ${this.home})`, file);
    }
    return rel.split(path.sep).join('/');
  }

  /** The rollout path of a key read back from the database (checked as a key given by a caller is). */
  #fileOf(key: string): string {
    const file = path.join(this.home, ...key.split('/'));
    this.keyOf(file);
    return file;
  }

  async locate(ref: string, cwd?: string): Promise<string> {
    if (ref.endsWith('.jsonl')) return this.#fileOf(this.keyOf(ref));
    const { pool } = await this.#open();
    return this.#fileOf(await locatePostgresThread(pool, this.home, ref, cwd));
  }

  async create(id: string, now: Date, sessionMeta: RolloutLineInput, opts: CreateThreadOptions = {}): Promise<{ path: string; writer: RolloutWriter }> {
    // An ephemeral thread stays out of the database: in memory, or in its scratch home's files.
    if (opts.inMemory || (opts.home !== undefined && opts.home !== this.home)) {
      const file = rolloutPath(opts.home ?? this.home, id, now);
      const writerOpts = { format: opts.format, longStrings: opts.longStrings };
      return { path: file, writer: opts.inMemory ? await RolloutWriter.inMemory(file, sessionMeta, writerOpts) : await RolloutWriter.create(file, sessionMeta, writerOpts) };
    }
    if (sessionMeta.type !== 'session_meta') throw new RolloutError(`the first line of a thread must be session_meta, not ${sessionMeta.type}`);
    const file = rolloutPath(this.home, id, now);
    const key = this.keyOf(file);
    const name = parseRolloutFileName(path.basename(file));
    const { pool, lease } = await this.#open();
    const lock = await lease.acquire(key, file);
    try {
      if (!(await insertThreadRow(pool, key, name?.id ?? id, name?.fileTs ?? ''))) {
        throw new RolloutError(`cannot create thread ${key}: it already exists in the Postgres thread store`, file);
      }
      const sink = new PostgresSink(pool, key, { lineCount: 0, hasSessionMeta: false, hasPreview: false, hasFallbackPreview: false });
      const writer = await RolloutWriter.withSink(file, sink, lock, { format: opts.format, longStrings: opts.longStrings });
      try {
        await writer.append(sessionMeta);
        // The thread exists once its creation returns (a client is told of it next).
        await writer.commit();
      } catch (err) {
        await writer.close().catch(() => undefined);
        throw err;
      }
      return { path: file, writer };
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  /** Written under a staging home next to the local copies, then imported, then removed. */
  async createFromFile(write: (home: string) => Promise<string>): Promise<string> {
    await mkdir(this.#copies, PRIVATE_DIRS);
    const staging = await mkdtemp(path.join(this.#copies, 'staging-'));
    try {
      const written = await write(staging);
      const file = path.join(this.home, path.relative(staging, written));
      await this.importRollout(file, await readFile(written));
      return file;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async lock(file: string): Promise<RolloutLock> {
    const key = this.keyOf(file);
    const { lease } = await this.#open();
    return lease.acquire(key, file);
  }

  async openForWriting(file: string, lock: RolloutLock, format?: RolloutLineFormat, _onWarning?: (warning: string) => void, longStrings?: LongStringCache): Promise<RolloutWriter> {
    try {
      const key = this.keyOf(file);
      const { pool } = await this.#open();
      const state = await threadRowState(pool, key);
      if (!state) throw new RolloutError(`cannot open thread ${key} for appending: it is not in the Postgres thread store at ${this.server}`, file);
      return await RolloutWriter.withSink(file, new PostgresSink(pool, key, state), lock, { format, longStrings, tornEnd: state.tornEnd });
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  async localCopy(file: string): Promise<string> {
    const rel = path.relative(this.home, path.resolve(file));
    const ours = !rel.startsWith('..') && !path.isAbsolute(rel) && parseRolloutFileName(path.basename(rel)) !== undefined;
    return ours ? this.#copy(file) : file;
  }

  async find(id: string): Promise<string | undefined> {
    const { pool } = await this.#open();
    const { rows } = await pool.query<{ key: string }>('SELECT key FROM weft_threads WHERE id = $1 ORDER BY archived, file_ts DESC LIMIT 1', [id.toLowerCase()]);
    return rows[0] ? this.#fileOf(rows[0].key) : undefined;
  }

  /** The local copy of a thread, brought up to date. */
  async #copy(file: string): Promise<string> {
    const { pool } = await this.#open();
    return syncLocalCopy(pool, this.#copies, this.keyOf(file));
  }

  async readForReopen(file: string, onWarning: (warning: string) => void): Promise<StoredThread> {
    const copy = await this.#copy(file);
    const own = await readForReopen(copy, { onWarning });
    await this.#copyAncestors(own.records);
    const records = await withHistoryBase(own.records, copy, this.#copies, { onWarning, itemBytes: 'file' });
    return { records, headMeta: own.headMeta };
  }

  async readHistory(file: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
    const copy = await this.#copy(file);
    const records = await readRollout(copy, options);
    await this.#copyAncestors(records);
    return withHistoryBase(records, copy, this.#copies, options);
  }

  async read(file: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
    const records = await readRollout(await this.#copy(file), options);
    await this.#copyAncestors(records);
    return records;
  }

  /** A Codex 0.169 fork reads its parent's lines: the copies of its ancestors are brought up to date too. */
  async #copyAncestors(records: readonly RolloutRecord[]): Promise<void> {
    const seen = new Set<string>();
    for (let base = historyBaseOf(records); base !== undefined && !seen.has(base.threadId); ) {
      seen.add(base.threadId);
      const copy = await this.#copy(await this.locate(base.threadId));
      const meta = (await readRolloutHead(copy, 1)).sessionMeta;
      const next = meta?.history_base;
      base = typeof next?.thread_id === 'string' && typeof next.end_ordinal_exclusive === 'number' ? { threadId: next.thread_id, endOrdinal: next.end_ordinal_exclusive } : undefined;
    }
  }

  /** Every listed thread from its row (the session_meta kept there): no rollout is read. */
  async listAllFromHeads(archived: boolean): Promise<ListedThread[] | undefined> {
    const { pool } = await this.#open();
    return listAllPostgresThreads(pool, this.home, archived);
  }

  async list(options: ListThreadsOptions): Promise<ThreadListPage> {
    const { pool } = await this.#open();
    return listPostgresThreads(pool, this.home, options);
  }

  isArchived(file: string): boolean {
    return isArchivedKey(this.keyOf(file));
  }

  archive(file: string): Promise<string> {
    return this.#move(file, true);
  }

  unarchive(file: string): Promise<string> {
    return this.#move(file, false);
  }

  /** Moves a thread no writer holds (its lease is taken for the move). */
  async #move(file: string, archive: boolean): Promise<string> {
    const key = this.keyOf(file);
    const to = movedKey(key, archive);
    const { pool, lease } = await this.#open();
    const lock = await lease.acquire(key, file);
    try {
      await moveThread(pool, key, to, archive);
    } finally {
      await lock.release();
    }
    await removeLocalCopy(this.#copies, key);
    return this.#fileOf(to);
  }

  async delete(_threadId: string, file: string): Promise<void> {
    const key = this.keyOf(file);
    const { pool, lease } = await this.#open();
    const lock = await lease.acquire(key, file);
    try {
      await deleteThread(pool, key);
    } finally {
      await lock.release();
    }
    await removeLocalCopy(this.#copies, key);
  }

  async name(file: string, threadId: string, name: string): Promise<void> {
    const writer = await this.openForWriting(file, await this.lock(file));
    try {
      await writer.append(threadNameEvent(threadId, name));
    } finally {
      await writer.close();
    }
  }

  async *exportRollout(file: string): AsyncIterable<Buffer> {
    const key = this.keyOf(file);
    const { pool } = await this.#open();
    if (!(await threadRowState(pool, key))) throw new RolloutError(`no thread ${key} in the Postgres thread store at ${this.server}`, file);
    for await (const batch of linesFrom(pool, key, 0)) yield Buffer.concat(batch);
  }

  async importRollout(file: string, bytes: Buffer, opts: ImportRolloutOptions = {}): Promise<ImportOutcome> {
    const { pool } = await this.#open();
    return importPostgresRollout(pool, this.keyOf(file), bytes, opts);
  }

  /** Calls `onChange` after each committed append to the thread (a LISTEN on the store's appends). */
  async watch(file: string, onChange: () => void): Promise<() => void> {
    const key = this.keyOf(file);
    const { pool } = await this.#open();
    this.#watch ??= new ThreadLineWatch(async () => {
      // A connection of its own, outside the pool: LISTEN holds it for as long as someone watches.
      const { default: pg } = await import('pg');
      const client = new pg.Client({ ...pool.options });
      await client.connect();
      return client;
    });
    return this.#watch.watch(key, onChange);
  }

  async close(): Promise<void> {
    await this.#watch?.close();
    this.#watch = undefined;
    const ready = this.#ready;
    this.#ready = undefined;
    const opened = await ready?.catch(() => undefined);
    if (!opened) return;
    await opened.lease.close();
    await opened.pool.end();
  }
}
