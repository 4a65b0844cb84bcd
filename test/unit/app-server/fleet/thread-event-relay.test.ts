// The relay between app-servers sharing one Postgres: what one server publishes for a thread reaches
// the servers following it, in order and unchanged; what another database client forges on the
// channel or in the table (a payload or a row of a bad shape, another thread's params, a method that
// is no thread notification) is dropped and logged, never forwarded; a follower whose LISTEN
// connection dies catches up from the rows once it is back.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_CHANNEL, ThreadEventRelay } from '../../../../src/app-server/fleet/thread-event-relay.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';

const T = '01a20000-0000-7000-8000-0000000000aa';
const OTHER = '01a20000-0000-7000-8000-0000000000bb';

let cluster: PostgresCluster;
const closers: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Server {
  relay: ThreadEventRelay;
  logs: string[];
}

async function server(url: string, name: string): Promise<Server> {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  const logs: string[] = [];
  const relay = await ThreadEventRelay.open({ pool, listenClient: () => new pg.Client({ connectionString: url, application_name: `${name} listen` }), log: (m) => logs.push(m) });
  closers.push(() => pool.end(), () => relay.close());
  return { relay, logs };
}

/** Collects what a follower receives; `until(n)` resolves once n notifications have arrived. */
async function follower(s: Server, thread: string) {
  const got: Array<{ method: string; params: Record<string, unknown>; at?: number }> = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  await s.relay.follow(thread, (method, params, at) => {
    got.push(at === 1_795_000_000_000 ? { method, params, at } : { method, params });
    for (const w of waiters.filter((w) => got.length >= w.n)) w.resolve();
  });
  return { got, until: (n: number) => (got.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))) };
}

const delta = (i: number, thread = T) => ({ threadId: thread, turnId: 'turn-1', itemId: 'msg-1', delta: `part ${i} é "quoted"` });

async function raw(url: string, run: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await run(c);
  } finally {
    await c.end();
  }
}

describe('the thread notification relay', () => {
  it("forwards a thread's notifications to another server's follower, in order, with the params as sent", async () => {
    const url = await cluster.freshDatabase();
    const a = await server(url, 'a');
    const b = await server(url, 'b');
    const f = await follower(b, T);
    const other = await follower(b, OTHER);
    a.relay.publish(T, 'turn/started', { threadId: T, turn: { id: 'turn-1', items: [], status: 'inProgress', error: null } });
    for (let i = 0; i < 300; i++) a.relay.publish(T, 'item/agentMessage/delta', delta(i));
    a.relay.publish(T, 'thread/status/changed', { threadId: T, status: { type: 'idle' } }, 1_795_000_000_000);
    await f.until(302);
    expect(f.got[0]?.method).toBe('turn/started');
    expect(f.got.slice(1, 301).map((g) => g.params)).toEqual(Array.from({ length: 300 }, (_, i) => delta(i)));
    expect(JSON.stringify(f.got[1]?.params)).toBe(JSON.stringify(delta(0)));
    // With the time it was emitted at, which the follower's items are stamped with.
    expect(f.got[301]).toEqual({ method: 'thread/status/changed', params: { threadId: T, status: { type: 'idle' } }, at: 1_795_000_000_000 });
    expect(other.got).toEqual([]);
    expect(b.logs).toEqual([]);
  });

  it('drops forged payloads and rows of a bad shape, logs them, and still forwards the good ones', async () => {
    const url = await cluster.freshDatabase();
    const a = await server(url, 'a');
    const b = await server(url, 'b');
    const f = await follower(b, T);
    await raw(url, async (c) => {
      // Payloads that are not the relay's: not JSON, extra fields, a thread id that is a path.
      await c.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, 'not json']);
      await c.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, JSON.stringify({ thread: T, seq: 1, method: 'turn/started' })]);
      await c.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, JSON.stringify({ thread: '../../etc', seq: 1 })]);
      // Rows another client wrote: another thread's params, a method no thread sends, params of the wrong shape, not JSON.
      await c.query(
        `INSERT INTO weft_thread_notifications (thread_id, seq, method, params, at) VALUES
           ($1, 1, 'item/agentMessage/delta', $2, 0), ($1, 2, 'account/login/completed', $3, 0), ($1, 3, 'item/agentMessage/delta', $4, 0), ($1, 4, 'turn/started', '{', 0)`,
        [T, JSON.stringify(delta(0, OTHER)), JSON.stringify({ threadId: T, loginId: 'x', success: true, error: null }), JSON.stringify({ threadId: T, delta: 42 })],
      );
      await c.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, JSON.stringify({ thread: T, seq: 4 })]);
    });
    a.relay.publish(T, 'item/agentMessage/delta', delta(7));
    await f.until(1);
    await a.relay.flushed(T);
    expect(f.got).toEqual([{ method: 'item/agentMessage/delta', params: delta(7) }]);
    const logged = b.logs.join('\n');
    expect(b.logs.filter((l) => l.includes('not a relay payload'))).toHaveLength(3);
    expect(logged).toContain(`params name thread ${OTHER}`);
    expect(logged).toContain('account/login/completed is not a thread notification');
    expect(logged).toContain('params of item/agentMessage/delta do not match its schema');
    expect(logged).toContain('params are not JSON');
  });

  it('a follower whose LISTEN connection is cut catches up from the rows once reconnected', async () => {
    const url = await cluster.freshDatabase();
    const a = await server(url, 'a');
    const b = await server(url, 'b');
    const f = await follower(b, T);
    a.relay.publish(T, 'item/agentMessage/delta', delta(0));
    await f.until(1);
    await raw(url, (c) => c.query(`SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE application_name = 'b listen'`));
    a.relay.publish(T, 'item/agentMessage/delta', delta(1));
    a.relay.publish(T, 'item/agentMessage/delta', delta(2));
    await f.until(3);
    expect(f.got.map((g) => g.params)).toEqual([delta(0), delta(1), delta(2)]);
  });
});
