// The thread store as its users see it: the engine, the CLI, the app-server and the viewer find, read,
// write and list threads through this interface and never learn where threads are kept. Two stores
// implement it: the home's rollout files (store/file-thread-store.ts, the default, shared with Codex)
// and a PostgreSQL database (postgres/postgres-thread-store.ts, `thread_store = "postgres://…"`).
//
// A thread is named by its rollout path: `<home>/sessions/YYYY/MM/DD/rollout-<ts>-<id>.jsonl`. The file
// store keeps the thread in that file; the Postgres store keeps that path as the thread's key, so the
// `path` fields of the protocol and the names of exported rollouts are the same under both stores.
import type { SessionMeta } from '../../protocol/rollout.js';
import type { LongStringCache } from '../bytes/long-string-cache.js';
import type { ReadOptions, RolloutRecord } from './format/reader.js';
import type { RolloutLineFormat, RolloutLineInput, RolloutWriter } from './format/writer.js';
import type { ListedThread, ListThreadsOptions, ThreadListPage } from './store/list.js';
import type { RolloutLock } from './store/lock.js';

/** A thread read back for reopening: its records (from the last checkpoint on) and its session_meta. */
export interface StoredThread {
  readonly records: RolloutRecord[];
  /** session_meta when the records do not start with it (they start at a checkpoint). */
  readonly headMeta: SessionMeta | undefined;
}

export interface CreateThreadOptions {
  format?: RolloutLineFormat | undefined;
  /** Put the rollout elsewhere than the store's home (an app-server ephemeral thread's scratch directory: always files). */
  home?: string | undefined;
  /** Write nothing at all (an ephemeral thread). */
  inMemory?: boolean;
  onWarning?: ((warning: string) => void) | undefined;
  longStrings?: LongStringCache | undefined;
}

/** What importing one rollout did: everything was new, part of it (a partial copy completed), or nothing. */
export type ImportOutcome = 'imported' | 'completed' | 'present';

export interface ThreadStore {
  /** `files` (the home's rollouts) or `postgres`. */
  readonly kind: 'files' | 'postgres';
  /** The home the thread keys are under (the files store keeps its rollouts there). */
  readonly home: string;
  /** The rollout (key) of a thread: by id, by rollout path, or `last` (the newest, under `cwd` when given). */
  locate(ref: string, cwd?: string): Promise<string>;
  /** A new thread, its session_meta written first. */
  create(id: string, now: Date, sessionMeta: RolloutLineInput, opts?: CreateThreadOptions): Promise<{ path: string; writer: RolloutWriter }>;
  /** Takes the one-writer lock of a thread (before reading it, so nothing is appended in between). */
  lock(file: string): Promise<RolloutLock>;
  /** Appends to an existing thread under the lock taken with `lock`. */
  openForWriting(file: string, lock: RolloutLock, format?: RolloutLineFormat, onWarning?: (warning: string) => void, longStrings?: LongStringCache): Promise<RolloutWriter>;
  /** Reads a thread to reopen it, without taking the writer lock (from its last checkpoint on). */
  readForReopen(file: string, onWarning: (warning: string) => void): Promise<StoredThread>;
  /**
   * A file holding the thread's rollout bytes as they are now, for readers that work on files (the
   * rollout itself for the files store; an up-to-date local copy for Postgres).
   */
  readablePath(file: string): Promise<string>;
  /** All the records of a thread, without taking the writer lock. */
  read(file: string, options?: ReadOptions): Promise<RolloutRecord[]>;
  /** Every thread a listing shows, with its session_meta; undefined when the store pages through `list` only. */
  listAllFromHeads(archived: boolean): Promise<ListedThread[] | undefined>;
  /** One page of the threads, newest first. */
  list(options: ListThreadsOptions): Promise<ThreadListPage>;
  /** The thread's rollout exactly as the file store writes it: its bytes, in order. */
  exportRollout(file: string): AsyncIterable<Buffer>;
  /**
   * Stores a rollout's bytes as the thread `file` (a key under the home). A thread already holding a
   * prefix of these bytes gets the rest; one holding all of them is left alone; one holding other
   * bytes is refused.
   */
  importRollout(file: string, bytes: Buffer): Promise<ImportOutcome>;
  /** Lets go of what the store holds open (the Postgres pool); the files store holds nothing. */
  close(): Promise<void>;
}
