// Where a home keeps how its threads are organized (sections and a thread's place in one, attachments,
// the Git facts a client corrected): Codex 0.169 keeps them in its state database (`state_5.sqlite`:
// tables `thread_sections`, `thread_attachments`, and columns of `threads`), and weft uses that
// database whenever it exists, so weft and Codex see the same sections. weft never creates Codex's
// database (state-db-file.ts says why); a home without one gets weft's own file
// (`thread_organization_1.sqlite`, beside it) holding the same tables and columns, the thread rows
// reduced to what organizing them needs. Codex seeds its built-in "Pinned" section; so does weft's file.
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { UsageError } from '../../errors.js';
import { BUSY_TIMEOUT_MS, stateDbPath } from './state-db-file.js';

export const ORGANIZATION_DB_FILENAME = 'thread_organization_1.sqlite';
/** Codex's built-in section (its id is a fixed one of Codex's schema). */
export const PINNED_SECTION = { id: '01984de2-8f74-7c91-a3b2-5c5e937cf318', name: 'Pinned' } as const;

const OWN_SCHEMA = `
CREATE TABLE IF NOT EXISTS thread_sections (id TEXT PRIMARY KEY, name TEXT NOT NULL, appearance TEXT);
CREATE TABLE IF NOT EXISTS threads (
  id TEXT PRIMARY KEY,
  git_sha TEXT,
  git_branch TEXT,
  git_origin_url TEXT,
  thread_section_id TEXT REFERENCES thread_sections(id) ON DELETE SET NULL,
  section_position INTEGER,
  section_entered_at_ms INTEGER
);
CREATE TABLE IF NOT EXISTS thread_attachments (
  id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  attachment_type TEXT NOT NULL,
  identity_key TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (thread_id, attachment_type, identity_key)
);
CREATE INDEX IF NOT EXISTS idx_thread_attachments_thread_created_id ON thread_attachments(thread_id, created_at, id);
CREATE INDEX IF NOT EXISTS idx_thread_attachments_identity_thread ON thread_attachments(attachment_type, identity_key, thread_id);`;

/** The columns of `threads` organizing needs (Codex's database has them from 0.169 on). */
const THREAD_COLUMNS = ['git_sha', 'git_branch', 'git_origin_url', 'thread_section_id', 'section_position', 'section_entered_at_ms'];

export interface OrganizationDb {
  readonly db: BetterSqlite3.Database;
  /** Codex's state database (its thread rows are Codex's: weft never inserts one). */
  readonly shared: boolean;
}

function sqlite(): typeof BetterSqlite3 {
  return createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
}

function hasTable(db: BetterSqlite3.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function openShared(path: string): BetterSqlite3.Database {
  const db = new (sqlite())(path, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  const columns = new Set((db.pragma('table_info(threads)') as { name: string }[]).map((c) => c.name));
  if (!hasTable(db, 'thread_sections') || !hasTable(db, 'thread_attachments') || THREAD_COLUMNS.some((c) => !columns.has(c))) {
    db.close();
    throw new UsageError(`${path} is the state database of a Codex older than 0.169 (no thread sections or attachments); start Codex 0.169 once in this home to migrate it`);
  }
  return db;
}

function openOwn(path: string): BetterSqlite3.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new (sqlite())(path, { timeout: BUSY_TIMEOUT_MS });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(OWN_SCHEMA);
  db.prepare('INSERT OR IGNORE INTO thread_sections (id, name, appearance) VALUES (?, ?, NULL)').run(PINNED_SECTION.id, PINNED_SECTION.name);
  return db;
}

/**
 * Opens the home's organization store: Codex's state database when there is one, else weft's file,
 * created when `create` is set (a write); a read of a home that has neither gets undefined.
 */
export function openOrganizationDb(home: string, create: boolean, env: NodeJS.ProcessEnv = process.env): OrganizationDb | undefined {
  const shared = stateDbPath(home, env);
  if (existsSync(shared)) return { db: openShared(shared), shared: true };
  const own = join(env.CODEX_SQLITE_HOME || home, ORGANIZATION_DB_FILENAME);
  if (!create && !existsSync(own)) return undefined;
  return { db: openOwn(own), shared: false };
}
