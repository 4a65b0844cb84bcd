// The two tables' writes: a thread's row, and lines appended to it. An append is one statement (so
// one transaction): the lines are inserted and the row's counts and listing fields updated together,
// and only if the row still holds the line count the writer expects (a second writer's append, or a
// resumed import that raced another, changes nothing and fails). A committed append NOTIFYs
// THREAD_LINES_CHANNEL with the thread's key, so a reader can follow a thread as it grows (the viewer).
import type { Pool } from 'pg';
import { RolloutError } from '../../errors.js';
import type { LineFacts } from './line-facts.js';
import { isArchivedKey } from './thread-changes.js';

/** The channel appends NOTIFY, with the thread's key as payload (thread-line-watch.ts listens). */
export const THREAD_LINES_CHANNEL = 'weft_thread_lines';

export interface ThreadRowState {
  readonly lineCount: number;
  readonly byteCount: number;
  readonly tornEnd: boolean;
  readonly hasSessionMeta: boolean;
  readonly hasPreview: boolean;
  readonly hasFallbackPreview: boolean;
}

/** Creates the row of a new thread; false when the key is taken. */
export async function insertThreadRow(pool: Pool, key: string, id: string, fileTs: string): Promise<boolean> {
  // A thread stored under archived_sessions/ (an archived thread imported or moved from a home) is archived.
  const result = await pool.query('INSERT INTO weft_threads (key, id, file_ts, archived) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING', [key, id, fileTs, isArchivedKey(key)]);
  return result.rowCount === 1;
}

export async function threadRowState(pool: Pool, key: string): Promise<ThreadRowState | undefined> {
  const { rows } = await pool.query<{ line_count: string; byte_count: string; torn_end: boolean; meta: boolean; preview: boolean; fallback: boolean }>(
    `SELECT line_count, byte_count, torn_end, session_meta IS NOT NULL AS meta, preview IS NOT NULL AS preview, fallback_preview IS NOT NULL AS fallback
       FROM weft_threads WHERE key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    lineCount: Number(row.line_count),
    byteCount: Number(row.byte_count),
    tornEnd: row.torn_end,
    hasSessionMeta: row.meta,
    hasPreview: row.preview,
    hasFallbackPreview: row.fallback,
  };
}

/**
 * Appends `lines` (each with its `\n`, the last maybe without) as seq `firstSeq` on, with what they
 * tell the listing. Throws when the thread no longer holds `firstSeq` lines.
 */
export async function appendLines(pool: Pool, key: string, firstSeq: number, lines: readonly Buffer[], facts: LineFacts, updatedAt?: Date): Promise<void> {
  if (lines.length === 0) return;
  const bytes = lines.reduce((n, line) => n + line.length, 0);
  const last = lines[lines.length - 1] as Buffer;
  const torn = last[last.length - 1] !== 0x0a;
  const meta = facts.sessionMeta;
  const result = await pool.query<{ n: string }>(
    `WITH row AS (
       UPDATE weft_threads SET
         line_count = line_count + $4, byte_count = byte_count + $5, torn_end = $6,
         updated_ms = coalesce($7::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint),
         created_at = coalesce(created_at, $8), cwd = coalesce(cwd, $9), model_provider = coalesce(model_provider, $10),
         source = coalesce(source, $11::jsonb), cli_version = coalesce(cli_version, $12), forked_from_id = coalesce(forked_from_id, $13),
         session_meta = coalesce(session_meta, $14::jsonb), preview = coalesce(preview, $15),
         fallback_preview = coalesce(fallback_preview, $16), name = coalesce($17, name)
       WHERE key = $1 AND line_count = $2
       RETURNING key)
     , added AS (
       INSERT INTO weft_rollout_lines (thread_key, seq, line)
       SELECT row.key, $2 + t.ord - 1, t.l FROM row, unnest($3::bytea[]) WITH ORDINALITY AS t(l, ord)
       RETURNING 1),
     n AS (SELECT count(*) AS n FROM added)
     SELECT n.n, CASE WHEN n.n > 0 THEN (SELECT 1 FROM pg_notify($18, $1)) END AS notified FROM n`,
    [
      key,
      firstSeq,
      lines,
      lines.length,
      bytes,
      torn,
      updatedAt?.getTime() ?? null,
      meta?.timestamp ?? null,
      meta?.cwd ?? null,
      meta?.model_provider ?? null,
      meta ? JSON.stringify(meta.source ?? 'unknown') : null,
      meta?.cli_version ?? null,
      meta?.forked_from_id ?? null,
      meta ? JSON.stringify(meta) : null,
      facts.preview ?? null,
      facts.fallbackPreview ?? null,
      facts.name ?? null,
      THREAD_LINES_CHANNEL,
    ],
  );
  if (Number(result.rows[0]?.n ?? 0) !== lines.length) {
    throw new RolloutError(`thread ${key}: another writer appended to it (expected it to hold ${firstSeq} lines); reopen the thread`, key);
  }
}

/** Lines of a thread from `fromSeq` on, in order, a batch at a time. */
export async function* linesFrom(pool: Pool, key: string, fromSeq: number, batch = 256): AsyncGenerator<Buffer[]> {
  for (let seq = fromSeq; ; ) {
    const { rows } = await pool.query<{ line: Buffer }>('SELECT line FROM weft_rollout_lines WHERE thread_key = $1 AND seq >= $2 ORDER BY seq LIMIT $3', [key, seq, batch]);
    if (rows.length === 0) return;
    yield rows.map((r) => r.line);
    seq += rows.length;
    if (rows.length < batch) return;
  }
}
