// Where Codex 0.169 keeps its state database and how weft opens it. The file is
// `state_5.sqlite` (the number is the schema generation Codex 0.169 writes) in `$CODEX_SQLITE_HOME`,
// else in the home. weft never creates it, never migrates it and never changes its journal mode:
// Codex creates it (in WAL mode) on its first start and then fills it from the rollouts it finds,
// weft's included. weft only opens an existing file, waits for Codex's write locks instead of failing
// (busy timeout), and writes only when the `threads` table has every column it fills.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

export const STATE_DB_FILENAME = 'state_5.sqlite';
/** How long a write waits for Codex to finish its own before giving up (milliseconds). */
export const BUSY_TIMEOUT_MS = 5000;

/** The columns weft writes; a database without one of them is another generation's, left alone. */
export const REQUIRED_COLUMNS = [
  'id', 'rollout_path', 'created_at', 'updated_at', 'created_at_ms', 'updated_at_ms', 'recency_at', 'recency_at_ms',
  'source', 'model_provider', 'cwd', 'title', 'preview', 'first_user_message', 'sandbox_policy', 'approval_mode',
  'tokens_used', 'archived', 'archived_at', 'git_sha', 'git_branch', 'git_origin_url', 'cli_version', 'model',
  'reasoning_effort', 'originator', 'thread_source',
] as const;

export function stateDbPath(home: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(env.CODEX_SQLITE_HOME || home, STATE_DB_FILENAME);
}

type DatabaseCtor = typeof BetterSqlite3;
let ctor: DatabaseCtor | undefined;
function loadSqlite(): DatabaseCtor {
  // Loaded on first use: a native addon that only a Codex 0.169 home needs.
  ctor ??= createRequire(import.meta.url)('better-sqlite3') as DatabaseCtor;
  return ctor;
}

/** The open database, or why it is not used (undefined reason: there is no database). */
export type OpenedStateDb = { db: BetterSqlite3.Database } | { db?: undefined; reason?: string };

export function openStateDb(path: string): OpenedStateDb {
  if (!existsSync(path)) return {};
  let db: BetterSqlite3.Database | undefined;
  try {
    const Database = loadSqlite();
    db = new Database(path, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const columns = new Set((db.pragma('table_info(threads)') as { name: string }[]).map((c) => c.name));
    const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
    if (missing.length > 0) {
      db.close();
      return { reason: `${path} has no threads table of Codex 0.169's schema (missing: ${missing.join(', ')})` };
    }
    return { db };
  } catch (err) {
    db?.close();
    return { reason: `cannot open ${path}: ${err instanceof Error ? err.message : String(err)}` };
  }
}
