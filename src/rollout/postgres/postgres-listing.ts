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
 * A listed row: its entry as JSON (migration 3), the home's path already in it, and where the row's
 * JSON cannot be taken as it is (`listing_exact` false), its key and update time as `[key, updated_ms]`.
 */
type PageRow = [entry: string, mend: string | null];

/**
 * One page of the listing. Each row keeps its entry written as JSON (migration 3); the server puts
 * the home's path (escaped for JSON) into each, so the client decodes one field per row instead of
 * ten and parses the page as one JSON text. The page is read one row past `limit`, which tells
 * whether there is a next page.
 */
export async function listPostgresThreads(pool: Pool, home: string, options: ListThreadsOptions): Promise<ThreadListPage> {
  const under = homePrefix(home);
  const prefix = under ?? '';
  const params: unknown[] = [options.archived === true, JSON.stringify(prefix).slice(1, -1)];
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
  const { rows } = await pool.query<PageRow>({
    text: `SELECT listing_head || $2 || listing_body || listing_tail, CASE WHEN NOT listing_exact THEN json_build_array(key, updated_ms)::text END
             FROM weft_threads WHERE ${where.join(' AND ')}
            ORDER BY file_ts DESC, updated_ms DESC, id DESC LIMIT $${params.length}`,
    values: params,
    rowMode: 'array',
  });
  const count = Math.min(rows.length, options.limit);
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = (rows[i] as PageRow)[0];
  // JSON the store's own trigger wrote from its own columns (migration 3): not validated again.
  const threads = JSON.parse(`[${parts.join(',')}]`) as ThreadListEntry[];
  const last = threads[count - 1];
  const nextCursor = rows.length > options.limit && last !== undefined ? await cursorAfter(pool, last, (rows[count - 1] as PageRow)[1], prefix) : null;
  mendEntries(threads, rows, home, under);
  return { threads, nextCursor };
}

/** `[key, updated_ms]` of a row whose JSON is not the answer as it is. */
function mendOf(mend: string): [key: string, updatedMs: number] {
  return JSON.parse(mend) as [string, number];
}

/**
 * The entries whose row's JSON is not the answer as it is: a key path.join would change, an update
 * time toISOString writes otherwise, and every path where the home is not a plain absolute one.
 */
function mendEntries(threads: ThreadListEntry[], rows: readonly PageRow[], home: string, under: string | undefined): void {
  for (let i = 0; i < threads.length; i++) {
    const t = threads[i] as ThreadListEntry;
    const mend = (rows[i] as PageRow)[1];
    if (mend !== null) {
      const [key, updatedMs] = mendOf(mend);
      t.path = path.join(home, key);
      t.updatedAt = new Date(updatedMs).toISOString();
    } else if (under === undefined) {
      t.path = path.join(home, t.path);
    }
  }
}

/**
 * The cursor after a page's last entry (before it is mended): its update time and id are in it, its
 * key after the home's path; its creation time is in its key's name, or in its row when the name has none.
 */
async function cursorAfter(pool: Pool, last: ThreadListEntry, mend: string | null, prefix: string): Promise<string> {
  const [key, updatedMs] = mend !== null ? mendOf(mend) : [last.path.slice(prefix.length), Date.parse(last.updatedAt)];
  let fileTs = parseRolloutFileName(path.posix.basename(key))?.fileTs;
  if (fileTs === undefined) {
    const { rows } = await pool.query<{ file_ts: string }>('SELECT file_ts FROM weft_threads WHERE key = $1', [key]);
    fileTs = rows[0]?.file_ts ?? '';
  }
  return `${fileTs}|${updatedMs}|${last.id}`;
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
  const under = homePrefix(home);
  const times = new IsoTimes();
  for (const row of rows) {
    const meta = ListedSessionMeta.safeParse(row.session_meta);
    if (meta.success) out.push({ entry: entryOf(row, home, under, times), sessionMeta: meta.data, mtimeMs: Number(row.updated_ms) });
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

/** The entry of a row's columns, its keys in the files store's order (store/list.ts). */
function entryOf(row: ListedRow, home: string, under: string | undefined, times: IsoTimes): ThreadListEntry {
  const entry: ThreadListEntry = {
    id: row.id,
    path: under !== undefined && isPlainKey(row.key) ? under + row.key : path.join(home, row.key),
    createdAt: row.created_at,
    updatedAt: times.of(Number(row.updated_ms)),
    cwd: row.cwd,
    preview: row.preview,
    source: row.source ?? 'unknown',
    cliVersion: row.cli_version ?? '',
  };
  if (row.model_provider !== null) entry.modelProvider = row.model_provider;
  if (row.forked_from_id !== null) entry.forkedFromId = row.forked_from_id;
  return entry;
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
