// Every thread of a Postgres thread store, exported: rollout path (under `home`) → its rollout text,
// for tests that compare what a run stored with the files store's rollouts.
import path from 'node:path';
import pg from 'pg';
import { PostgresThreadStore } from '../../src/rollout/postgres/postgres-thread-store.js';

export async function exportedRollouts(url: string, home: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let keys: string[];
  try {
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('weft_threads')::text AS t`);
    keys = exists.rows[0]?.t ? (await client.query<{ key: string }>('SELECT key FROM weft_threads ORDER BY key')).rows.map((r) => r.key) : [];
  } finally {
    await client.end();
  }
  const store = new PostgresThreadStore({ url, home });
  const out = new Map<string, string>();
  try {
    for (const key of keys) {
      const file = path.join(home, key);
      const chunks: Buffer[] = [];
      for await (const chunk of store.exportRollout(file)) chunks.push(chunk);
      out.set(file, Buffer.concat(chunks).toString('utf8'));
    }
  } finally {
    await store.close();
  }
  return out;
}
