// Codex 0.169's thread index, as weft reads and writes it: one row per thread in `threads`,
// upserted as the thread grows (Codex's `codex resume --last`, its picker and `thread/list` read
// only this table once it exists), archived flags set and cleared, and a listing that reads the
// index instead of every rollout's head. Each write is one short statement in autocommit, so a
// Codex process with the database open never sees a half-written row.
import type BetterSqlite3 from 'better-sqlite3';
import type { ThreadRow } from './thread-row.js';
import { openStateDb, stateDbPath } from './state-db-file.js';

const seconds = (ms: number): number => Math.floor(ms / 1000);

const UPSERT = `
INSERT INTO threads (
  id, rollout_path, created_at, updated_at, created_at_ms, updated_at_ms, recency_at, recency_at_ms,
  source, model_provider, cwd, title, preview, first_user_message, sandbox_policy, approval_mode,
  tokens_used, archived, archived_at, git_sha, git_branch, git_origin_url, cli_version, model,
  reasoning_effort, originator, thread_source, history_mode
) VALUES (
  @id, @rollout_path, @created_at, @updated_at, @created_at_ms, @updated_at_ms, @recency_at, @recency_at_ms,
  @source, @model_provider, @cwd, @first_user_message, @preview, @first_user_message, @sandbox_policy, @approval_mode,
  @tokens_used, @archived, @archived_at, @git_sha, @git_branch, @git_origin_url, @cli_version, @model,
  @reasoning_effort, @originator, @thread_source, @history_mode
)
ON CONFLICT(id) DO UPDATE SET
  rollout_path = excluded.rollout_path,
  updated_at = MAX(threads.updated_at, excluded.updated_at),
  updated_at_ms = MAX(COALESCE(threads.updated_at_ms, 0), excluded.updated_at_ms),
  recency_at = MAX(threads.recency_at, excluded.recency_at),
  recency_at_ms = MAX(threads.recency_at_ms, excluded.recency_at_ms),
  cwd = excluded.cwd,
  title = CASE WHEN threads.title = '' THEN excluded.title ELSE threads.title END,
  preview = CASE WHEN threads.preview = '' THEN excluded.preview ELSE threads.preview END,
  first_user_message = CASE WHEN threads.first_user_message = '' THEN excluded.first_user_message ELSE threads.first_user_message END,
  sandbox_policy = excluded.sandbox_policy,
  approval_mode = excluded.approval_mode,
  tokens_used = excluded.tokens_used,
  model = excluded.model,
  reasoning_effort = excluded.reasoning_effort`;

/** One entry of an index listing. */
export interface IndexedThread {
  id: string;
  rolloutPath: string;
  createdAtMs: number;
  updatedAtMs: number;
  cwd: string;
  preview: string;
  modelProvider: string;
  source: string;
  cliVersion: string;
}

export interface IndexListOptions {
  limit: number;
  archived?: boolean;
  cwd?: string;
  /** Only threads whose first user message contains this text (ASCII letters in any case). */
  search?: string;
  /** The last entry of the previous page: its creation time and id. */
  after?: { createdAtMs: number; id: string };
}

const LIST_COLUMNS = 'id, rollout_path, created_at_ms, updated_at_ms, cwd, preview, model_provider, source, cli_version';

/** One row of LIST_COLUMNS, in that order. */
type ListRow = [id: string, rolloutPath: string, createdAtMs: number, updatedAtMs: number, cwd: string, preview: string, modelProvider: string, source: string, cliVersion: string];

export class ThreadIndex {
  readonly #upsert: BetterSqlite3.Statement;

  private constructor(
    readonly path: string,
    readonly db: BetterSqlite3.Database,
  ) {
    this.#upsert = db.prepare(UPSERT);
  }

  /**
   * The index of `home`, when Codex 0.169 has created one there; undefined otherwise. `onWarning`
   * is told why a database that exists is not used.
   */
  static open(home: string, onWarning?: (message: string) => void): ThreadIndex | undefined {
    const path = stateDbPath(home);
    const opened = openStateDb(path);
    if (opened.db) return new ThreadIndex(path, opened.db);
    if (opened.reason) onWarning?.(`${opened.reason}; weft leaves it alone and lists threads from their rollouts`);
    return undefined;
  }

  /** Writes the row (a new thread) or refreshes what a growing thread changes. */
  upsert(row: ThreadRow): void {
    this.#upsert.run({
      ...row,
      created_at: seconds(row.created_at_ms),
      updated_at: seconds(row.updated_at_ms),
      archived: row.archived_at_ms === null ? 0 : 1,
      archived_at: row.archived_at_ms === null ? null : seconds(row.archived_at_ms),
      recency_at: seconds(row.recency_at_ms),
    });
  }

  /** Marks a thread archived (its rollout moved to `rolloutPath`) or, with null, unarchived. */
  setArchived(id: string, rolloutPath: string, archivedAtMs: number | null): void {
    this.db
      .prepare('UPDATE threads SET archived = ?, archived_at = ?, rollout_path = ? WHERE id = ?')
      .run(archivedAtMs === null ? 0 : 1, archivedAtMs === null ? null : seconds(archivedAtMs), rolloutPath, id);
  }

  /** Threads newest first (creation time, then id), only those with a first user message. */
  list(opts: IndexListOptions): IndexedThread[] {
    const where = ['archived = @archived', "preview <> ''"];
    if (opts.cwd !== undefined) where.push('cwd = @cwd');
    if (opts.search) where.push('instr(lower(first_user_message), lower(@search)) > 0');
    if (opts.after) where.push('(created_at_ms < @afterMs OR (created_at_ms = @afterMs AND id < @afterId))');
    // Codex's visible-threads index (archived, created_at_ms DESC WHERE preview <> '') serves the
    // order by time; only threads created in the same millisecond are sorted by id.
    const rows = this.db
      .prepare(`SELECT ${LIST_COLUMNS} FROM threads WHERE ${where.join(' AND ')} ORDER BY created_at_ms DESC, id DESC LIMIT @limit`)
      // Rows as arrays: no object with named keys built per row (10,000 rows: a third of the time).
      .raw(true)
      .all({
        archived: opts.archived ? 1 : 0,
        limit: opts.limit,
        ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
        ...(opts.search ? { search: opts.search } : {}),
        ...(opts.after ? { afterMs: opts.after.createdAtMs, afterId: opts.after.id } : {}),
      }) as ListRow[];
    return rows.map(([id, rolloutPath, createdAtMs, updatedAtMs, cwd, preview, modelProvider, source, cliVersion]) => ({
      id,
      rolloutPath,
      createdAtMs,
      updatedAtMs,
      cwd,
      preview,
      modelProvider,
      source,
      cliVersion,
    }));
  }

  /** The rollout of the visible thread updated last (of `cwd` when given), as `resume --last` picks it. */
  latest(cwd?: string): string | undefined {
    const where = cwd === undefined ? '' : 'AND cwd = @cwd';
    const row = this.db
      .prepare(`SELECT rollout_path FROM threads WHERE archived = 0 AND preview <> '' ${where} ORDER BY updated_at_ms DESC, id DESC LIMIT 1`)
      .get(cwd === undefined ? {} : { cwd }) as { rollout_path: string } | undefined;
    return row?.rollout_path;
  }

  /** True when the index has a row for the thread. */
  has(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM threads WHERE id = ?').get(id) !== undefined;
  }

  /** The rollout path the index records for a thread id. */
  pathOf(id: string): string | undefined {
    const row = this.db.prepare('SELECT rollout_path FROM threads WHERE id = ?').get(id) as { rollout_path: string } | undefined;
    return row?.rollout_path;
  }

  close(): void {
    this.db.close();
  }
}
