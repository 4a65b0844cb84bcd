// Owns where rollouts live: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-YYYY-MM-DDThh-mm-ss-<uuid>.jsonl`
// (archived ones flat in `$CODEX_HOME/archived_sessions/`), finding a thread's file by id, and
// picking the thread `resume --last` reopens.
//
// Time zone: Codex 0.98 names the file and its day directories from the *local* time at creation
// (it falls back to UTC only when the local offset is unknown), while every timestamp inside the
// file is UTC. weft does the same, so a file written by either lands in the same directory.
import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { RolloutError, errorMessage } from '../../errors.js';
import { assertThreadId } from './thread-id.js';
import { readRolloutHead } from './head.js';
import type { SessionMeta } from '../../../protocol/rollout.js';

export const SESSIONS_SUBDIR = 'sessions';
export const ARCHIVED_SESSIONS_SUBDIR = 'archived_sessions';

const FILE_RE = /^rollout-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/i;

export function sessionsDir(home: string): string {
  return join(home, SESSIONS_SUBDIR);
}

export function archivedSessionsDir(home: string): string {
  return join(home, ARCHIVED_SESSIONS_SUBDIR);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DDThh-mm-ss` in local time: the timestamp part of a rollout file name. */
export function rolloutFileTimestamp(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}-${pad(date.getMinutes())}-${pad(date.getSeconds())}`;
}

/** The path of a new thread's rollout. The id is checked before it is joined into a path. */
export function rolloutPath(home: string, id: string, date: Date = new Date()): string {
  const safeId = assertThreadId(id);
  const dayDir = join(sessionsDir(home), pad(date.getFullYear(), 4), pad(date.getMonth() + 1), pad(date.getDate()));
  return join(dayDir, `rollout-${rolloutFileTimestamp(date)}-${safeId}.jsonl`);
}

export interface RolloutFileName {
  /** `YYYY-MM-DDThh-mm-ss` as in the name (local time of creation); sorts chronologically as text. */
  fileTs: string;
  id: string;
}

/** Parses a rollout file name (not a path); undefined for anything else. */
export function parseRolloutFileName(name: string): RolloutFileName | undefined {
  // Checked by the pattern, then cut at its fixed offsets: a listing parses a thousand names, and a
  // match's groups were most of that work.
  if (!FILE_RE.test(name)) return undefined;
  return { fileTs: `${name.slice(8, 18)}T${name.slice(19, 27)}`, id: name.slice(28, 64).toLowerCase() };
}

/**
 * A folder's names. Synchronously: a listing of threads reads a few folders, and a trip through the
 * thread pool for each made a one-shot listing wait on it (and start the pool) for a few microseconds of work.
 */
async function listDir(dir: string): Promise<string[]> {
  try {
    return readdirSync(dir);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw new RolloutError(`cannot list ${dir}: ${errorMessage(err)}`, dir, { cause: err });
  }
}

/** Names matching `pattern`, sorted descending (newest first for the fixed-width date parts). */
async function subdirsDesc(dir: string, pattern: RegExp): Promise<string[]> {
  return (await listDir(dir)).filter((n) => pattern.test(n)).sort().reverse();
}

/**
 * The day directories under `sessions/`, newest first, each with its full path and `YYYY-MM-DD`.
 * An async generator so that a caller that stops early never lists older years.
 */
export async function* dayDirsNewestFirst(home: string): AsyncGenerator<{ dir: string; day: string }> {
  const root = sessionsDir(home);
  for (const y of await subdirsDesc(root, /^\d{4}$/)) {
    for (const m of await subdirsDesc(join(root, y), /^\d{2}$/)) {
      for (const d of await subdirsDesc(join(root, y, m), /^\d{2}$/)) {
        yield { dir: join(root, y, m, d), day: `${y}-${m}-${d}` };
      }
    }
  }
}

export interface RolloutFileEntry extends RolloutFileName {
  path: string;
}

/** The rollout files of one directory, newest name first. */
export async function rolloutFilesIn(dir: string): Promise<RolloutFileEntry[]> {
  const out: RolloutFileEntry[] = [];
  for (const name of await listDir(dir)) {
    const parsed = parseRolloutFileName(name);
    // `dir` is a listed folder's path already: joined plainly, a name needs no normalizing.
    if (parsed) out.push({ fileTs: parsed.fileTs, id: parsed.id, path: `${dir}${sep}${name}` });
  }
  return out.sort((a, b) => (a.fileTs === b.fileTs ? cmp(b.id, a.id) : cmp(b.fileTs, a.fileTs)));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Finds a thread's rollout by id: `sessions/` newest day first, then `archived_sessions/`. */
export async function findRolloutPath(home: string, id: string): Promise<string | undefined> {
  const safeId = assertThreadId(id);
  const suffix = `-${safeId}.jsonl`;
  const matches = (name: string): boolean => name.startsWith('rollout-') && name.toLowerCase().endsWith(suffix);
  for await (const { dir } of dayDirsNewestFirst(home)) {
    const hit = (await listDir(dir)).find(matches);
    if (hit !== undefined) return join(dir, hit);
  }
  const archived = archivedSessionsDir(home);
  const hit = (await listDir(archived)).find(matches);
  return hit === undefined ? undefined : join(archived, hit);
}

export interface LatestRollout {
  path: string;
  id: string;
  sessionMeta: SessionMeta;
  mtimeMs: number;
}

/**
 * The thread `resume --last` reopens: the most recently updated rollout (file mtime) under
 * `sessions/` that has a session_meta and a user message (like Codex, a thread nobody spoke in is
 * not offered), optionally only among threads whose session_meta cwd is `cwd`. Every file is
 * stat'ed, but only heads are read, newest first, until one qualifies.
 */
export async function latestRollout(home: string, options: { cwd?: string } = {}): Promise<LatestRollout | undefined> {
  const files: Array<RolloutFileEntry & { mtimeMs: number }> = [];
  for await (const { dir } of dayDirsNewestFirst(home)) {
    for (const f of await rolloutFilesIn(dir)) {
      try {
        files.push({ ...f, mtimeMs: (await stat(f.path)).mtimeMs });
      } catch {
        // Removed while listing: not a candidate.
      }
    }
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || cmp(b.fileTs, a.fileTs) || cmp(b.id, a.id));
  const wantCwd = options.cwd === undefined ? undefined : resolve(options.cwd);
  for (const f of files) {
    let head;
    try {
      head = await readRolloutHead(f.path);
    } catch {
      continue;
    }
    const meta = head.sessionMeta;
    if (meta === undefined || head.firstUserMessage === undefined) continue;
    if (wantCwd !== undefined && resolve(meta.cwd) !== wantCwd) continue;
    return { path: f.path, id: f.id, sessionMeta: meta, mtimeMs: f.mtimeMs };
  }
  return undefined;
}
