// The thread store: where the engine, the CLI and the app-server find, read, write and list threads.
// Callers name a thread (id, path or `last`) and get records or a writer; which rollout files, locks
// and directories that takes stays behind this API.
import path from 'node:path';
import type { SessionMeta } from '../../protocol/rollout.js';
import { RolloutError } from '../errors.js';
import { withHistoryBase } from './history-base.js';
import { listThreads, type ListThreadsOptions, type ThreadListPage } from './list.js';
import { lockRollout, type RolloutLock } from './lock.js';
import { latestRollout, rolloutPath } from './paths.js';
import { readRollout, type ReadOptions, type RolloutRecord } from './reader.js';
import { locateThread } from './lookup.js';
import { readForReopen } from './resume-index.js';
import { RolloutWriter, type RolloutLineFormat, type RolloutLineInput } from './writer.js';

/** A thread read back for reopening: its records (from the last checkpoint on) and its session_meta. */
export interface StoredThread {
  readonly records: RolloutRecord[];
  /** session_meta when the records do not start with it (they start at a checkpoint). */
  readonly headMeta: SessionMeta | undefined;
}

export class ThreadStore {
  constructor(readonly home: string) {}

  /** The rollout of a thread: by id, by rollout path, or `last` (the newest, under `cwd` when given). */
  async locate(ref: string, cwd?: string): Promise<string> {
    if (ref === 'last') {
      const latest = await latestRollout(this.home, cwd ? { cwd: path.resolve(cwd) } : {});
      if (!latest) throw new RolloutError(`no thread to resume under ${this.home}/sessions`);
      return latest.path;
    }
    if (ref.endsWith('.jsonl')) return path.resolve(ref);
    // An id, a unique id prefix, or a thread's name.
    return locateThread(this.home, ref);
  }

  /**
   * A new thread's rollout, its session_meta written first. `home` puts it elsewhere than the store's
   * home (an app-server ephemeral thread's scratch directory); `inMemory` writes nothing at all.
   */
  async create(
    id: string,
    now: Date,
    sessionMeta: RolloutLineInput,
    opts: { format?: RolloutLineFormat | undefined; home?: string | undefined; inMemory?: boolean } = {},
  ): Promise<{ path: string; writer: RolloutWriter }> {
    const file = rolloutPath(opts.home ?? this.home, id, now);
    const open = opts.inMemory ? RolloutWriter.inMemory : RolloutWriter.create;
    return { path: file, writer: await open(file, sessionMeta, { format: opts.format }) };
  }

  /** Takes the one-writer lock of a rollout (before reading it, so nothing is appended in between). */
  lock(file: string): Promise<RolloutLock> {
    return lockRollout(file);
  }

  /** Appends to an existing rollout under the lock taken with `lock`. */
  openForWriting(file: string, lock: RolloutLock, format?: RolloutLineFormat): Promise<RolloutWriter> {
    return RolloutWriter.open(file, { format, lock });
  }

  /**
   * Reads a thread to reopen it, without taking the writer lock: from its last checkpoint on (a
   * compaction's rebuilt history), preceded by the lines a 0.169 fork names in its parent, with items
   * left in the file (their bytes are forwarded from there).
   */
  async readForReopen(file: string, onWarning: (warning: string) => void): Promise<StoredThread> {
    const own = await readForReopen(file, { onWarning });
    const records = await withHistoryBase(own.records, file, this.home, { onWarning, itemBytes: 'file' });
    return { records, headMeta: own.headMeta };
  }

  /** All the records of a rollout, without taking the writer lock. */
  read(file: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
    return readRollout(file, options);
  }

  /** One page of the threads under the home directory, newest first. */
  list(options: ListThreadsOptions): Promise<ThreadListPage> {
    return listThreads(this.home, options);
  }
}
