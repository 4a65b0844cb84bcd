// The Postgres store's schema is versioned: a fresh database gets every migration, and a database a
// previous build left at version 1 — with the relay's notification table that build created outside
// the migrations, rows in it — is brought to the current version with its threads and rows kept.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../../../src/rollout/postgres/migrations.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

async function withPool<T>(url: string, run: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }
}

const versions = (pool: pg.Pool) => pool.query<{ version: number }>('SELECT version FROM weft_schema_migrations ORDER BY version').then((r) => r.rows.map((row) => row.version));

describe('the Postgres store migrations', () => {
  it('give a fresh database every version, the relay table included, and are a no-op the second time', async () => {
    const url = await cluster.freshDatabase();
    await withPool(url, async (pool) => {
      await migrate(pool);
      await migrate(pool);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
      expect(await versions(pool)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      const cols = await pool.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'weft_thread_notifications' ORDER BY ordinal_position",
      );
      expect(cols.rows.map((c) => c.column_name)).toEqual(['thread_id', 'seq', 'method', 'params', 'at']);
    });
  });

  it('upgrade a version-1 database whose relay table was made outside the migrations, keeping its rows', async () => {
    const url = await cluster.freshDatabase();
    await withPool(url, async (pool) => {
      await migrate(pool);
      // Back to what the previous build left: version 1 recorded, the relay table made by the relay itself.
      await pool.query('DROP TABLE weft_thread_notifications');
      await pool.query('DELETE FROM weft_schema_migrations WHERE version > 1');
      await pool.query(`CREATE TABLE weft_thread_notifications (
         thread_id text NOT NULL, seq bigint NOT NULL, method text NOT NULL, params text NOT NULL, at bigint NOT NULL,
         PRIMARY KEY (thread_id, seq))`);
      await pool.query("INSERT INTO weft_thread_notifications VALUES ('t', 1, 'turn/started', '{}', 5)");
      await pool.query("INSERT INTO weft_threads (key, id, file_ts) VALUES ('sessions/x.jsonl', 'x', 'ts')");
      expect(await versions(pool)).toEqual([1]);

      await migrate(pool);
      expect(await versions(pool)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      expect((await pool.query('SELECT thread_id, seq, method, params, at FROM weft_thread_notifications')).rows).toEqual([
        { thread_id: 't', seq: '1', method: 'turn/started', params: '{}', at: '5' },
      ]);
      expect((await pool.query('SELECT key FROM weft_threads')).rows).toEqual([{ key: 'sessions/x.jsonl' }]);
    });
  });

  it('upgrade a version-1 database that never had a relay table', async () => {
    const url = await cluster.freshDatabase();
    await withPool(url, async (pool) => {
      await migrate(pool);
      await pool.query('DROP TABLE weft_thread_notifications');
      await pool.query('DELETE FROM weft_schema_migrations WHERE version > 1');
      await migrate(pool);
      expect((await pool.query("SELECT to_regclass('weft_thread_notifications') IS NOT NULL AS present")).rows).toEqual([{ present: true }]);
    });
  });
});
