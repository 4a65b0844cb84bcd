// The Postgres store's sessions (connection.ts) price a random page read as on memory or SSD, so a
// whole listing is read in order from the listing index rather than by reading the table and sorting
// every row; a sort still needed stays in memory. PGOPTIONS still wins over the store's settings.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPool } from '../../../../src/rollout/postgres/connection.js';
import { migrate } from '../../../../src/rollout/postgres/migrations.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

let cluster: PostgresCluster;
const pools: pg.Pool[] = [];
const savedOptions = process.env.PGOPTIONS;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterEach(async () => {
  if (savedOptions === undefined) delete process.env.PGOPTIONS;
  else process.env.PGOPTIONS = savedOptions;
  while (pools.length > 0) await pools.pop()?.end();
});
afterAll(async () => {
  await cluster?.stop();
});

async function storePool(url: string): Promise<pg.Pool> {
  const pool = await openPool(url);
  pools.push(pool);
  return pool;
}

/** The listing's query shape (postgres-listing.ts): listed rows, newest first, a page one row past the limit. */
const LISTING = `SELECT key, id, created_at, updated_ms, cwd, coalesce(preview, fallback_preview) AS preview, model_provider, forked_from_id, source, cli_version
  FROM weft_threads WHERE archived = $1 AND session_meta IS NOT NULL AND coalesce(preview, fallback_preview) IS NOT NULL
 ORDER BY file_ts DESC, updated_ms DESC, id DESC LIMIT $2`;

describe("the Postgres store's sessions", () => {
  it('read a listing of every thread in index order, without sorting the rows', async () => {
    delete process.env.PGOPTIONS;
    const url = await cluster.freshDatabase();
    const pool = await storePool(url);
    await migrate(pool);
    await pool.query(`INSERT INTO weft_threads (key, id, file_ts, created_at, updated_ms, cwd, preview, model_provider, source, cli_version, session_meta)
      SELECT 'sessions/2026/11/28/rollout-' || g || '.jsonl', 'id-' || g, to_char(timestamp '2026-11-28' - g * interval '1 minute', 'YYYY-MM-DD"T"HH24-MI-SS'),
             '2026-11-28T00:00:00.000Z', 1764288000000 - g, '/repo/' || (g % 10), 'question number ' || g, 'mock', '"exec"', '0.171.0', '{}'
        FROM generate_series(1, 5000) g`);
    await pool.query('ANALYZE weft_threads');
    expect((await pool.query('SHOW random_page_cost')).rows[0]).toEqual({ random_page_cost: '1.1' });
    expect((await pool.query('SHOW work_mem')).rows[0]).toEqual({ work_mem: '16MB' });
    const plan = (await pool.query(`EXPLAIN ${LISTING}`, [false, 5001])).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Scan using weft_threads_listing');
    expect(plan).not.toContain('Sort');

    // The same query in a session with PostgreSQL's default costs reads the table and sorts it:
    // what the store's setting changes.
    const plain = new pg.Pool({ connectionString: url, max: 1 });
    pools.push(plain);
    const defaultPlan = (await plain.query(`EXPLAIN ${LISTING}`, [false, 5001])).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    expect(defaultPlan).toContain('Sort');
  });

  it('take PGOPTIONS over their own settings', async () => {
    process.env.PGOPTIONS = '-c random_page_cost=3.5';
    const pool = await storePool(await cluster.freshDatabase());
    expect((await pool.query('SHOW random_page_cost')).rows[0]).toEqual({ random_page_cost: '3.5' });
  });
});
