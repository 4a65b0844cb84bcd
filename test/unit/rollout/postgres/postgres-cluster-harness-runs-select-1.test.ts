// The shared Postgres test harness: it starts a throwaway cluster (or uses WEFT_TEST_POSTGRES_URL),
// hands out a fresh database per test, and a client can run a query there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

describe('postgres test cluster', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers select 1 in a fresh database of its own', async () => {
    const url = await cluster.freshDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ one: number; db: string }>('select 1 as one, current_database() as db');
      expect(result.rows).toEqual([{ one: 1, db: new URL(url).pathname.slice(1) }]);
    } finally {
      await client.end();
    }
  });

  it('gives each test a different database', async () => {
    const [a, b] = await Promise.all([cluster.freshDatabase(), cluster.freshDatabase()]);
    expect(new URL(a).pathname).not.toBe(new URL(b).pathname);
  });
});
