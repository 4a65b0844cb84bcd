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
import { readRolloutHead } from './head.js';

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

type Candidate = RolloutFileEntry & { mtimeMs: number };

const FILE_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/;

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

/** Stat's a group of files sharing a directory, in list order. Files that vanished are dropped. */
async function withMtimes(files: RolloutFileEntry[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const f of files) {
    try {
      out.push({ ...f, mtimeMs: (await stat(f.path)).mtimeMs });
    } catch {
      // Removed while listing.
    }
  }
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

async function entryFor(c: Candidate, wantCwd: string | undefined, search: string | undefined, warn: (message: string) => void): Promise<ThreadListEntry | undefined> {
  let head;
  try {
    head = await readRolloutHead(c.path);
  } catch (err) {
    warn(`${c.path}: cannot be read (${errorMessage(err)}); not listed`);
    return undefined;
  }
  const meta = head.sessionMeta;
  if (meta === undefined) {
    warn(`${c.path}: no valid session_meta line at its head; not listed`);
    return undefined;
  }
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
  return entry;
}

export async function listThreads(home: string, options: ListThreadsOptions): Promise<ThreadListPage> {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`thread list limit must be a positive integer, got ${limit}`);
  const after = options.cursor === undefined || options.cursor === '' ? undefined : decodeCursor(options.cursor);
  const wantCwd = options.cwd === undefined ? undefined : resolve(options.cwd);
  const search = options.search === undefined || options.search === '' ? undefined : options.search.toLowerCase();
  const threads: ThreadListEntry[] = [];
  let lastKey: SortKey | undefined;
  for await (const c of candidates(home, options.archived === true, after)) {
    const entry = await entryFor(c, wantCwd, search, options.onWarning ?? (() => undefined));
    if (entry === undefined) continue;
    // One entry past the page tells whether there is a next page.
    if (threads.length === limit) return { threads, nextCursor: lastKey === undefined ? null : encodeCursor(lastKey) };
    threads.push(entry);
    lastKey = c;
  }
  return { threads, nextCursor: null };
}
