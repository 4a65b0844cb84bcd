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

export interface ImportRolloutOptions {
  /** The thread's update time (a moved file's mtime); the time of the import by default. */
  readonly updatedAt?: Date | undefined;
}

export interface ThreadStore {
  /** `files` (the home's rollouts) or `postgres`. */
  readonly kind: 'files' | 'postgres';
  /** The home the thread keys are under (the files store keeps its rollouts there). */
  readonly home: string;
  /** The rollout (key) of a thread: by id, by rollout path, or `last` (the newest, under `cwd` when given). */
  locate(ref: string, cwd?: string): Promise<string>;
  /** A new thread, its session_meta written first. */
  create(id: string, now: Date, sessionMeta: RolloutLineInput, opts?: CreateThreadOptions): Promise<{ path: string; writer: RolloutWriter }>;
  /**
   * A new thread whose rollout is written whole by code that writes rollout files (a fork): `write`
   * is given the home to write under and returns the file it wrote; the store keeps it and returns
   * the thread's rollout path. The files store lets it write in the home itself.
   */
  createFromFile(write: (home: string) => Promise<string>): Promise<string>;
  /** Takes the one-writer lock of a thread (before reading it, so nothing is appended in between). */
  lock(file: string): Promise<RolloutLock>;
  /** Appends to an existing thread under the lock taken with `lock`. */
  openForWriting(file: string, lock: RolloutLock, format?: RolloutLineFormat, onWarning?: (warning: string) => void, longStrings?: LongStringCache): Promise<RolloutWriter>;
  /** Reads a thread to reopen it, without taking the writer lock (from its last checkpoint on). */
  readForReopen(file: string, onWarning: (warning: string) => void): Promise<StoredThread>;
  /**
   * A file holding the thread's rollout as stored now, to read in place: the rollout itself for the
   * files store, a local copy brought up to date for Postgres. A path outside the store (an ephemeral
   * thread's scratch file) is returned as it is.
   */
  localCopy(file: string): Promise<string>;
  /** The rollout (key) of the thread with this id, or undefined when the store holds none. */
  find(id: string): Promise<string | undefined>;
  /** All the records of a thread from its top, a Codex 0.169 fork's preceded by its parent's lines before the fork. */
  readHistory(file: string, options?: ReadOptions): Promise<RolloutRecord[]>;
  /** All the records of a thread, without taking the writer lock. */
  read(file: string, options?: ReadOptions): Promise<RolloutRecord[]>;
  /** Every thread a listing shows, with its session_meta; undefined when the store pages through `list` only. */
  listAllFromHeads(archived: boolean): Promise<ListedThread[] | undefined>;
  /** One page of the threads, newest first. */
  list(options: ListThreadsOptions): Promise<ThreadListPage>;
  /** Whether the rollout path is an archived thread's (`<home>/archived_sessions/…`). */
  isArchived(file: string): boolean;
  /** Archives a thread (listings and `last` no longer see it); returns its new rollout path. */
  archive(file: string): Promise<string>;
  /** Brings an archived thread back; returns its new rollout path. */
  unarchive(file: string): Promise<string>;
  /** Deletes a thread and every trace of it the store keeps. */
  delete(threadId: string, file: string, onWarning?: (message: string) => void): Promise<void>;
  /** Names a thread that no writer of this process holds (a `thread_name_updated` line appended). */
  name(file: string, threadId: string, name: string): Promise<void>;
  /** The thread's rollout exactly as the file store writes it: its bytes, in order. */
  exportRollout(file: string): AsyncIterable<Buffer>;
  /**
   * Stores a rollout's bytes as the thread `file` (a key under the home). A thread already holding a
   * prefix of these bytes gets the rest; one holding all of them is left alone; one holding other
   * bytes is refused.
   */
  importRollout(file: string, bytes: Buffer, opts?: ImportRolloutOptions): Promise<ImportOutcome>;
  /**
   * Calls `onChange` after each durable append to the thread, until the returned function is called:
   * for a store whose threads are not files a reader can watch (Postgres: LISTEN). The files store
   * has none: its rollouts are watched as files.
   */
  watch?(file: string, onChange: () => void): Promise<() => void>;
  /** Lets go of what the store holds open (the Postgres pool); the files store holds nothing. */
  close(): Promise<void>;
}
