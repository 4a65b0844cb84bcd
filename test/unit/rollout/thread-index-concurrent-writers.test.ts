// weft and another process (standing for Codex 0.169) write one state database at once: weft waits
// for the other's write transaction instead of failing, nothing is lost, the file stays sound and in
// WAL mode. A database of another schema is left alone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadIndex } from '../../../src/rollout/state-db/thread-index.js';
import { rowFromSessionMeta, type ThreadRow } from '../../../src/rollout/state-db/thread-row.js';
import { codexLikeProcess, HOLD_WRITE_TRANSACTION, WRITE_MANY } from '../../support/codex-like-process.js';
import { createCodexStateDb } from '../../support/codex-state-db.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const id = (prefix: string, i: number): string => `${prefix}${String(i).padStart(12, '0')}`;

function row(threadId: string, home: string): ThreadRow {
  const at = '2026-01-01T00:00:00.000Z';
  const r = rowFromSessionMeta({ type: 'session_meta', timestamp: at, payload: { id: threadId, timestamp: at, cwd: '/w', cli_version: '0.169.0', source: 'exec' } }, `${home}/sessions/${threadId}.jsonl`, 0);
  if (!r) throw new Error('no row');
  return { ...r, first_user_message: 'hello', preview: 'hello' };
}

function soundness(file: string): { integrity: unknown; mode: unknown; count: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      mode: db.pragma('journal_mode', { simple: true }),
      count: (db.prepare('SELECT count(*) AS n FROM threads').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

describe('the thread index shared with another writer', () => {
  it("a write waits for the other process's transaction, then lands beside its row", async () => {
    const home = await tempDir('codex-home-');
    createCodexStateDb(home).close();
    const file = join(home, 'state_5.sqlite');
    const codex = codexLikeProcess(HOLD_WRITE_TRANSACTION, [file, id('01a20000-0000-7000-8000-', 1), '400']);
    await codex.line('locked');
    const index = ThreadIndex.open(home)!;
    // Succeeding here means it waited on the lock: a database opened without a busy timeout fails
    // at once with SQLITE_BUSY while the other process holds its write transaction.
    index.upsert(row(id('01a20000-0000-7000-9000-', 1), home));
    index.close();
    expect(await codex.exited()).toBe(0);
    expect(soundness(file)).toEqual({ integrity: 'ok', mode: 'wal', count: 2 });
  });

  it('many writers at once lose nothing', async () => {
    const home = await tempDir('codex-home-');
    createCodexStateDb(home).close();
    const file = join(home, 'state_5.sqlite');
    const others = [1, 2, 3].map((n) => codexLikeProcess(WRITE_MANY, [file, `01a2000${n}-0000-7000-8000-`, '300']));
    await Promise.all(others.map((o) => o.line('started')));
    const index = ThreadIndex.open(home)!;
    for (let i = 0; i < 300; i++) index.upsert(row(id('01a20000-0000-7000-9000-', i), home));
    index.close();
    expect(await Promise.all(others.map((o) => o.exited()))).toEqual([0, 0, 0]);
    expect(soundness(file)).toEqual({ integrity: 'ok', mode: 'wal', count: 1200 });
  });

  it('a database without the columns weft writes is left alone, with a warning', async () => {
    const home = await tempDir('codex-home-');
    const db = new Database(join(home, 'state_5.sqlite'));
    db.exec('CREATE TABLE threads (id TEXT PRIMARY KEY)');
    db.close();
    const warnings: string[] = [];
    expect(ThreadIndex.open(home, (w) => warnings.push(w))).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/missing: rollout_path/);
  });

  it('a file that is not a database is not used', async () => {
    const home = await tempDir('codex-home-');
    writeFileSync(join(home, 'state_5.sqlite'), 'not sqlite');
    const warnings: string[] = [];
    expect(ThreadIndex.open(home, (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
