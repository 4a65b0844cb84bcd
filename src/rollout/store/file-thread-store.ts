// The home's files as the thread store (the default): each thread one rollout file under
// `sessions/`, written under a file lock, shared with Codex (its thread index and writer locks are
// honoured when the profile shares the home with Codex 0.169). Callers see only ThreadStore.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { NoThreadToResumeError } from '../../errors.js';
import { readRolloutHead } from './head.js';
import { withHistoryBase } from './history-base.js';
import { listAllThreads, listThreads, type ListedThread, type ListThreadsOptions, type ThreadListPage } from './list.js';
import { lockRollout, type RolloutLock } from './lock.js';
import { findRolloutPath, latestRollout, rolloutPath } from './paths.js';
import { readRollout, type ReadOptions, type RolloutRecord } from '../format/reader.js';
import { locateThread } from './lookup.js';
import { readForReopen } from '../cache/resume-index.js';
import { RolloutWriter, type RolloutLineFormat, type RolloutLineInput, type RolloutWriteObserver } from '../format/writer.js';
import { parseRolloutFileName } from './paths.js';
import type { LongStringCache } from '../../bytes/long-string-cache.js';
import { threadIndexObserver } from '../state-db/thread-index-observer.js';
import { listThreadsFromIndex, locateThroughIndex } from '../state-db/index-listing.js';
import { takeThreadWriterLock } from '../state-db/thread-writer-lock.js';
import type { CreateThreadOptions, ImportOutcome, ImportRolloutOptions, StoredThread, ThreadStore } from '../thread-store.js';
import { importRolloutFile } from './import-rollout-file.js';
import { archiveRollout, isArchivedPath, unarchiveRollout } from './archive.js';
import { deleteStoredThread } from './delete-thread.js';
import { nameStoredThread } from './thread-name.js';


export interface ThreadStoreOptions {
  /**
   * The home is shared with Codex 0.169 (the profile says so): threads are found through its thread
   * index when it exists, their rows kept there as they are written, and its writer locks honoured.
   */
  readonly codexThreadIndex?: boolean | undefined;
}

export class FileThreadStore implements ThreadStore {
  readonly kind = 'files';
  readonly #codex: boolean;

  constructor(
    readonly home: string,
    opts: ThreadStoreOptions = {},
  ) {
    this.#codex = opts.codexThreadIndex === true;
  }

  /** The rollout of a thread: by id, by rollout path, or `last` (the newest, under `cwd` when given). */
  async locate(ref: string, cwd?: string): Promise<string> {
    const indexed = this.#codex ? locateThroughIndex(this.home, ref, cwd) : undefined;
    if (indexed) return indexed;
    if (ref === 'last') {
      const latest = await latestRollout(this.home, cwd ? { cwd: path.resolve(cwd) } : {});
      if (!latest) throw new NoThreadToResumeError(this.home, cwd ? path.resolve(cwd) : undefined);
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
    opts: CreateThreadOptions = {},
  ): Promise<{ path: string; writer: RolloutWriter }> {
    const file = rolloutPath(opts.home ?? this.home, id, now);
    if (opts.inMemory) return { path: file, writer: await RolloutWriter.inMemory(file, sessionMeta, { format: opts.format, longStrings: opts.longStrings }) };
    // A thread written elsewhere (an ephemeral thread's scratch home) is none of Codex's business.
    let observer: RolloutWriteObserver | undefined;
    if (this.#codex && file.startsWith(this.home + path.sep)) {
      const codexLock = takeThreadWriterLock(this.home, id);
      observer = threadIndexObserver({ home: this.home, rolloutPath: file, onWarning: opts.onWarning, onClosed: codexLock.release });
    }
    try {
      return { path: file, writer: await RolloutWriter.create(file, sessionMeta, { format: opts.format, observer, longStrings: opts.longStrings }) };
    } catch (err) {
      observer?.closed();
      throw err;
    }
  }

  /** Takes the one-writer lock of a rollout (before reading it, so nothing is appended in between). */
  async lock(file: string): Promise<RolloutLock> {
    const rolloutLock = await lockRollout(file);
    const id = this.#codex ? parseRolloutFileName(path.basename(file))?.id : undefined;
    if (id === undefined) return rolloutLock;
    // Codex's own lock too (thread-writer-locks/<id>.lock): Codex and weft never write one thread at once.
    let codexLock: { release(): void };
    try {
      codexLock = takeThreadWriterLock(this.home, id);
    } catch (err) {
      await rolloutLock.release();
      throw err;
    }
    return {
      lockPath: rolloutLock.lockPath,
      release: async () => {
        codexLock.release();
        await rolloutLock.release();
      },
    };
  }

  /** Appends to an existing rollout under the lock taken with `lock`. */
  async openForWriting(
    file: string,
    lock: RolloutLock,
    format?: RolloutLineFormat,
    onWarning?: (warning: string) => void,
    longStrings?: LongStringCache,
  ): Promise<RolloutWriter> {
    let observer: RolloutWriteObserver | undefined;
    if (this.#codex) {
      const head = await readRolloutHead(file).catch(() => undefined);
      observer = threadIndexObserver({
        home: this.home,
        rolloutPath: file,
        sessionMeta: head?.sessionMeta ? { type: 'session_meta', payload: head.sessionMeta } : undefined,
        firstUserMessage: head?.firstUserMessage,
        inheritedPreview: head?.firstUserMessage === undefined ? await this.#ancestorPreview(head?.sessionMeta?.forked_from_id) : undefined,
        onWarning,
      });
    }
    return RolloutWriter.open(file, { format, lock, observer, longStrings });
  }

  /** The first user message of the nearest ancestor that has one (a fork of a fork looks further up). */
  async #ancestorPreview(parentId: string | undefined): Promise<string | undefined> {
    const seen = new Set<string>();
    for (let id = parentId; id !== undefined && !seen.has(id); ) {
      seen.add(id);
      const head = await this.locate(id).then(readRolloutHead).catch(() => undefined);
      if (head?.firstUserMessage !== undefined) return head.firstUserMessage;
      id = head?.sessionMeta?.forked_from_id;
    }
    return undefined;
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

  async readHistory(file: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
    return withHistoryBase(await readRollout(file, options), file, this.home, options);
  }

  /** All the records of a rollout, without taking the writer lock. */
  read(file: string, options: ReadOptions = {}): Promise<RolloutRecord[]> {
    return readRollout(file, options);
  }

  /**
   * Every thread a listing shows, with its session_meta, read from the rollouts' heads; undefined
   * when Codex's thread index lists this home (page through `list` then).
   */
  async listAllFromHeads(archived: boolean): Promise<ListedThread[] | undefined> {
    if (this.#codex && listThreadsFromIndex(this.home, { limit: 1, archived }) !== undefined) return undefined;
    return listAllThreads(this.home, { archived });
  }

  /** One page of the threads under the home directory, newest first. */
  async list(options: ListThreadsOptions): Promise<ThreadListPage> {
    const indexed = this.#codex ? listThreadsFromIndex(this.home, options) : undefined;
    return indexed ?? listThreads(this.home, options);
  }

  createFromFile(write: (home: string) => Promise<string>): Promise<string> {
    return write(this.home);
  }

  async localCopy(file: string): Promise<string> {
    return file;
  }

  find(id: string): Promise<string | undefined> {
    return findRolloutPath(this.home, id);
  }

  isArchived(file: string): boolean {
    return isArchivedPath(this.home, file);
  }

  archive(file: string): Promise<string> {
    return archiveRollout(this.home, file);
  }

  unarchive(file: string): Promise<string> {
    return unarchiveRollout(this.home, file);
  }

  delete(threadId: string, file: string, onWarning?: (message: string) => void): Promise<void> {
    return deleteStoredThread(this.home, threadId, file, onWarning);
  }

  name(file: string, threadId: string, name: string): Promise<void> {
    return nameStoredThread(file, threadId, name);
  }

  /** The rollout file's bytes. */
  async *exportRollout(file: string): AsyncIterable<Buffer> {
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
  }

  /** Writes the rollout as `file` under its lock: a new file, the rest of a partial one, or nothing. */
  importRollout(file: string, bytes: Buffer, opts: ImportRolloutOptions = {}): Promise<ImportOutcome> {
    return importRolloutFile(file, bytes, opts.updatedAt);
  }

  async close(): Promise<void> {}
}
