// A Codex 0.169 state database for tests: created from the schema Codex 0.169.0 leaves in a home
// (test/support/fixtures/codex-0.169-state-schema.sql), in WAL mode as Codex opens it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const SCHEMA = readFileSync(new URL('./fixtures/codex-0.169-state-schema.sql', import.meta.url), 'utf8');

export function createCodexStateDb(home: string): Database.Database {
  const db = new Database(join(home, 'state_5.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  return db;
}
