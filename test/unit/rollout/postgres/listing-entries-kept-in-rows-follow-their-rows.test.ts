// Each Postgres row keeps its listing entry written as JSON (migration 3), and a page is those entries
// joined by the server. The entries must be what the row's columns say, as listAllPostgresThreads
// builds them in JS from the columns: after an upgrade from a version-2 database, after later appends
// (a new update time, a preview arriving after the fallback one), after archiving (a new path), for
// keys path.join would change, update times toISOString writes its own way, and homes that are
// relative or hold characters JSON escapes (and text that tries to close its entry and open another).
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRolloutLine, rolloutTimestamp } from '../../../../src/rollout/format/writer.js';
import { responseItemLine } from '../../../../src/rollout/format/records.js';
import { codex098Records } from '../../../../src/profile/codex-0.98/records.js';
import { textMessage } from '../../../../src/history/message.js';
import { lineFacts, splitLines } from '../../../../src/rollout/postgres/line-facts.js';
import { migrate } from '../../../../src/rollout/postgres/migrations.js';
import { importPostgresRollout } from '../../../../src/rollout/postgres/postgres-import.js';
import { isPlainKey, listAllPostgresThreads, listPostgresThreads } from '../../../../src/rollout/postgres/postgres-listing.js';
import { moveThread, movedKey } from '../../../../src/rollout/postgres/thread-changes.js';
import { appendLines, threadRowState } from '../../../../src/rollout/postgres/thread-rows.js';
import type { ListThreadsOptions, ThreadListPage } from '../../../../src/rollout/store/list.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

async function withPool<T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: await cluster.freshDatabase(), max: 2 });
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }
}

const BASE = Date.UTC(2026, 0, 30, 23, 59, 58, 123);
const HOMES = ['/home/u/.weft', '/home/u/', 'relative/home', '/home/with "quote" and \\ back\tslash'];

interface Made {
  key: string;
  bytes: Buffer;
  updatedAt: Date;
}

/** Thread `i`'s key and bytes: some with only a fallback preview, some forked, with an object source, without a provider. */
function thread(i: number): Made {
  const id = `01a30000-0000-7000-8000-${String(i).padStart(12, '0')}`;
  const created = new Date(BASE - Math.floor(i / 2) * 1000);
  const ts = rolloutTimestamp(created);
  const name = `rollout-${ts.slice(0, 19).replace(/:/g, '-')}-${id}.jsonl`;
  // Keys path.join would change (a doubled or a dot segment), as an import of odd names could store.
  const dir = i % 9 === 4 ? 'sessions//2026/01/30' : i % 9 === 7 ? 'sessions/2026/./01/30' : 'sessions/2026/01/30';
  const meta = {
    id,
    ...(i % 4 === 1 ? { forked_from_id: '01a30000-0000-7000-8000-999999999999' } : {}),
    timestamp: ts,
    cwd: `/repo/${i % 3} "quoted"`,
    originator: 'test',
    cli_version: '0.171.0',
    source: i % 5 === 0 ? { subagent: { other: 'helper' } } : 'exec',
    ...(i % 6 === 2 ? {} : { model_provider: 'mock' }),
  };
  const lines: unknown[] = [{ timestamp: ts, type: 'session_meta', payload: meta }];
  if (i % 3 !== 2) lines.push({ ...codex098Records.userMessage(`question ${i}: "é\\n"\n"},{"id":"injected","path":"/etc/passwd`), timestamp: ts });
  lines.push({ ...responseItemLine(textMessage('user', `fallback ${i}`)), timestamp: ts });
  const bytes = Buffer.from(lines.map((l) => `${formatRolloutLine(l as Parameters<typeof formatRolloutLine>[0])}\n`).join(''));
  // Update times toISOString writes as the row does, and two it writes its own way (before 1970, after 9999).
  const updatedAt = new Date(i === 3 ? -5_000 : i === 5 ? Date.UTC(10_000, 0, 1) : BASE + i * 7 + 1);
  return { key: `${dir}/${name}`, bytes, updatedAt };
}

/** Every entry of a listing, page by page with its cursor. */
async function walk(pool: pg.Pool, home: string, options: Omit<ListThreadsOptions, 'limit' | 'cursor'>, limit: number): Promise<ThreadListPage['threads']> {
  const all: ThreadListPage['threads'] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listPostgresThreads(pool, home, { ...options, limit, ...(cursor !== undefined ? { cursor } : {}) });
    all.push(...page.threads);
    if (page.nextCursor === null) return all;
    cursor = page.nextCursor;
  }
}

/** The listing, in one page and page by page, equals the entries listAllPostgresThreads builds from the columns. */
async function expectListingFromColumns(pool: pg.Pool): Promise<void> {
  for (const home of HOMES) {
    for (const archived of [false, true]) {
      const fromColumns = (await listAllPostgresThreads(pool, home, archived)).map((t) => t.entry);
      const onePage = await listPostgresThreads(pool, home, { archived, limit: 10_000 });
      expect(onePage.nextCursor).toBeNull();
      expect(onePage.threads).toEqual(fromColumns);
      expect(onePage.threads.map((t) => Object.keys(t))).toEqual(fromColumns.map((t) => Object.keys(t)));
      expect(await walk(pool, home, { archived }, 3)).toEqual(fromColumns);
    }
  }
}

describe('listing entries kept in their rows', () => {
  it('are filled by the upgrade of a version-2 database, as a new database writes them', async () => {
    const made = Array.from({ length: 24 }, (_, i) => thread(i));
    const upgraded = await withPool(async (pool) => {
      await migrate(pool, 2);
      for (const t of made) await importPostgresRollout(pool, t.key, t.bytes, { updatedAt: t.updatedAt });
      await migrate(pool);
      await expectListingFromColumns(pool);
      return listPostgresThreads(pool, HOMES[0] as string, { limit: 10_000 });
    });
    const fresh = await withPool(async (pool) => {
      await migrate(pool);
      for (const t of made) await importPostgresRollout(pool, t.key, t.bytes, { updatedAt: t.updatedAt });
      return listPostgresThreads(pool, HOMES[0] as string, { limit: 10_000 });
    });
    expect(upgraded.threads.length).toBe(24);
    expect(upgraded).toEqual(fresh);
    const odd = upgraded.threads.filter((t) => t.updatedAt.startsWith('1969') || t.updatedAt.startsWith('+010000'));
    expect(odd.length).toBe(2);
  });

  it('follow appends, a preview that comes after the fallback one, and archiving', async () => {
    await withPool(async (pool) => {
      await migrate(pool);
      const made = Array.from({ length: 9 }, (_, i) => thread(i));
      for (const t of made) await importPostgresRollout(pool, t.key, t.bytes, { updatedAt: t.updatedAt });
      await expectListingFromColumns(pool);

      // Thread 2 had only the fallback preview; a user message now comes, with a later update time.
      const two = made[2] as Made;
      const before = (await listPostgresThreads(pool, '/h', { limit: 100 })).threads.find((t) => t.path.endsWith(path.basename(two.key)));
      expect(before?.preview).toBe('fallback 2');
      const more = splitLines(Buffer.from(`${formatRolloutLine({ ...codex098Records.userMessage('the real question'), timestamp: rolloutTimestamp(new Date(BASE)) })}\n`));
      const state = await threadRowState(pool, two.key);
      await appendLines(pool, two.key, state?.lineCount ?? 0, more, lineFacts(more, { sessionMeta: true, preview: false, fallbackPreview: true }), new Date(BASE + 86_400_000));
      const after = (await listPostgresThreads(pool, '/h', { limit: 100 })).threads.find((t) => t.path.endsWith(path.basename(two.key)));
      expect(after?.preview).toBe('the real question');
      expect(after?.updatedAt).toBe(new Date(BASE + 86_400_000).toISOString());

      // An append that changes no listed column but the update time.
      const again = splitLines(Buffer.from(`${formatRolloutLine({ ...responseItemLine({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'answer' }] }), timestamp: rolloutTimestamp(new Date(BASE)) })}\n`));
      await appendLines(pool, two.key, (state?.lineCount ?? 0) + 1, again, lineFacts(again, { sessionMeta: true, preview: true, fallbackPreview: true }), new Date(BASE + 2 * 86_400_000));
      await expectListingFromColumns(pool);

      // Archived: listed under archived only, at its new path.
      const zero = made[0] as Made;
      await moveThread(pool, zero.key, movedKey(zero.key, true), true);
      const archived = await listPostgresThreads(pool, '/h', { archived: true, limit: 100 });
      expect(archived.threads.map((t) => t.path)).toEqual([path.join('/h', movedKey(zero.key, true))]);
      await expectListingFromColumns(pool);
    });
  });

  it('are taken as they are only for the keys isPlainKey takes', async () => {
    await withPool(async (pool) => {
      await migrate(pool);
      const keys = ['sessions/2026/01/30/rollout-x.jsonl', 'archived_sessions/rollout-x.jsonl', 'a', 'a/b..c', 'a/b.', '/a', 'a/', 'a//b', './a', '../a', 'a/./b', 'a/../b', 'a/..', 'a/.', '.hidden/x', 'a/.hidden', 'a"b\\c'];
      for (const key of keys) await pool.query("INSERT INTO weft_threads (key, id, file_ts, updated_ms) VALUES ($1, 'x', 'ts', 5)", [key]);
      const { rows } = await pool.query<{ key: string; listing_exact: boolean }>('SELECT key, listing_exact FROM weft_threads');
      expect(rows.length).toBe(keys.length);
      for (const row of rows) expect([row.key, row.listing_exact]).toEqual([row.key, isPlainKey(row.key)]);
    });
  });
});
