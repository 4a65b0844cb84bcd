// Owns listing threads for `thread/list` and pickers: newest first, paginated with an opaque cursor,
// each entry built from the file's head only (never a whole-file parse), so a listing costs the same
// whatever the size of the threads.
//
// Order: the creation time in the file name, newest first; within the same second, the most
// recently modified first (file mtime), then the id. The cursor names the last entry returned, so a
// thread appended to between two pages only moves within its own second.
// Like Codex 0.98, a file without a session_meta or without any user message in its head is not
// listed (a thread nobody spoke in cannot be resumed).
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError, errorMessage } from '../errors.js';
import { isThreadId } from './thread-id.js';
import { archivedSessionsDir, dayDirsNewestFirst, rolloutFilesIn } from './paths.js';
import type { RolloutFileEntry } from './paths.js';
import { readRolloutHead, type RolloutHead } from './head.js';
import type { SessionMeta } from '../../protocol/rollout.js';

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

/** Stat's a group of files sharing a directory (all at once), in list order. Files that vanished are dropped. */
async function withMtimes(files: RolloutFileEntry[]): Promise<Candidate[]> {
  const stats = await Promise.all(files.map((f) => stat(f.path).catch(() => undefined)));
  const out: Candidate[] = [];
  files.forEach((f, i) => {
    const st = stats[i];
    // Undefined: removed while listing.
    if (st) out.push({ ...f, mtimeMs: st.mtimeMs, size: st.size, ino: st.ino });
  });
  return out.sort(order);
}

/** Candidates in list order. Directories newer than the cursor's day are not even listed. */
async function* candidates(home: string, archived: boolean, after: SortKey | undefined): AsyncGenerator<Candidate> {
  const keep = (c: Candidate): boolean => after === undefined || order(c, after) > 0;
  if (archived) {
    for (const c of await withMtimes(await rolloutFilesIn(archivedSessionsDir(home)))) if (keep(c)) yield c;
    return;
  }
  const cursorDay = after?.fileTs.slice(0, 10);
  for await (const { dir, day } of dayDirsNewestFirst(home)) {
    if (cursorDay !== undefined && day > cursorDay) continue;
    for (const c of await withMtimes(await rolloutFilesIn(dir))) if (keep(c)) yield c;
  }
}

/**
 * Heads already read, by path, with the file's identity when they were read. A listing stats every
 * file anyway (for its order), so a file whose inode, size and mtime are unchanged is not read again:
 * a long-running process (app-server, viewer) lists a thousand threads from memory. An append (the
 * size changes) or a file replaced (another inode) makes its entry stale; rollouts are never
 * rewritten in place with the same size, the one change mtime's clock tick could hide.
 */
const HEAD_CACHE_LIMIT = 20_000;
const headCache = new Map<string, { ino: number; size: number; mtimeMs: number; head: RolloutHead }>();

async function headOf(c: Candidate): Promise<RolloutHead> {
  const known = headCache.get(c.path);
  if (known && known.ino === c.ino && known.size === c.size && known.mtimeMs === c.mtimeMs) return known.head;
  const head = await readRolloutHead(c.path);
  if (headCache.size >= HEAD_CACHE_LIMIT) headCache.delete(headCache.keys().next().value as string);
  headCache.set(c.path, { ino: c.ino, size: c.size, mtimeMs: c.mtimeMs, head });
  return head;
}

/** One listed thread with what its head holds, for callers that show more than a list entry. */
export interface ListedThread {
  readonly entry: ThreadListEntry;
  readonly sessionMeta: SessionMeta;
  readonly mtimeMs: number;
}

type Verdict = { listed: ListedThread } | { warning: string } | undefined;

async function entryFor(c: Candidate, wantCwd: string | undefined, search: string | undefined): Promise<Verdict> {
  let head;
  try {
    head = await headOf(c);
  } catch (err) {
    return { warning: `${c.path}: cannot be read (${errorMessage(err)}); not listed` };
  }
  const meta = head.sessionMeta;
  if (meta === undefined) return { warning: `${c.path}: no valid session_meta line at its head; not listed` };
  // A thread that has had no turn yet is not listed, as in Codex.
  if (head.firstUserMessage === undefined) return undefined;
  if (wantCwd !== undefined && resolve(meta.cwd) !== wantCwd) return undefined;
  if (search !== undefined && !head.firstUserMessage.toLowerCase().includes(search)) return undefined;
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
  return { listed: { entry, sessionMeta: meta, mtimeMs: c.mtimeMs } };
}

/**
 * The listed threads in list order, with their place in it. Heads are read `READ_WINDOW` at a time,
 * ahead of the consumer; their warnings still come in list order.
 */
async function* listed(home: string, options: ListThreadsOptions): AsyncGenerator<{ listed: ListedThread; key: SortKey }> {
  const after = options.cursor === undefined || options.cursor === '' ? undefined : decodeCursor(options.cursor);
  const wantCwd = options.cwd === undefined ? undefined : resolve(options.cwd);
  const search = options.search === undefined || options.search === '' ? undefined : options.search.toLowerCase();
  const warn = options.onWarning ?? (() => undefined);
  const window: Array<{ c: Candidate; verdict: Promise<Verdict> }> = [];
  const source = candidates(home, options.archived === true, after);
  for (;;) {
    while (window.length < READ_WINDOW) {
      const next = await source.next();
      if (next.done) break;
      window.push({ c: next.value, verdict: entryFor(next.value, wantCwd, search) });
    }
    const first = window.shift();
    if (first === undefined) return;
    const verdict = await first.verdict;
    if (verdict === undefined) continue;
    if ('warning' in verdict) warn(verdict.warning);
    else yield { listed: verdict.listed, key: first.c };
  }
}

/** Every listed thread (no paging), with its session_meta: what the app-server filters and sorts itself. */
export async function listAllThreads(home: string, options: Omit<ListThreadsOptions, 'limit' | 'cursor'> = {}): Promise<ListedThread[]> {
  const out: ListedThread[] = [];
  for await (const { listed: t } of listed(home, { ...options, limit: Number.MAX_SAFE_INTEGER })) out.push(t);
  return out;
}

export async function listThreads(home: string, options: ListThreadsOptions): Promise<ThreadListPage> {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`thread list limit must be a positive integer, got ${limit}`);
  const threads: ThreadListEntry[] = [];
  let lastKey: SortKey | undefined;
  for await (const { listed: t, key } of listed(home, options)) {
    // One entry past the page tells whether there is a next page.
    if (threads.length === limit) return { threads, nextCursor: lastKey === undefined ? null : encodeCursor(lastKey) };
    threads.push(t.entry);
    lastKey = key;
  }
  return { threads, nextCursor: null };
}
