// The thread head cache, kept in the home (`cache/weft/thread-heads.json`, a name of weft's own
// under the `cache/` folder Codex shares out by tool) so that a new process (`weft thread list`, a
// fresh `weft view`) lists a thousand threads from one file instead of reading a thousand heads.
//
// Only a cache, never required:
// - an entry is used only while its rollout has the inode, size and mtime it had when read; Codex
//   and other tools append to the same files, and an append changes the size;
// - a file that cannot be read, does not parse, fails its schema or has another format is ignored,
//   silently, and rewritten whole by the next listing that reads a head;
// - it is written under another name and renamed over the old one, so concurrent weft processes
//   each see a whole file (the last writer wins; what it lacks is read again later);
// - entries of rollouts a whole listing no longer finds are dropped, and the count is capped.
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { THREAD_HEAD_CACHE_FORMAT, ThreadHeadCacheFile, type ListedSessionMeta, type ThreadHeadCacheEntry, type ThreadScan } from '../../../protocol/thread-head-cache.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../store/file-modes.js';
import { parseExact } from './schema-verdict.js';

export const HEAD_CACHE_FILE = join('cache', 'weft', 'thread-heads.json');

/** Entries kept at most (the oldest read go first). */
const ENTRY_LIMIT = 20_000;
/** A first message longer than this is kept in memory only: one pasted log must not bloat every load. */
const PERSISTED_PREVIEW_LIMIT = 32 * 1024;

/** What identifies the bytes of a rollout as read: a rewrite makes another inode, an append another size. */
export interface FileIdentity {
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
}

/** What a listing needs of a head. */
export interface ListingHead {
  /** The session_meta's listed fields (its base instructions, most of its bytes, are never listed). */
  readonly sessionMeta: ListedSessionMeta | undefined;
  readonly firstUserMessage: string | undefined;
}

const sameFile = (e: FileIdentity, id: FileIdentity): boolean => e.ino === id.ino && e.size === id.size && e.mtimeMs === id.mtimeMs;

let tempSerial = 0;

export class HeadCache {
  readonly file: string;
  readonly #entries = new Map<string, ThreadHeadCacheEntry>();
  #loading: Promise<void> | undefined;
  #dirty = false;
  #saving: Promise<void> = Promise.resolve();
  /** Heads and scans taken from the cache, and read from their rollouts: what a caller may report. */
  readonly counts = { reused: 0, read: 0 };

  constructor(home: string) {
    this.file = join(home, HEAD_CACHE_FILE);
  }

  /** Reads the cache file once; whatever is wrong with it leaves the cache empty. */
  load(): Promise<void> {
    this.#loading ??= this.#read();
    return this.#loading;
  }

  async #read(): Promise<void> {
    let parsed;
    try {
      // Checked as zod's parse would check it, without building a copy of a thousand entries.
      // Read synchronously, once per process: a listing has nothing else to do meanwhile.
      parsed = parseExact(ThreadHeadCacheFile, JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const e of parsed.data.entries) if (!this.#entries.has(e.path)) this.#entries.set(e.path, e);
  }

  /** The cached head of the rollout at `path`, when it was read from these very bytes. */
  head(path: string, id: FileIdentity): ListingHead | undefined {
    const e = this.#entries.get(path);
    if (e === undefined || !sameFile(e, id)) return undefined;
    this.counts.reused += 1;
    return { sessionMeta: e.meta ?? undefined, firstUserMessage: e.firstUserMessage ?? undefined };
  }

  /** Keeps a head just read; any scan of the file's older bytes goes with the old entry. */
  putHead(path: string, id: FileIdentity, head: ListingHead): void {
    this.counts.read += 1;
    this.#entries.delete(path);
    if (this.#entries.size >= ENTRY_LIMIT) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(path, {
      path,
      ino: id.ino,
      size: id.size,
      mtimeMs: id.mtimeMs,
      meta: head.sessionMeta ?? null,
      firstUserMessage: head.firstUserMessage ?? null,
      scan: null,
    });
    this.#dirty = true;
  }

  /** The cached scan of the rollout at `path`, when it was made of these very bytes. */
  scan(path: string, id: FileIdentity): ThreadScan | undefined {
    const e = this.#entries.get(path);
    return e !== undefined && sameFile(e, id) && e.scan !== null ? e.scan : undefined;
  }

  /** Keeps a scan of the bytes whose head is cached (a scan of other bytes is not kept). */
  putScan(path: string, id: FileIdentity, scan: ThreadScan): void {
    const e = this.#entries.get(path);
    if (e === undefined || !sameFile(e, id)) return;
    this.#entries.set(path, { ...e, scan });
    this.#dirty = true;
  }

  /** After a listing walked the whole of `root`: drops the entries of rollouts it did not find there. */
  keepOnly(root: string, found: ReadonlySet<string>): void {
    const under = root + sep;
    for (const path of this.#entries.keys()) {
      if (path.startsWith(under) && !found.has(path)) {
        this.#entries.delete(path);
        this.#dirty = true;
      }
    }
  }

  /** Writes the cache when it changed; one write at a time per process, a failure only costs a later read. */
  save(): Promise<void> {
    this.#saving = this.#saving.then(() => this.#write());
    return this.#saving;
  }

  async #write(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    const entries = [...this.#entries.values()].filter((e) => (e.firstUserMessage?.length ?? 0) <= PERSISTED_PREVIEW_LIMIT);
    const body: ThreadHeadCacheFile = { format: THREAD_HEAD_CACHE_FORMAT, entries };
    const temp = `${this.file}.${process.pid}.${++tempSerial}.tmp`;
    try {
      await mkdir(join(this.file, '..'), PRIVATE_DIRS);
      await writeFile(temp, JSON.stringify(body), { mode: PRIVATE_FILE_MODE });
      await rename(temp, this.file);
    } catch {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
}

const byHome = new Map<string, HeadCache>();

/** This process's head cache of `home`: loaded once, then kept up to date by every listing. */
export function headCacheOf(home: string): HeadCache {
  const key = resolve(home);
  let cache = byHome.get(key);
  if (cache === undefined) {
    cache = new HeadCache(key);
    byHome.set(key, cache);
  }
  return cache;
}
