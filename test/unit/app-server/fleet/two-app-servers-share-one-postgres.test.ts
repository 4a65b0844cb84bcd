// Issue 40's "done when": two `weft app-server --listen ws://` processes on one Postgres thread
// store, against one mock Responses server, beside the same turns run on the home's files by one
// process at a time. A thread started on the first and resumed on the second sends the next request
// a single process sends; a client of the first follows a turn running on the second and gets the
// notifications that turn's own client gets; the second is killed (SIGKILL) mid-turn and the first
// takes the thread over with nothing acknowledged lost (every item its client saw completed is stored); the thread exported from Postgres is the
// rollout the files store wrote. Ids, times and the temp root differ between the two runs and are
// normalized; everything else is compared as bytes.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { advisoryKeyOf } from '../../../../src/rollout/postgres/advisory-writer-lease.js';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import { startAppServerMock, type AppServerMock } from '../../../support/appserver-mock.js';
import { appServerWorkspace0169, type AppServerWorkspace } from '../../../support/appserver-workspace.js';
import type { Msg } from '../../../support/appserver-client.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';
import { removeTempDirs } from '../../../support/temp-tree.js';
import { WsClient } from '../../../support/ws-client.js';

const BIN = fileURLToPath(new URL('../../../../bin/weft.js', import.meta.url));

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await removeTempDirs();
});

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<void>;
}

async function startServer(ws: AppServerWorkspace, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [BIN, 'app-server', '--listen', 'ws://127.0.0.1:0'], { cwd: ws.cwd, env: { ...ws.options.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stderr! });
  const stderr: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => {
      stderr.push(l);
      const m = /listening on (ws:\/\/\S+)/.exec(l);
      if (m) resolve(m[1] as string);
    });
    void exited.then(() => reject(new Error(`app-server exited before listening:\n${stderr.join('\n')}`)));
  });
  return { child, url, exited };
}

async function client(server: Server): Promise<WsClient> {
  const c = await WsClient.connect(server.url);
  await c.initialize();
  return c;
}

const text = (t: string) => [{ type: 'text', text: t, text_elements: [] }];

async function ok(c: WsClient, method: string, params: unknown): Promise<Record<string, unknown>> {
  const r = await c.request(method, params);
  if (r.error) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.result as Record<string, unknown>;
}

/** Runs a turn to its end; returns its turn/completed. */
async function turn(c: WsClient, threadId: string, prompt: string): Promise<Msg> {
  const at = c.received.length;
  const turnId = ((await ok(c, 'turn/start', { threadId, input: text(prompt) })).turn as { id: string }).id;
  return c.until((m) => m.method === 'turn/completed' && (m.params as { turn: { id: string } }).turn.id === turnId, at);
}

/** Ids, times and the run's temp root are run-specific: each becomes a placeholder, numbered in order of appearance. */
function normalizer(root: string): (s: string) => string {
  const ids = new Map<string, string>();
  return (s) =>
    s
      .split(root)
      .join('<root>')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!ids.has(id)) ids.set(id, `<id-${ids.size}>`);
        return ids.get(id) as string;
      })
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}(\.\d+)?Z?/g, '<time>')
      .replace(/\b1\d{12}\b/g, '<unix-ms>')
      .replace(/"(started_at|completed_at|create_time|duration_ms|time_to_first_token_ms)":\d+(?:\.\d+)?/g, '"$1":<time>');
}

/** Waits (on the server) until no session holds the thread's writer lease. */
async function leaseFree(url: string, threadId: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`SET lock_timeout = '30s'`);
    await c.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKeyOf(threadId).toString()]);
    await c.query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKeyOf(threadId).toString()]);
  } finally {
    await c.end();
  }
}

interface Run {
  readonly mock: AppServerMock;
  readonly ws: AppServerWorkspace;
  readonly threadId: string;
  readonly rollout: Buffer;
  /** The turn/started … notifications of the slow turn as its own client got them, and as a follower on the other server got them. */
  readonly slowOwn: Msg[];
  readonly slowFollowed: Msg[] | undefined;
}

/**
 * The scenario. `db` set: servers S1 and S2 are two processes on that database. Unset: the home's
 * files, S1 and S2 one process (the files store has one writer process per thread).
 */
async function scenario(db: string | undefined): Promise<Run> {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace0169(mock.url);
  const env: Record<string, string> = db ? { WEFT_THREAD_STORE: db } : {};
  const s1 = await startServer(ws, env);
  const s2 = db ? await startServer(ws, env) : s1;
  const servers = new Set([s1, s2]);
  const clients: WsClient[] = [];
  try {
    // Started on S1, one turn, let go of.
    const c1 = await client(s1);
    clients.push(c1);
    const threadId = ((await ok(c1, 'thread/start', { cwd: ws.cwd })).thread as { id: string }).id;
    expect(((await turn(c1, threadId, 'one')).params as { turn: { status: string } }).turn.status).toBe('completed');
    await ok(c1, 'thread/unsubscribe', { threadId });

    // Resumed on S2: its next request is compared below.
    const c2 = await client(s2);
    clients.push(c2);
    await ok(c2, 'thread/resume', { threadId });
    await turn(c2, threadId, 'two');

    // A client of S1 follows while S2 runs a turn (on the files store one process serves both).
    const c3 = db ? await client(s1) : undefined;
    if (c3) {
      clients.push(c3);
      await ok(c3, 'thread/resume', { threadId });
    }
    const slow = '[[slow]] three';
    const own = c2.received.length;
    const followed = c3?.received.length ?? 0;
    const started = await c2.request('turn/start', { threadId, input: text(slow) });
    expect(started.error).toBeUndefined();
    await mock.held(slow);
    const isDelta = (m: Msg) => m.method === 'item/agentMessage/delta' && (m.params as { threadId?: string }).threadId === threadId;
    await c2.until(isDelta, own);
    if (c3) await c3.until(isDelta, followed);
    const ofThread = (m: Msg) => m.method !== undefined && m.id === undefined && (m.params as { threadId?: string } | undefined)?.threadId === threadId;
    // A `warning` answers the request that caused it: it goes to that client only.
    const slowOwn = c2.received.slice(own).filter((m) => ofThread(m) && m.method !== 'warning');
    const slowFollowed = c3?.received.slice(followed).filter(ofThread);

    // S2 dies mid-turn: the thread is taken over on S1 (a new process for the files store).
    s2.child.kill('SIGKILL');
    await s2.exited;
    servers.delete(s2);
    let c4: WsClient;
    if (db) {
      await leaseFree(db, threadId);
      c4 = c3 as WsClient;
    } else {
      const s3 = await startServer(ws, env);
      servers.add(s3);
      c4 = await client(s3);
      clients.push(c4);
      await ok(c4, 'thread/resume', { threadId });
    }
    expect(((await turn(c4, threadId, 'four')).params as { turn: { status: string } }).turn.status).toBe('completed');
    await ok(c4, 'thread/unsubscribe', { threadId });

    let rollout: Buffer;
    if (db) {
      const store = new PostgresThreadStore({ url: db, home: ws.codexHome });
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of store.exportRollout(await store.locate(threadId))) chunks.push(chunk);
        rollout = Buffer.concat(chunks);
      } finally {
        await store.close();
      }
    } else {
      const { findRolloutPath } = await import('../../../../src/rollout/store/paths.js');
      rollout = await readFile((await findRolloutPath(ws.codexHome, threadId)) as string);
    }
    return { mock, ws, threadId, rollout, slowOwn, slowFollowed };
  } finally {
    for (const c of clients) await c.close();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all([...servers].map((s) => s.exited));
    mock.release('[[slow]] three');
    await mock.close();
  }
}

test('two app-servers on one Postgres serve one thread as one process on files does', async () => {
  const files = await scenario(undefined);
  const shared = await scenario(await cluster.freshDatabase());
  const bodies = (r: Run) => {
    const n = normalizer(r.ws.root);
    return r.mock.server.requests.filter((q) => q.path.endsWith('/responses')).map((q) => n(q.rawBody.toString()));
  };
  const [fileBodies, sharedBodies] = [bodies(files), bodies(shared)];
  // one, two (resumed on the second server), three (killed), four (taken over).
  expect(sharedBodies).toHaveLength(4);
  expect(sharedBodies).toEqual(fileBodies);
  // Nothing acknowledged was lost: the killed turn's input is in the history the next turn sends.
  expect(sharedBodies[3]).toContain('[[slow]] three');

  // Every item the killed server had acknowledged to its client (item/completed) before SIGKILL is
  // in the stored thread: lines are committed in groups, but before anything is told of them.
  const texts = (v: unknown): string[] =>
    Array.isArray(v) ? v.flatMap(texts) : typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => (k === 'text' && typeof x === 'string' ? [x] : texts(x))) : [];
  const acknowledged = shared.slowOwn.filter((m) => m.method === 'item/completed').flatMap((m) => texts((m.params as { item: unknown }).item));
  expect(acknowledged).toContain('[[slow]] three');
  for (const text of acknowledged) expect(shared.rollout.toString()).toContain(JSON.stringify(text).slice(1, -1));

  // The follower on the other server got what the turn's own client got, in the same order.
  const strip = (ms: Msg[]) => ms.map((m) => JSON.stringify({ method: m.method, params: m.params }));
  expect(shared.slowFollowed?.length).toBeGreaterThan(2);
  expect(strip(shared.slowFollowed ?? [])).toEqual(strip(shared.slowOwn).slice(0, shared.slowFollowed?.length));
  expect(shared.slowFollowed?.map((m) => m.method)).toEqual(expect.arrayContaining(['turn/started', 'item/agentMessage/delta']));

  // The thread exported from Postgres is the rollout the files store wrote.
  expect(normalizer(shared.ws.root)(shared.rollout.toString())).toBe(normalizer(files.ws.root)(files.rollout.toString()));
}, 300_000);
