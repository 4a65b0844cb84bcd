// Under a profile sharing its home with Codex 0.169, ThreadStore lists and locates threads through
// Codex's thread index when it exists: newest first in pages, by cwd and search text, archived
// apart, threads nobody spoke in left out; without an index it reads the rollouts as before.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadIndex } from '../../../src/rollout/state-db/thread-index.js';
import { rowFromSessionMeta } from '../../../src/rollout/state-db/thread-row.js';
import { FileThreadStore } from '../../../src/rollout/store/file-thread-store.js';
import { createCodexStateDb } from '../../support/codex-state-db.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const idOf = (i: number): string => `01a20000-0000-7000-8000-${String(i).padStart(12, '0')}`;

/** Ten threads one second apart (thread 9 newest), in two cwds; 3 has no message, 4 is archived. */
async function indexedHome(): Promise<string> {
  const home = await tempDir('codex-home-');
  createCodexStateDb(home).close();
  const index = ThreadIndex.open(home)!;
  for (let i = 0; i < 10; i++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const file = join(home, 'sessions', `rollout-${idOf(i)}.jsonl`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '');
    const row = rowFromSessionMeta({ type: 'session_meta', timestamp: at, payload: { id: idOf(i), timestamp: at, cwd: i % 2 ? '/w/odd' : '/w/even', cli_version: '0.169.0', source: 'exec' } }, file, 0)!;
    const said = i === 3 ? '' : `Fix test ${i}`;
    index.upsert({ ...row, first_user_message: said, preview: said, archived_at_ms: i === 4 ? Date.UTC(2026, 1, 1) : null });
  }
  index.close();
  return home;
}

describe('listing through the Codex thread index', () => {
  it('pages newest first, leaving out threads without a message and archived ones', async () => {
    const store = new FileThreadStore(await indexedHome(), { codexThreadIndex: true });
    const first = await store.list({ limit: 4 });
    expect(first.threads.map((t) => t.id)).toEqual([9, 8, 7, 6].map(idOf));
    expect(first.threads[0]).toMatchObject({ cwd: '/w/odd', preview: 'Fix test 9', source: 'exec', cliVersion: '0.169.0', createdAt: '2026-01-01T00:00:09.000Z' });
    const second = await store.list({ limit: 4, cursor: first.nextCursor! });
    expect(second.threads.map((t) => t.id)).toEqual([5, 2, 1, 0].map(idOf));
    expect(second.nextCursor).toBeNull();
    expect((await store.list({ limit: 10, archived: true })).threads.map((t) => t.id)).toEqual([idOf(4)]);
  });

  it('filters by cwd and by search text in any case', async () => {
    const store = new FileThreadStore(await indexedHome(), { codexThreadIndex: true });
    expect((await store.list({ limit: 10, cwd: '/w/even' })).threads.map((t) => t.id)).toEqual([8, 6, 2, 0].map(idOf));
    expect((await store.list({ limit: 10, search: 'TEST 7' })).threads.map((t) => t.id)).toEqual([idOf(7)]);
  });

  it('locates the last updated thread and a thread by id through the index', async () => {
    const home = await indexedHome();
    const store = new FileThreadStore(home, { codexThreadIndex: true });
    expect(await store.locate('last')).toBe(join(home, 'sessions', `rollout-${idOf(9)}.jsonl`));
    expect(await store.locate('last', '/w/even')).toBe(join(home, 'sessions', `rollout-${idOf(8)}.jsonl`));
    expect(await store.locate(idOf(2))).toBe(join(home, 'sessions', `rollout-${idOf(2)}.jsonl`));
  });

  it('without the profile flag, or without an index, the rollouts are read instead', async () => {
    const home = await indexedHome();
    // The rollouts here are empty files: read from the files, nothing is listed.
    expect((await new FileThreadStore(home).list({ limit: 10 })).threads).toEqual([]);
    const bare = await tempDir('codex-home-');
    expect((await new FileThreadStore(bare, { codexThreadIndex: true }).list({ limit: 10 })).threads).toEqual([]);
  });
});
