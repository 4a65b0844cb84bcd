// The writer lease of a Postgres thread: one holder across processes (an advisory lock held by a
// connection of the process serving the thread). A second process is refused while it is held, and
// takes it as soon as the holder releases it, its connection is terminated or its process is killed.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advisoryKeyOf, AdvisoryWriterLease, ThreadLeaseLostError, ThreadWrittenElsewhereError } from '../../../../src/rollout/postgres/advisory-writer-lease.js';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import { RolloutBusyError } from '../../../../src/rollout/store/lock.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';
import { codexLikeProcess } from '../../../support/codex-like-process.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

const ID = '01a20000-0000-7000-8000-00000000abcd';
const FILE = `/home/u/.weft/sessions/2026/11/28/rollout-2026-11-28T20-00-00-${ID}.jsonl`;

/** Holds a raw advisory lock on argv[2] (the thread's key) until killed. */
const HOLD_ADVISORY_LOCK = `
const pg = require('pg');
const [url, key] = process.argv.slice(1);
const c = new pg.Client({ connectionString: url, application_name: 'other process' });
c.connect().then(() => c.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key])).then((r) => console.log(r.rows[0].ok ? 'held' : 'busy'));
`;

let cluster: PostgresCluster;
const open: AdvisoryWriterLease[] = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await removeTempDirs();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

async function leases(n: number): Promise<{ url: string; all: AdvisoryWriterLease[] }> {
  const url = await cluster.freshDatabase();
  const all = Array.from({ length: n }, () => new AdvisoryWriterLease({ connectionString: url }));
  open.push(...all);
  return { url, all };
}

async function admin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

describe('the advisory writer lease', () => {
  it('derives a stable 64-bit key from the thread id', () => {
    expect(advisoryKeyOf(ID)).toBe(advisoryKeyOf(ID));
    expect(advisoryKeyOf(ID)).not.toBe(advisoryKeyOf(ID.replace('abcd', 'abce')));
    expect(BigInt.asIntN(64, advisoryKeyOf(ID))).toBe(advisoryKeyOf(ID));
  });

  it('refuses a second process while held, naming the holder, and lets it in once released', async () => {
    const { all: [a, b] } = await leases(2);
    const lock = await a!.acquire('k', FILE);
    expect(lock.threadId).toBe(ID);
    const refused = await b!.acquire('k', FILE).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ThreadWrittenElsewhereError);
    expect((refused as ThreadWrittenElsewhereError).holder).toBe(`weft ${process.pid}@${(await import('node:os')).hostname()}`);
    await lock.release();
    const taken = await b!.acquire('k', FILE);
    expect(b!.held).toEqual([ID]);
    await taken.release();
    expect(b!.held).toEqual([]);
  });

  it('refuses a second writer in the same process (advisory locks nest within a session)', async () => {
    const { all: [a] } = await leases(1);
    await a!.acquire('k', FILE);
    await expect(a!.acquire('k', FILE)).rejects.toBeInstanceOf(RolloutBusyError);
  });

  it("when the holder's connection is terminated, the holder is told and another process takes the thread at once", async () => {
    const { url, all: [a, b] } = await leases(2);
    const lock = await a!.acquire('k', FILE);
    const lost = new Promise<unknown>((resolve) => lock.lost.addEventListener('abort', () => resolve(lock.lost.reason)));
    // Waits (up to 10 s) until the backend is gone, and with it its locks.
    await admin(url, (c) => c.query(`SELECT pg_terminate_backend(pid, 10000) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`));
    expect(await lost).toBeInstanceOf(ThreadLeaseLostError);
    expect(a!.held).toEqual([]);
    const taken = await b!.acquire('k', FILE);
    expect(taken.threadId).toBe(ID);
    // The process that lost it reconnects for its next lease, and is refused this one.
    await expect(a!.acquire('k', FILE)).rejects.toBeInstanceOf(ThreadWrittenElsewhereError);
  });

  it('when the holding process is killed, the thread is free without any clean-up', async () => {
    const { url, all: [b] } = await leases(1);
    const other = codexLikeProcess(HOLD_ADVISORY_LOCK, [url, advisoryKeyOf(ID).toString()]);
    try {
      expect(await other.line('')).toBe('held');
      const refused = await b!.acquire('k', FILE).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ThreadWrittenElsewhereError);
      expect((refused as ThreadWrittenElsewhereError).holder).toBe('other process');
      other.child.kill('SIGKILL');
      await other.exited();
      // The server ends the dead client's session as soon as it sees the socket close: wait for that
      // on the server (a blocking lock request returns when the lock is free), then take the lease.
      await admin(url, async (c) => {
        await c.query(`SET lock_timeout = '20s'`);
        await c.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKeyOf(ID).toString()]);
        await c.query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKeyOf(ID).toString()]);
      });
      const taken = await b!.acquire('k', FILE);
      expect(taken.threadId).toBe(ID);
    } finally {
      other.child.kill('SIGKILL');
    }
  });

  it('a thread whose lease was lost is no longer written by its old holder, and another store takes it over', async () => {
    const url = await cluster.freshDatabase();
    const home = await tempDir();
    const [mine, theirs] = [new PostgresThreadStore({ url, home }), new PostgresThreadStore({ url, home })];
    try {
      const at = new Date('2026-01-02T03:04:05.678Z');
      const meta = { timestamp: at.toISOString(), type: 'session_meta', payload: { id: ID, timestamp: at.toISOString(), cwd: '/w', originator: 'weft', cli_version: '0.98.0', source: 'exec' } } as const;
      const { path, writer } = await mine.create(ID, at, meta);
      await expect(theirs.lock(path)).rejects.toBeInstanceOf(ThreadWrittenElsewhereError);
      await admin(url, (c) => c.query(`SELECT pg_terminate_backend(pid, 10000) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`));
      const taken = await theirs.lock(path);
      await expect(writer.append({ type: 'event_msg', payload: { type: 'user_message', message: 'late', images: [] } })).rejects.toThrow(/the writer lease of thread .* was lost/);
      expect((await theirs.read(path)).map((r) => r.line.type)).toEqual(['session_meta']);
      await taken.release();
      await writer.close().catch(() => undefined);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
