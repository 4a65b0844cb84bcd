// The Postgres listing (rows as arrays, paths joined without path.join, update times written by
// arithmetic, the cursor's creation time read from the key) gives exactly the files store's answer for
// the same threads: the same entries, fields and order, in one page or walked page by page with each
// store's cursor, archived or not, filtered by cwd or search. The threads share creation seconds,
// lack or have a model provider, a fork parent, an object source, and some stay unlisted.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRolloutLine, rolloutTimestamp } from '../../../../src/rollout/format/writer.js';
import { responseItemLine } from '../../../../src/rollout/format/records.js';
import { codex098Records } from '../../../../src/profile/codex-0.98/records.js';
import { textMessage } from '../../../../src/history/message.js';
import { moveHomeThreads } from '../../../../src/rollout/move-threads.js';
import { isPlainKey } from '../../../../src/rollout/postgres/postgres-listing.js';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import { FileThreadStore } from '../../../../src/rollout/store/file-thread-store.js';
import { rolloutPath } from '../../../../src/rollout/store/paths.js';
import type { ListThreadsOptions, ThreadListPage } from '../../../../src/rollout/store/list.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

let cluster: PostgresCluster;
let home: string;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  home = await mkdtemp(path.join(os.tmpdir(), 'weft-pg-list-'));
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

const BASE = Date.UTC(2026, 0, 30, 23, 59, 58, 123);

/** Thread `i`: created at one of a few seconds (so several share one), updated at its own millisecond. */
async function thread(i: number): Promise<void> {
  const id = `01a30000-0000-7000-8000-${String(i).padStart(12, '0')}`;
  const created = new Date(BASE - Math.floor(i / 3) * 1000 + (i % 3));
  const ts = rolloutTimestamp(created);
  const file = rolloutPath(home, id, created);
  const source = i % 5 === 0 ? { subagent: { other: 'helper' } } : i % 2 === 0 ? 'exec' : 'vscode';
  const meta = {
    id,
    ...(i % 4 === 1 ? { forked_from_id: '01a30000-0000-7000-8000-999999999999' } : {}),
    timestamp: ts,
    cwd: `/repo/${i % 3}`,
    originator: 'test',
    cli_version: i % 7 === 0 ? '0.169.0' : '0.171.0',
    source,
    ...(i % 6 === 2 ? {} : { model_provider: 'mock' }),
    base_instructions: { text: 'x' },
  };
  const lines = [{ timestamp: ts, type: 'session_meta', payload: meta }];
  // Every eleventh thread has no user message: neither store lists it.
  if (i % 11 !== 10) {
    lines.push(codex098Records.userMessage(`question ${i} ${i % 4 === 0 ? 'needle' : 'hay'} 100%_done`) as (typeof lines)[number]);
    lines.push(responseItemLine(textMessage('user', `question ${i}`)) as (typeof lines)[number]);
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, lines.map((l) => `${formatRolloutLine({ ...l, timestamp: ts } as Parameters<typeof formatRolloutLine>[0])}\n`).join(''));
  const updated = new Date(BASE + 86_400_000 * (i % 3) + i * 7 + 1);
  await utimes(file, updated, updated);
}

/** Every entry of a listing, walking each store's own cursor. */
async function walk(list: (o: ListThreadsOptions) => Promise<ThreadListPage>, options: Omit<ListThreadsOptions, 'limit' | 'cursor'>, limit: number) {
  const all: ThreadListPage['threads'] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await list({ ...options, limit, ...(cursor !== undefined ? { cursor } : {}) });
    all.push(...page.threads);
    pages++;
    if (page.nextCursor === null) return { all, pages };
    cursor = page.nextCursor;
  }
}

describe('the Postgres listing', () => {
  it('gives the files store entries, in its order, in one page, page by page, archived and filtered', async () => {
    for (let i = 0; i < 80; i++) await thread(i);
    const files = new FileThreadStore(home);
    // Archive a few on files before they move: they are listed under archived in both.
    for (const t of (await files.list({ limit: 5 })).threads) await files.archive(t.path);
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const moved = await moveHomeThreads(home, pg);
      expect(moved.failed).toBe(0);
      const cases: Array<Omit<ListThreadsOptions, 'limit' | 'cursor'>> = [{}, { archived: true }, { cwd: '/repo/1' }, { search: 'needle' }, { search: '100%_' }];
      for (const options of cases) {
        const fromFiles = await walk((o) => files.list(o), options, 10_000);
        const fromPg = await walk((o) => pg.list(o), options, 10_000);
        expect(fromPg.all.length).toBeGreaterThan(0);
        expect(fromPg).toEqual(fromFiles);
        expect(fromPg.all.map((t) => Object.keys(t))).toEqual(fromFiles.all.map((t) => Object.keys(t)));
        for (const limit of [1, 7]) {
          const paged = await walk((o) => pg.list(o), options, limit);
          expect(paged.all).toEqual(fromFiles.all);
          expect(paged.pages).toBe(Math.ceil(fromFiles.all.length / limit));
        }
      }
    } finally {
      await pg.close();
    }
  }, 120_000);

  it('joins only keys that path.join leaves as they are by concatenation', () => {
    for (const key of ['sessions/2026/01/30/rollout-x.jsonl', 'archived_sessions/rollout-x.jsonl', 'a', 'a/b..c', 'a/b.']) {
      expect(isPlainKey(key)).toBe(true);
      expect(`/h/${key}`).toBe(path.join('/h', key));
    }
    for (const key of ['', '/a', 'a/', 'a//b', './a', '../a', 'a/./b', 'a/../b', 'a/..', 'a/.', '.hidden/x', 'a/.hidden']) expect(isPlainKey(key)).toBe(false);
  });
});
