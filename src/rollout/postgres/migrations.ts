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
  // 3: each row keeps its listing entry already written as JSON (postgres-listing.ts reads it as one
  // field and parses a page at once), in three parts so that an append rewrites only what changes:
  // `listing_head` (`{"id":…,"path":"`, the home's path goes after it), `listing_body` (the key,
  // creation and update times; rewritten by every append, as updated_ms is) and `listing_tail` (cwd
  // to forkedFromId; rewritten only when one of its columns changes, so a long preview is not copied
  // at each append). `listing_exact` is false where the parts cannot be taken as they are: a key that
  // path.join would change (isPlainKey), or an update time toISOString writes otherwise. A trigger
  // keeps them, in the statement that changes the row, whichever statement that is; the UPDATE at
  // the end fills the rows of a database from an earlier build.
  `ALTER TABLE weft_threads
     ADD COLUMN listing_head text, ADD COLUMN listing_body text, ADD COLUMN listing_tail text, ADD COLUMN listing_exact boolean;
   CREATE FUNCTION weft_threads_listing_entry() RETURNS trigger LANGUAGE plpgsql AS $fn$
   DECLARE
     key_json text := to_json(NEW.key)::text;
     in_range boolean := NEW.updated_ms BETWEEN 0 AND 253402300799999;
   BEGIN
     NEW.listing_head := '{"id":' || coalesce(to_json(NEW.id)::text, 'null') || ',"path":"';
     NEW.listing_body := substr(key_json, 2, length(key_json) - 2) || '","createdAt":' || coalesce(to_json(NEW.created_at)::text, 'null')
       || ',"updatedAt":"' || CASE WHEN in_range THEN to_char(timestamp 'epoch' + NEW.updated_ms * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ELSE '' END || '",';
     NEW.listing_exact := in_range AND NEW.key <> '' AND left(NEW.key, 1) NOT IN ('/', '.') AND right(NEW.key, 1) <> '/'
       AND strpos(NEW.key, '//') = 0 AND strpos(NEW.key, '/.') = 0;
     IF TG_OP = 'INSERT' OR NEW.listing_tail IS NULL
        OR (NEW.cwd, NEW.preview, NEW.fallback_preview, NEW.source, NEW.cli_version, NEW.model_provider, NEW.forked_from_id)
           IS DISTINCT FROM (OLD.cwd, OLD.preview, OLD.fallback_preview, OLD.source, OLD.cli_version, OLD.model_provider, OLD.forked_from_id) THEN
       NEW.listing_tail := '"cwd":' || coalesce(to_json(NEW.cwd)::text, 'null')
         || ',"preview":' || coalesce(to_json(coalesce(NEW.preview, NEW.fallback_preview))::text, 'null')
         || ',"source":' || coalesce(NEW.source::text, '"unknown"') || ',"cliVersion":' || to_json(coalesce(NEW.cli_version, ''))::text
         || CASE WHEN NEW.model_provider IS NULL THEN '' ELSE ',"modelProvider":' || to_json(NEW.model_provider)::text END
         || CASE WHEN NEW.forked_from_id IS NULL THEN '' ELSE ',"forkedFromId":' || to_json(NEW.forked_from_id)::text END || '}';
     END IF;
     RETURN NEW;
   END
   $fn$;
   CREATE TRIGGER weft_threads_listing_entry BEFORE INSERT OR UPDATE ON weft_threads FOR EACH ROW EXECUTE FUNCTION weft_threads_listing_entry();
   UPDATE weft_threads SET listing_tail = NULL;`,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** An arbitrary constant: the advisory lock key migrations are applied under. */
const MIGRATION_LOCK = 0x77656674;

/**
 * Brings the database's schema up to SCHEMA_VERSION (or `upTo`, which tests use to make the database
 * an earlier build left); a no-op when it is there already.
 */
export async function migrate(pool: Pool, upTo = SCHEMA_VERSION): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS weft_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM weft_schema_migrations');
    const applied = rows[0]?.version ?? 0;
    for (let version = applied + 1; version <= Math.min(upTo, MIGRATIONS.length); version++) {
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
