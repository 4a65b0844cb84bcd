// The Postgres store's schema, created on first use: numbered migrations applied in order, each once
// (a table records the versions applied), under a transaction-scoped advisory lock so that two
// processes opening a new database at once do not both create it.
import type { Pool } from 'pg';

/** Each entry: the SQL that takes the schema from the version before it to its own. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE weft_threads (
     key text PRIMARY KEY,
     id text NOT NULL,
     file_ts text NOT NULL,
     created_at text,
     updated_ms bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
     cwd text,
     preview text,
     fallback_preview text,
     name text,
     archived boolean NOT NULL DEFAULT false,
     model_provider text,
     source jsonb,
     cli_version text,
     forked_from_id text,
     session_meta jsonb,
     line_count bigint NOT NULL DEFAULT 0,
     byte_count bigint NOT NULL DEFAULT 0,
     torn_end boolean NOT NULL DEFAULT false
   );
   CREATE INDEX weft_threads_listing ON weft_threads (archived, file_ts DESC, updated_ms DESC, id DESC);
   CREATE INDEX weft_threads_id ON weft_threads (id text_pattern_ops);
   CREATE INDEX weft_threads_cwd ON weft_threads (cwd, archived, file_ts DESC);
   CREATE INDEX weft_threads_name ON weft_threads (name) WHERE name IS NOT NULL;
   CREATE TABLE weft_rollout_lines (
     thread_key text NOT NULL REFERENCES weft_threads (key) ON DELETE CASCADE ON UPDATE CASCADE,
     seq bigint NOT NULL,
     line bytea NOT NULL,
     PRIMARY KEY (thread_key, seq)
   );`,
  // 2: the app-server relay's notification rows (src/app-server/fleet/thread-event-relay.ts). Builds
  // before this one created the same table outside the migrations: IF NOT EXISTS keeps its rows.
  `CREATE TABLE IF NOT EXISTS weft_thread_notifications (
     thread_id text NOT NULL,
     seq bigint NOT NULL,
     method text NOT NULL,
     params text NOT NULL,
     at bigint NOT NULL,
     PRIMARY KEY (thread_id, seq)
   );`,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** An arbitrary constant: the advisory lock key migrations are applied under. */
const MIGRATION_LOCK = 0x77656674;

/** Brings the database's schema up to SCHEMA_VERSION; a no-op when it is there already. */
export async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS weft_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM weft_schema_migrations');
    const applied = rows[0]?.version ?? 0;
    for (let version = applied + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1] as string);
      await client.query('INSERT INTO weft_schema_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
