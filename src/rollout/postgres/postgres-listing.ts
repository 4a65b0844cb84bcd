// Listing and finding threads in Postgres, from the indexed columns only (never the lines): the same
// order, filters and cursor format as the files store's listing (store/list.ts): newest first by the
// creation time in the rollout's name, then by last update, then by id; only threads with a
// session_meta and a user message are listed, as in the files store.
import path from 'node:path';
import type { Pool } from 'pg';
import { NoThreadToResumeError, RolloutError, UsageError } from '../../errors.js';
import { ListedSessionMeta } from '../../../protocol/thread-head-cache.js';
import type { ListedThread, ListThreadsOptions, ThreadListEntry, ThreadListPage } from '../store/list.js';
import { parseRolloutFileName } from '../store/paths.js';
import { isThreadId } from '../store/thread-id.js';
import { IsoTimes } from './iso-time.js';

interface ListedRow {
  session_meta?: Record<string, unknown>;
  key: string;
  id: string;
  file_ts: string;
  created_at: string;
  updated_ms: string;
  cwd: string;
  preview: string;
  model_provider: string | null;
  forked_from_id: string | null;
  source: string | Record<string, unknown> | null;
  cli_version: string | null;
}

const FILE_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/;
const LISTED = `session_meta IS NOT NULL AND coalesce(preview, fallback_preview) IS NOT NULL`;

/**
 * The listing columns, in the order `entryOfValues` reads them. Rows come back as arrays (no object
 * per row), and without file_ts: it is in the key's name (the row was made from it), and only the
 * page's last row needs it, for the cursor.
 */
const LIST_COLUMNS = `key, id, created_at, updated_ms, cwd, coalesce(preview, fallback_preview) AS preview, model_provider, forked_from_id, source, cli_version`;
type ListedValues = [key: string, id: string, createdAt: string, updatedMs: string, cwd: string, preview: string, modelProvider: string | null, forkedFromId: string | null, source: string | Record<string, unknown> | null, cliVersion: string | null];

export async function listPostgresThreads(pool: Pool, home: string, options: ListThreadsOptions): Promise<ThreadListPage> {
  const params: unknown[] = [options.archived === true];
  const where = [`archived = $1`, LISTED];
  if (options.cwd !== undefined) {
    params.push(path.resolve(options.cwd));
    where.push(`cwd = $${params.length}`);
  }
  if (options.search !== undefined && options.search !== '') {
    params.push(`%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`coalesce(preview, fallback_preview) ILIKE $${params.length}`);
  }
  if (options.cursor !== undefined) {
    const after = decodeCursor(options.cursor);
    params.push(after.fileTs, after.mtimeMs, after.id);
    const n = params.length;
    where.push(`(file_ts, updated_ms, id) < ($${n - 2}, $${n - 1}, $${n})`);
  }
  params.push(options.limit + 1);
  const { rows } = await pool.query<ListedValues>({
    text: `SELECT ${LIST_COLUMNS} FROM weft_threads WHERE ${where.join(' AND ')}
            ORDER BY file_ts DESC, updated_ms DESC, id DESC LIMIT $${params.length}`,
    values: params,
    rowMode: 'array',
  });
  const count = Math.min(rows.length, options.limit);
  const threads = new Array<ThreadListEntry>(count);
  const under = homePrefix(home);
  const times = new IsoTimes();
  for (let i = 0; i < count; i++) threads[i] = entryOfValues(rows[i] as ListedValues, home, under, times);
  const last = count > 0 ? rows[count - 1] : undefined;
  return {
    threads,
    nextCursor: rows.length > options.limit && last ? await cursorAfter(pool, last) : null,
  };
}

/** Every listed thread (archived or not) with the listing fields of its session_meta, newest first: one query. */
export async function listAllPostgresThreads(pool: Pool, home: string, archived: boolean): Promise<ListedThread[]> {
  const { rows } = await pool.query<ListedRow>(
    `SELECT key, id, file_ts, created_at, updated_ms, cwd, coalesce(preview, fallback_preview) AS preview, model_provider,
            forked_from_id, source, cli_version, session_meta
       FROM weft_threads WHERE archived = $1 AND ${LISTED}
      ORDER BY file_ts DESC, updated_ms DESC, id DESC`,
    [archived],
  );
  const out: ListedThread[] = [];
  for (const row of rows) {
    const meta = ListedSessionMeta.safeParse(row.session_meta);
    if (meta.success) out.push({ entry: entryOf(row, home), sessionMeta: meta.data, mtimeMs: Number(row.updated_ms) });
  }
  return out;
}

/**
 * The home with one trailing `/`, for keys joined by concatenation (what path.join gives for a plain
 * key, without normalizing 10,000 strings); undefined where only path.join is right (a relative home,
 * or a platform whose separator is not `/`).
 */
function homePrefix(home: string): string | undefined {
  if (path.sep !== '/' || !path.isAbsolute(home)) return undefined;
  const normal = path.normalize(home);
  return normal.endsWith('/') ? normal : `${normal}/`;
}

/**
 * Whether path.join leaves `key` as it is after the home: not empty, no leading or trailing `/`, no
 * empty segment, and no segment starting with `.` (which covers `.` and `..`; a dotted name merely
 * takes path.join's slower way). Cheaper than a regular expression, 10,000 times a listing.
 */
export function isPlainKey(key: string): boolean {
  return key.length > 0 && key.charCodeAt(0) !== 0x2f && key.charCodeAt(0) !== 0x2e && key.charCodeAt(key.length - 1) !== 0x2f && !key.includes('//') && !key.includes('/.');
}

function entryOfValues(v: ListedValues, home: string, under: string | undefined, times: IsoTimes): ThreadListEntry {
  const key = v[0];
  const entry: ThreadListEntry = {
    id: v[1],
    path: under !== undefined && isPlainKey(key) ? under + key : path.join(home, key),
    createdAt: v[2],
    updatedAt: times.of(Number(v[3])),
    cwd: v[4],
    preview: v[5],
    source: v[8] ?? 'unknown',
    cliVersion: v[9] ?? '',
  };
  if (v[6] !== null) entry.modelProvider = v[6];
  if (v[7] !== null) entry.forkedFromId = v[7];
  return entry;
}

/** The cursor after a page's last row: its file_ts from its key's name, or from its row when the name has none. */
async function cursorAfter(pool: Pool, last: ListedValues): Promise<string> {
  let fileTs = parseRolloutFileName(path.posix.basename(last[0]))?.fileTs;
  if (fileTs === undefined) {
    const { rows } = await pool.query<{ file_ts: string }>('SELECT file_ts FROM weft_threads WHERE key = $1', [last[0]]);
    fileTs = rows[0]?.file_ts ?? '';
  }
  return `${fileTs}|${Number(last[3])}|${last[1]}`;
}

function entryOf(row: ListedRow, home: string): ThreadListEntry {
  return {
    id: row.id,
    path: path.join(home, row.key),
    createdAt: row.created_at,
    updatedAt: new Date(Number(row.updated_ms)).toISOString(),
    cwd: row.cwd,
    preview: row.preview,
    ...(row.model_provider !== null ? { modelProvider: row.model_provider } : {}),
    ...(row.forked_from_id !== null ? { forkedFromId: row.forked_from_id } : {}),
    source: row.source ?? 'unknown',
    cliVersion: row.cli_version ?? '',
  };
}

function decodeCursor(cursor: string): { fileTs: string; mtimeMs: number; id: string } {
  const [fileTs, mtime, id, ...rest] = cursor.split('|');
  const mtimeMs = Number(mtime);
  if (rest.length > 0 || fileTs === undefined || !FILE_TS_RE.test(fileTs) || mtime === undefined || mtime === '' || !Number.isFinite(mtimeMs) || !isThreadId(id)) {
    throw new UsageError(`invalid thread list cursor ${JSON.stringify(cursor)}: pass back a nextCursor from an earlier page`);
  }
  return { fileTs, mtimeMs, id: id.toLowerCase() };
}

const PREFIX_RE = /^[0-9a-f][0-9a-f-]*$/i;

/** The key of the thread `ref` names: `last` (newest, of `cwd` when given), an id, a unique id prefix (4+), or a name. */
export async function locatePostgresThread(pool: Pool, home: string, ref: string, cwd: string | undefined): Promise<string> {
  const where = 'the Postgres thread store';
  if (ref === 'last') {
    const params: unknown[] = [];
    let filter = '';
    if (cwd !== undefined) {
      params.push(path.resolve(cwd));
      filter = ' AND cwd = $1';
    }
    const { rows } = await pool.query<{ key: string }>(
      `SELECT key FROM weft_threads WHERE NOT archived AND session_meta IS NOT NULL${filter} ORDER BY file_ts DESC, updated_ms DESC, id DESC LIMIT 1`,
      params,
    );
    if (!rows[0]) throw new NoThreadToResumeError(home, cwd === undefined ? undefined : path.resolve(cwd));
    return rows[0].key;
  }
  const given: unknown = ref;
  if (isThreadId(given)) {
    const { rows } = await pool.query<{ key: string }>('SELECT key FROM weft_threads WHERE id = $1 ORDER BY archived, file_ts DESC LIMIT 1', [ref.toLowerCase()]);
    if (!rows[0]) throw new RolloutError(`thread ${ref.toLowerCase()} not found in ${where}`);
    return rows[0].key;
  }
  if (ref.length >= 4 && PREFIX_RE.test(ref)) {
    const { rows } = await pool.query<{ id: string; key: string }>('SELECT DISTINCT ON (id) id, key FROM weft_threads WHERE id LIKE $1 ORDER BY id LIMIT 6', [`${ref.toLowerCase()}%`]);
    if (rows.length === 1) return (rows[0] as { key: string }).key;
    if (rows.length > 1) throw new UsageError(`${ref} is the start of several thread ids (${rows.slice(0, 5).map((r) => r.id).join(', ')}${rows.length > 5 ? ', …' : ''}): give more of the id`);
  }
  const { rows } = await pool.query<{ key: string }>('SELECT key FROM weft_threads WHERE name = $1 LIMIT 2', [ref]);
  if (rows.length === 1) return (rows[0] as { key: string }).key;
  if (rows.length > 1) throw new UsageError(`several threads are named ${JSON.stringify(ref)}: give the id instead (see \`weft thread list\`)`);
  throw new RolloutError(`no thread with the id, id prefix or name ${JSON.stringify(ref)} in ${where}`);
}
