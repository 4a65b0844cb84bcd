// Owns listing threads for `thread/list` and pickers: newest first, paginated with an opaque cursor,
// each entry built from the file's head only (never a whole-file parse), so a listing costs the same
// whatever the size of the threads.
//
// Order: the creation time in the file name, newest first; within the same second, the most
// recently modified first (file mtime), then the id. The cursor names the last entry returned, so a
// thread appended to between two pages only moves within its own second.
// Like Codex 0.98, a file without a session_meta or without any user message in its head is not
// listed (a thread nobody spoke in cannot be resumed).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, errorMessage } from '../../errors.js';
import { isThreadId } from './thread-id.js';
import { archivedSessionsDir, dayDirsNewestFirst, rolloutFilesIn, sessionsDir } from './paths.js';
import type { RolloutFileEntry } from './paths.js';
import { readRolloutHead } from './head.js';
import { findThreadById } from './lookup.js';
import { headCacheOf, type HeadCache, type ListingHead } from '../cache/head-cache.js';
import { scanThread, type ThreadScan } from './thread-scan.js';
import type { SessionMeta } from '../../../protocol/rollout.js';
import type { ListedSessionMeta } from '../../../protocol/thread-head-cache.js';

export interface ThreadListEntry {
  id: string;
  path: string;
  /** session_meta.timestamp (UTC, ISO 8601). */
  createdAt: string;
  /** The file's mtime (UTC, ISO 8601). */
  updatedAt: string;
  cwd: string;
  /** The first user message. */
  preview: string;
  modelProvider?: string;
  forkedFromId?: string;
  source: string | Record<string, unknown>;
  cliVersion: string;
}

export interface ThreadListPage {
  threads: ThreadListEntry[];
  /** Pass back as `cursor` for the next page; null when this page is the last. */
  nextCursor: string | null;
}

export interface ListThreadsOptions {
  cursor?: string;
  limit: number;
  /** Only threads whose session_meta cwd is this directory. */
  cwd?: string;
  /** Only threads whose first user message contains this text (any case). */
  search?: string;
  /** List `archived_sessions/` instead of `sessions/`. */
  archived?: boolean;
  /** Told of each rollout left out because it cannot be read or has no valid session_meta line. */
  onWarning?: (message: string) => void;
  /**
   * The head cache to use; by default this process's for the home, loaded from the home's cache
   * file. (A new `HeadCache` stands for a new process.)
   */
  headCache?: HeadCache;
}

interface SortKey {
  fileTs: string;
  mtimeMs: number;
  id: string;
}

type Candidate = RolloutFileEntry & { mtimeMs: number; size: number; ino: number };

const FILE_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/;

/** Heads read at once: a listing waits on file reads, which overlap well. */
const READ_WINDOW = 32;

function encodeCursor(k: SortKey): string {
  return `${k.fileTs}|${k.mtimeMs}|${k.id}`;
}

function decodeCursor(cursor: string): SortKey {
  const [fileTs, mtime, id, ...rest] = cursor.split('|');
  const mtimeMs = Number(mtime);
  if (rest.length > 0 || fileTs === undefined || !FILE_TS_RE.test(fileTs) || mtime === undefined || mtime === '' || !Number.isFinite(mtimeMs) || !isThreadId(id)) {
    throw new UsageError(`invalid thread list cursor ${JSON.stringify(cursor)}: pass back a nextCursor from an earlier page`);
  }
  return { fileTs, mtimeMs, id: id.toLowerCase() };
}

/** Negative when `a` is listed before `b`. */
function order(a: SortKey, b: SortKey): number {
  if (a.fileTs !== b.fileTs) return a.fileTs > b.fileTs ? -1 : 1;
  if (a.mtimeMs !== b.mtimeMs) return b.mtimeMs - a.mtimeMs;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

/**
 * Stats a group of files sharing a directory, in list order. Files that vanished are dropped.
 * Synchronously: a stat of a local file takes microseconds, and a promise per file cost a listing
 * of a thousand threads more than the stats themselves.
 */
function withMtimes(files: RolloutFileEntry[]): Candidate[] {
  const out: Candidate[] = [];
  for (const f of files) {
    let st;
    try {
      st = statSync(f.path, { throwIfNoEntry: false });
    } catch {
      // Unreadable: left out, as a file removed while listing is.
    }
    if (st) out.push({ fileTs: f.fileTs, id: f.id, path: f.path, mtimeMs: st.mtimeMs, size: st.size, ino: st.ino });
  }
  return out.sort(order);
}

/**
 * Candidates in list order, a directory at a time (one step of the generator per directory, not per
 * file). Directories newer than the cursor's day are not even listed.
 */
async function* candidateGroups(home: string, archived: boolean, after: SortKey | undefined): AsyncGenerator<Candidate[]> {
  const keep = (c: Candidate): boolean => after === undefined || order(c, after) > 0;
  if (archived) {
    yield withMtimes(await rolloutFilesIn(archivedSessionsDir(home))).filter(keep);
    return;
  }
  const cursorDay = after?.fileTs.slice(0, 10);
  for await (const { dir, day } of dayDirsNewestFirst(home)) {
    if (cursorDay !== undefined && day > cursorDay) continue;
    const group = withMtimes(await rolloutFilesIn(dir)).filter(keep);
    if (group.length > 0) yield group;
  }
}

/** The head of a candidate the cache does not hold, read from its rollout and kept in the cache. */
async function readHead(c: Candidate, cache: HeadCache, home: string): Promise<ListingHead> {
  const read = await readRolloutHead(c.path);
  // A 0.169 fork that has had no turn yet (one line naming its history base) is listed as Codex lists
  // it: with the preview of the thread it was forked from.
  const base = read.sessionMeta?.history_base;
  const preview = read.firstUserMessage ?? (base ? await ancestorPreview(home, read.sessionMeta?.forked_from_id) : undefined);
  const head: ListingHead = { sessionMeta: listedMeta(read.sessionMeta), firstUserMessage: preview };
  cache.putHead(c.path, c, head);
  return head;
}

/** The first user message of the nearest ancestor that has one (a fork of a fork looks further up). */
async function ancestorPreview(home: string, parentId: string | undefined): Promise<string | undefined> {
  const seen = new Set<string>();
  for (let id = parentId; id !== undefined && !seen.has(id); ) {
    seen.add(id);
    const file = await findThreadById(home, id).catch(() => undefined);
    const head = file === undefined ? undefined : await readRolloutHead(file).catch(() => undefined);
    if (head?.firstUserMessage !== undefined) return head.firstUserMessage;
    id = head?.sessionMeta?.forked_from_id;
  }
  return undefined;
}

/** The fields a listing shows: the same whether the head was read now or taken from the cache. */
function listedMeta(meta: SessionMeta | undefined): ListedSessionMeta | undefined {
  if (meta === undefined) return undefined;
  const { id, forked_from_id, timestamp, cwd, originator, cli_version, source, model_provider, git } = meta;
  return {
    id,
    ...(forked_from_id !== undefined ? { forked_from_id } : {}),
    timestamp,
    cwd,
    originator,
    cli_version,
    source,
    ...(model_provider !== undefined ? { model_provider } : {}),
    ...(git !== undefined ? { git: gitFacts(git) } : {}),
  };
}

function gitFacts(git: NonNullable<SessionMeta['git']>): NonNullable<ListedSessionMeta['git']> {
  const { commit_hash, branch, repository_url } = git;
  return {
    ...(commit_hash !== undefined ? { commit_hash } : {}),
    ...(branch !== undefined ? { branch } : {}),
    ...(repository_url !== undefined ? { repository_url } : {}),
  };
}

async function readScan(c: Candidate, cache: HeadCache): Promise<ThreadScan> {
  const scan = await scanThread(c.path, c.size);
  cache.putScan(c.path, c, scan);
  return scan;
}

/** One listed thread with what its head holds, for callers that show more than a list entry. */
export interface ListedThread {
  readonly entry: ThreadListEntry;
  /** The fields of its session_meta that a listing shows (see `ListedSessionMeta`). */
  readonly sessionMeta: ListedSessionMeta;
  readonly mtimeMs: number;
  /** Turn count and name, when asked for (`withScan`): a scan of the whole file, cached like the head. */
  readonly scan?: ThreadScan;
}

type Verdict = { listed: ListedThread } | { warning: string } | undefined;

interface Wanted {
  readonly home: string;
  readonly cwd: string | undefined;
  readonly search: string | undefined;
  readonly scan: boolean;
}

/**
 * The verdict on a candidate: at once when the cache holds what it needs (a listing of a known home
 * makes no promise per thread), else once its head, and its scan when wanted, are read. A listing
 * stats every file anyway (for its order), so a file whose inode, size and mtime are those of a cached
 * head is not read again: a long-running process (app-server, viewer) lists a thousand threads from
 * memory, a new one from the home's cache file. An append (the size changes) or a file replaced
 * (another inode) makes its entry stale; rollouts are never rewritten in place with the same size,
 * the one change mtime's clock tick could hide.
 */
function verdictFor(c: Candidate, cache: HeadCache, want: Wanted): Verdict | Promise<Verdict> {
  const head = cache.head(c.path, c);
  if (head === undefined) return readVerdict(c, cache, want, undefined);
  if (!want.scan || head.sessionMeta === undefined || head.firstUserMessage === undefined) return judge(c, head, undefined, want);
  const scan = cache.scan(c.path, c);
  return scan === undefined ? readVerdict(c, cache, want, head) : judge(c, head, scan, want);
}

async function readVerdict(c: Candidate, cache: HeadCache, want: Wanted, cached: ListingHead | undefined): Promise<Verdict> {
  let head;
  let scan: ThreadScan | undefined;
  try {
    head = cached ?? (await readHead(c, cache, want.home));
    if (want.scan && head.sessionMeta !== undefined && head.firstUserMessage !== undefined) scan = await readScan(c, cache);
  } catch (err) {
    return { warning: `${c.path}: cannot be read (${errorMessage(err)}); not listed` };
  }
  return judge(c, head, scan, want);
}

function judge(c: Candidate, head: ListingHead, scan: ThreadScan | undefined, want: Wanted): Verdict {
  const meta = head.sessionMeta;
  if (meta === undefined) return { warning: `${c.path}: no valid session_meta line at its head; not listed` };
  // A thread that has had no turn yet is not listed, as in Codex.
  if (head.firstUserMessage === undefined) return undefined;
  if (want.cwd !== undefined && resolve(meta.cwd) !== want.cwd) return undefined;
  if (want.search !== undefined && !head.firstUserMessage.toLowerCase().includes(want.search)) return undefined;
  const entry: ThreadListEntry = {
    id: isThreadId(meta.id) ? meta.id.toLowerCase() : c.id,
    path: c.path,
    createdAt: meta.timestamp,
    updatedAt: new Date(c.mtimeMs).toISOString(),
    cwd: meta.cwd,
    preview: head.firstUserMessage,
    source: meta.source,
    cliVersion: meta.cli_version,
  };
  if (meta.model_provider !== undefined) entry.modelProvider = meta.model_provider;
  if (meta.forked_from_id !== undefined) entry.forkedFromId = meta.forked_from_id;
  return { listed: { entry, sessionMeta: meta, mtimeMs: c.mtimeMs, ...(scan ? { scan } : {}) } };
}

/**
 * The listed threads in list order, with their place in it, in batches: what is decided without
 * waiting (cached heads) comes out together, and a batch ends where a read must be waited for, so a
 * consumer that has enough stops before more is read. Heads are read `READ_WINDOW` at a time, ahead
 * of the consumer; their warnings still come in list order. What was read goes to the head cache's
 * file when the listing ends; a listing that saw the whole folder also drops from it the rollouts
 * that are gone.
 */
async function* listed(home: string, options: ListThreadsOptions & { withScan?: boolean }): AsyncGenerator<Array<{ listed: ListedThread; key: SortKey }>> {
  const after = options.cursor === undefined || options.cursor === '' ? undefined : decodeCursor(options.cursor);
  const want: Wanted = {
    home,
    cwd: options.cwd === undefined ? undefined : resolve(options.cwd),
    search: options.search === undefined || options.search === '' ? undefined : options.search.toLowerCase(),
    scan: options.withScan === true,
  };
  const warn = options.onWarning ?? (() => undefined);
  const cache = options.headCache ?? headCacheOf(home);
  await cache.load();
  const window: Array<{ c: Candidate; verdict: Verdict | Promise<Verdict> }> = [];
  const archived = options.archived === true;
  const found = new Set<string>();
  const batch: Array<{ listed: ListedThread; key: SortKey }> = [];
  const take = (c: Candidate, verdict: Verdict): void => {
    if (verdict === undefined) return;
    if ('warning' in verdict) warn(verdict.warning);
    else batch.push({ listed: verdict.listed, key: c });
  };
  // What is decided goes out in order. The read to wait for, once `reads` or more are pending (the
  // batch so far goes out before it, so a consumer that has enough stops before more is read).
  const settle = (reads: number): { c: Candidate; verdict: Verdict | Promise<Verdict> } | undefined => {
    while (window.length > 0) {
      const first = window[0] as { c: Candidate; verdict: Verdict | Promise<Verdict> };
      if (first.verdict instanceof Promise) return window.length >= reads ? first : undefined;
      window.shift();
      take(first.c, first.verdict);
    }
    return undefined;
  };
  try {
    for await (const group of candidateGroups(home, archived, after)) {
      for (const c of group) {
        found.add(c.path);
        window.push({ c, verdict: verdictFor(c, cache, want) });
        for (let read = settle(READ_WINDOW); read !== undefined; read = settle(READ_WINDOW)) {
          if (batch.length > 0) yield batch.splice(0);
          read.verdict = await read.verdict;
        }
      }
      if (batch.length > 0) yield batch.splice(0);
    }
    for (let read = settle(1); read !== undefined; read = settle(1)) {
      if (batch.length > 0) yield batch.splice(0);
      read.verdict = await read.verdict;
    }
    if (batch.length > 0) yield batch;
    if (after === undefined) cache.keepOnly(archived ? archivedSessionsDir(home) : sessionsDir(home), found);
  } finally {
    // Heads read ahead of a consumer that stopped early are still worth keeping.
    await Promise.allSettled(window.map((w) => w.verdict));
    await cache.save();
  }
}

/**
 * Every listed thread (no paging), with its session_meta: what the app-server filters and sorts
 * itself. `withScan` adds each thread's turn count and name (the viewer's list).
 */
export async function listAllThreads(home: string, options: Omit<ListThreadsOptions, 'limit' | 'cursor'> & { withScan?: boolean } = {}): Promise<ListedThread[]> {
  const out: ListedThread[] = [];
  for await (const batch of listed(home, { ...options, limit: Number.MAX_SAFE_INTEGER })) for (const { listed: t } of batch) out.push(t);
  return out;
}

export async function listThreads(home: string, options: ListThreadsOptions): Promise<ThreadListPage> {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`thread list limit must be a positive integer, got ${limit}`);
  const threads: ThreadListEntry[] = [];
  let lastKey: SortKey | undefined;
  for await (const batch of listed(home, options)) {
    for (const { listed: t, key } of batch) {
      // One entry past the page tells whether there is a next page.
      if (threads.length === limit) return { threads, nextCursor: lastKey === undefined ? null : encodeCursor(lastKey) };
      threads.push(t.entry);
      lastKey = key;
    }
  }
  return { threads, nextCursor: null };
}
