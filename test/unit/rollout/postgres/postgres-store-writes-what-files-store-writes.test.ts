// A thread written through the Postgres store exports the bytes the files store writes for the same
// lines; it is listed from its indexed fields (preview, cwd, search, pages), found by id, prefix and
// `last`, held by one writer at a time, and reopened with its records to append more.
import { readFile } from 'node:fs/promises';
import pgClient from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import { FileThreadStore } from '../../../../src/rollout/store/file-thread-store.js';
import { RolloutBusyError } from '../../../../src/rollout/store/lock.js';
import type { ThreadStore } from '../../../../src/rollout/thread-store.js';
import type { RolloutLineInput } from '../../../../src/rollout/format/writer.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';

const ID = '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a';
const ID2 = '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7b';

const meta = (id: string, cwd: string, at: string): RolloutLineInput => ({
  timestamp: at,
  type: 'session_meta',
  payload: { id, timestamp: at, cwd, originator: 'weft', cli_version: '0.98.0', source: 'exec', model_provider: 'mock' },
});
const userMessage = (text: string, at: string): RolloutLineInput => ({ timestamp: at, type: 'event_msg', payload: { type: 'user_message', message: text, images: [] } });
const item = (text: string, at: string): RolloutLineInput => ({
  timestamp: at,
  type: 'response_item',
  payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] },
});

async function writeThread(store: ThreadStore, id: string, cwd: string, at: Date, prompt: string): Promise<string> {
  const ts = at.toISOString();
  const { path, writer } = await store.create(id, at, meta(id, cwd, ts));
  await writer.append([userMessage(prompt, ts), item(`answer to ${prompt}`, ts)]);
  await writer.close();
  return path;
}

async function exported(store: ThreadStore, file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.exportRollout(file)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('postgres thread store', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await removeTempDirs();
    await cluster?.stop();
  });

  it('exports the bytes the files store writes, under the same rollout path', async () => {
    const home = await tempDir();
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    const files = new FileThreadStore(await tempDir());
    try {
      const at = new Date('2026-01-02T03:04:05.678Z');
      const inPg = await writeThread(pg, ID, '/w', at, 'hello');
      const inFiles = await writeThread(files, ID, '/w', at, 'hello');
      expect(inPg.slice(home.length)).toBe(inFiles.slice(files.home.length));
      expect((await exported(pg, inPg)).equals(await readFile(inFiles))).toBe(true);
    } finally {
      await pg.close();
    }
  });

  it('lists threads newest first from their indexed fields, with cwd, search and pages', async () => {
    const home = await tempDir();
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      await writeThread(pg, ID, '/a', new Date('2026-01-02T03:04:05Z'), 'first question');
      await writeThread(pg, ID2, '/b', new Date('2026-01-03T03:04:05Z'), 'second Question');
      const all = await pg.list({ limit: 10 });
      expect(all.threads.map((t) => [t.id, t.preview, t.cwd, t.modelProvider, t.source])).toEqual([
        [ID2, 'second Question', '/b', 'mock', 'exec'],
        [ID, 'first question', '/a', 'mock', 'exec'],
      ]);
      expect((await pg.list({ limit: 10, cwd: '/a' })).threads.map((t) => t.id)).toEqual([ID]);
      expect((await pg.list({ limit: 10, search: 'SECOND' })).threads.map((t) => t.id)).toEqual([ID2]);
      const first = await pg.list({ limit: 1 });
      expect(first.threads.map((t) => t.id)).toEqual([ID2]);
      const second = await pg.list({ limit: 1, cursor: first.nextCursor ?? '' });
      expect(second.threads.map((t) => t.id)).toEqual([ID]);
      expect(second.nextCursor).toBeNull();
    } finally {
      await pg.close();
    }
  });

  it('finds a thread by id, id prefix and last', async () => {
    const home = await tempDir();
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const a = await writeThread(pg, ID, '/a', new Date('2026-01-02T03:04:05Z'), 'one');
      const b = await writeThread(pg, ID2, '/b', new Date('2026-01-03T03:04:05Z'), 'two');
      expect(await pg.locate(ID)).toBe(a);
      expect(await pg.locate('0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7b'.slice(0, 36))).toBe(b);
      expect(await pg.locate('last')).toBe(b);
      expect(await pg.locate('last', '/a')).toBe(a);
      await expect(pg.locate('0194')).rejects.toThrow(/start of several thread ids/);
    } finally {
      await pg.close();
    }
  });

  it('lets one writer hold a thread, and reopens it to append', async () => {
    const home = await tempDir();
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    const files = new FileThreadStore(await tempDir());
    try {
      const at = new Date('2026-01-02T03:04:05.678Z');
      const file = await writeThread(pg, ID, '/w', at, 'hello');
      const ref = await writeThread(files, ID, '/w', at, 'hello');
      const lock = await pg.lock(file);
      await expect(pg.lock(file)).rejects.toBeInstanceOf(RolloutBusyError);
      const { records } = await pg.readForReopen(file, () => undefined);
      expect(records.map((r) => r.line.type)).toEqual(['session_meta', 'event_msg', 'response_item']);
      const writer = await pg.openForWriting(file, lock);
      await writer.append(item('more', at.toISOString()));
      await writer.close();
      const refLock = await files.lock(ref);
      const refWriter = await files.openForWriting(ref, refLock);
      await refWriter.append(item('more', at.toISOString()));
      await refWriter.close();
      expect((await exported(pg, file)).equals(await readFile(ref))).toBe(true);
      // The lock went with the writer; the thread is read back with the new line.
      expect((await pg.read(file)).length).toBe(4);
      await (await pg.lock(file)).release();
    } finally {
      await pg.close();
    }
  });

  it("holds appended lines until the writer's commit, then another server sees them", async () => {
    const home = await tempDir();
    const url = await cluster.freshDatabase();
    const pg = new PostgresThreadStore({ url, home });
    const other = new PostgresThreadStore({ url, home: await tempDir() });
    try {
      const at = new Date('2026-01-02T03:04:05.678Z');
      const { path, writer } = await pg.create(ID, at, meta(ID, '/w', at.toISOString()));
      await writer.append(userMessage('acknowledged', at.toISOString()));
      // Held (grouped with what follows) until something is told of it: another server sees the thread's creation only.
      expect(writer.uncommitted).toBe(true);
      expect((await other.read(path.replace(home, other.home))).map((r) => r.line.type)).toEqual(['session_meta']);
      await writer.commit();
      expect(writer.uncommitted).toBe(false);
      // Another store (another server) sees the line while the writer is still open.
      const seen = await other.read(path.replace(home, other.home));
      expect(seen.map((r) => r.line.type)).toEqual(['session_meta', 'event_msg']);
      await writer.close();
    } finally {
      await pg.close();
      await other.close();
    }
  });
});

describe('postgres thread changes', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await removeTempDirs();
    await cluster?.stop();
  });

  it('archives out of the listing and back, names and deletes a thread', async () => {
    const home = await tempDir();
    const pg = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const file = await writeThread(pg, ID, '/a', new Date('2026-01-02T03:04:05Z'), 'one');
      const archived = await pg.archive(file);
      expect(archived).toBe(`${home}/archived_sessions/${file.split('/').pop()}`);
      expect(pg.isArchived(archived)).toBe(true);
      expect((await pg.list({ limit: 10 })).threads).toEqual([]);
      expect((await pg.list({ limit: 10, archived: true })).threads.map((t) => t.path)).toEqual([archived]);
      expect(await pg.unarchive(archived)).toBe(file);
      await pg.name(file, ID, 'my thread');
      expect(await pg.locate('my thread')).toBe(file);
      expect((await pg.read(file)).at(-1)?.line).toMatchObject({ type: 'event_msg', payload: { type: 'thread_name_updated', thread_name: 'my thread' } });
      await pg.delete(ID, file);
      expect(await pg.find(ID)).toBeUndefined();
      await expect(pg.read(file)).rejects.toThrow(/no thread/);
    } finally {
      await pg.close();
    }
  });
});

describe('postgres thread keys from the database', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await removeTempDirs();
    await cluster?.stop();
  });

  it('refuses a stored key that would lead outside the home', async () => {
    const home = await tempDir();
    const url = await cluster.freshDatabase();
    const pg = new PostgresThreadStore({ url, home });
    try {
      await writeThread(pg, ID, '/a', new Date('2026-01-02T03:04:05Z'), 'one');
      // A row tampered with in the database: its key climbs out of the home and the cache.
      const client = new pgClient.Client({ connectionString: url });
      await client.connect();
      await client.query(`UPDATE weft_threads SET key = '../../escaped/rollout-2026-01-02T03-04-05-${ID}.jsonl'`);
      await client.end();
      await expect(pg.locate(ID)).rejects.toThrow(/is not a thread of the Postgres thread store/);
      const outside = `${home}/../../escaped/rollout-2026-01-02T03-04-05-${ID}.jsonl`;
      await expect(pg.read(outside)).rejects.toThrow(/is not a thread of the Postgres thread store/);
    } finally {
      await pg.close();
    }
  });
});
