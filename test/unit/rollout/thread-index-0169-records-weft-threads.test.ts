import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { ThreadWriterBusyError, takeThreadWriterLock, writerLockPath } from '../../../src/rollout/state-db/thread-writer-lock.js';
import { ThreadIndex } from '../../../src/rollout/state-db/thread-index.js';
import { CODEX_0169_PACK_DIR } from '../../support/codex-0169.js';
import { createCodexStateDb } from '../../support/codex-state-db.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const CONFIG = `compat = "codex-0.169"\npack = "${CODEX_0169_PACK_DIR}"\nmodel = "gpt-5.5"\napproval_policy = "never"\n`;

interface Row {
  id: string;
  rollout_path: string;
  title: string;
  preview: string;
  first_user_message: string;
  source: string;
  model_provider: string;
  model: string | null;
  cli_version: string;
  approval_mode: string;
  sandbox_policy: string;
  tokens_used: number;
  archived: number;
  created_at: number;
  created_at_ms: number;
  updated_at_ms: number;
  recency_at: number;
  recency_at_ms: number;
  history_mode: string;
  originator: string;
}

describe("a weft thread in a Codex 0.169 home's thread index", () => {
  it('gets the row Codex fills, kept current as the thread grows', async () => {
    let n = 0;
    harness = await threadHarness(() => textReply(`answer ${++n}`), CONFIG);
    const db = createCodexStateDb(harness.home);
    const weft = await harness.open();
    const thread = await weft.startThread();
    const byId = () => db.prepare('SELECT * FROM threads WHERE id = ?').get(thread.id) as Row | undefined;

    // Recorded at creation, before any message: Codex lists only threads with a preview.
    expect(byId()).toMatchObject({ id: thread.id, preview: '', source: 'exec', model_provider: 'mock', cli_version: '0.169.0', archived: 0 });
    // Codex's lock is held while the thread is open.
    expect(() => takeThreadWriterLock(harness!.home, thread.id)).toThrow(ThreadWriterBusyError);

    await thread.run('first prompt');
    const first = byId()!;
    expect(first).toMatchObject({
      title: 'first prompt',
      preview: 'first prompt',
      first_user_message: 'first prompt',
      model: 'gpt-5.5',
      approval_mode: 'never',
      history_mode: 'paginated',
    });
    expect(first.rollout_path).toBe(thread.rolloutPath);
    expect(first.tokens_used).toBeGreaterThan(0);
    expect(JSON.parse(first.sandbox_policy)).toHaveProperty('type');
    expect(first.created_at).toBe(Math.floor(first.created_at_ms / 1000));
    // Recency is when the thread last took a user message, as Codex keeps it.
    expect(first.recency_at_ms).toBeGreaterThan(first.created_at_ms);
    expect(first.recency_at_ms).toBeLessThanOrEqual(first.updated_at_ms);
    expect(first.recency_at).toBe(Math.floor(first.recency_at_ms / 1000));

    await thread.run('second prompt');
    const second = byId()!;
    expect(second.preview).toBe('first prompt');
    expect(second.tokens_used).toBeGreaterThan(first.tokens_used);
    expect(second.updated_at_ms).toBeGreaterThanOrEqual(first.updated_at_ms);
    expect(second.recency_at_ms).toBeGreaterThan(first.recency_at_ms);

    await thread.close();
    expect(existsSync(writerLockPath(harness.home, thread.id))).toBe(false);
    const index = ThreadIndex.open(harness.home)!;
    expect(index.list({ limit: 10 }).map((t) => t.id)).toEqual([thread.id]);
    index.close();
    db.close();
  });

  it('a thread Codex holds the writer lock of is not written by weft', async () => {
    harness = await threadHarness(() => textReply('ok'), CONFIG);
    createCodexStateDb(harness.home).close();
    const weft = await harness.open();
    const thread = await weft.startThread();
    await thread.run('hello');
    await thread.close();
    const held = takeThreadWriterLock(harness.home, thread.id);
    try {
      await expect(weft.resumeThread(thread.id)).rejects.toThrow(ThreadWriterBusyError);
    } finally {
      held.release();
    }
    const resumed = await weft.resumeThread(thread.id);
    await resumed.close();
  });

  it('a fork weft writes (one line) is listed at once with its parent\'s preview, as Codex lists its own forks', async () => {
    harness = await threadHarness(() => textReply('ok'), CONFIG);
    const db = createCodexStateDb(harness.home);
    const weft = await harness.open();
    const parent = await weft.startThread();
    await parent.run('the parent prompt');
    await parent.close();
    const fork = await weft.forkThread(parent.id);
    await fork.close();
    const row = db.prepare('SELECT * FROM threads WHERE id = ?').get(fork.id) as Row | undefined;
    expect(row).toMatchObject({ preview: 'the parent prompt', first_user_message: '', title: '', history_mode: 'paginated', rollout_path: fork.rolloutPath });
    const index = ThreadIndex.open(harness.home)!;
    expect(index.list({ limit: 10 }).map((t) => t.id)).toEqual([fork.id, parent.id]);
    expect(index.latest()).toBe(fork.rolloutPath);
    index.close();
    // Its first turn makes its own message the first user message; the preview stays.
    const reopened = await weft.resumeThread(fork.id);
    await reopened.run('the fork prompt');
    await reopened.close();
    expect(db.prepare('SELECT preview, first_user_message FROM threads WHERE id = ?').get(fork.id)).toEqual({ preview: 'the parent prompt', first_user_message: 'the fork prompt' });
    db.close();
  });

  it('without a database weft creates none', async () => {
    harness = await threadHarness(() => textReply('ok'), CONFIG);
    const weft = await harness.open();
    const thread = await weft.startThread();
    await thread.run('hello');
    await thread.close();
    expect(existsSync(join(harness.home, 'state_5.sqlite'))).toBe(false);
  });
});

describe('archiving in a home with a Codex thread index', () => {
  it('sets and clears the archived flag and follows the moved file', async () => {
    const { archiveRollout, unarchiveRollout } = await import('../../../src/rollout/store/archive.js');
    harness = await threadHarness(() => textReply('ok'), CONFIG);
    const db = createCodexStateDb(harness.home);
    const weft = await harness.open();
    const thread = await weft.startThread();
    await thread.run('hello');
    await thread.close();
    const row = () => db.prepare('SELECT archived, archived_at, rollout_path FROM threads WHERE id = ?').get(thread.id) as { archived: number; archived_at: number | null; rollout_path: string };

    const archived = await archiveRollout(harness.home, thread.rolloutPath);
    expect(row()).toMatchObject({ archived: 1, rollout_path: archived });
    expect(row().archived_at).toBeGreaterThan(0);
    const index = ThreadIndex.open(harness.home)!;
    expect(index.list({ limit: 5 })).toEqual([]);
    expect(index.list({ limit: 5, archived: true }).map((t) => t.id)).toEqual([thread.id]);
    index.close();

    const back = await unarchiveRollout(harness.home, archived);
    expect(row()).toEqual({ archived: 0, archived_at: null, rollout_path: back });
    db.close();
  });
});
