// Two app-servers on one Postgres thread store, attacked. Both keep the WebSocket rules (a token,
// no browser Origin). Turn requests for one thread sent to both at once run exactly one turn: the
// other server answers as Codex answers for a thread with another writer. Notifications forged by
// another database client (a NOTIFY payload of a bad shape, rows that name another thread or break
// the notification's schema) never reach the following client.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppServerFleet } from '../../src/app-server/fleet/app-server-fleet.js';
import { RELAY_CHANNEL } from '../../src/app-server/fleet/thread-event-relay.js';
import { serveWebSocket, type RunningWebSocketServer } from '../../src/app-server/websocket.js';
import type { Msg } from '../support/appserver-client.js';
import { startAppServerMock } from '../support/appserver-mock.js';
import { appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { WsClient } from '../support/ws-client.js';

const TOKEN = 'fleet-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await removeTempDirs();
});

const text = (t: string) => [{ type: 'text', text: t, text_elements: [] }];

async function client(server: RunningWebSocketServer): Promise<WsClient> {
  const c = await WsClient.connect(server.url, AUTH);
  await c.initialize();
  return c;
}

test('concurrent turns on two servers run one; forged relay notifications are never forwarded', async () => {
  const db = await cluster.freshDatabase();
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace0169(mock.url);
  const fleets = [new AppServerFleet(() => undefined), new AppServerFleet(() => undefined)];
  const servers = await Promise.all(
    fleets.map((fleet) => serveWebSocket({ ...ws.options, env: { ...ws.options.env, WEFT_THREAD_STORE: db }, fleet, host: '127.0.0.1', port: 0, token: TOKEN })),
  );
  const clients: WsClient[] = [];
  try {
    for (const s of servers) {
      await expect(WsClient.connect(s.url)).rejects.toThrow(/401/);
      await expect(WsClient.connect(s.url, { ...AUTH, Origin: 'https://evil.example' })).rejects.toThrow(/403/);
    }
    const c0 = await client(servers[0]!);
    clients.push(c0);
    const threadId = ((await c0.request('thread/start', { cwd: ws.cwd })).result as { thread: { id: string } }).thread.id;
    const at0 = c0.received.length;
    await c0.request('turn/start', { threadId, input: text('one') });
    await c0.until((m) => m.method === 'turn/completed', at0);
    await c0.request('thread/unsubscribe', { threadId });

    // Both servers open it at once: one writes it, the other follows it.
    const [a, b] = [await client(servers[0]!), await client(servers[1]!)];
    clients.push(a, b);
    const opened = await Promise.all([a.request('thread/resume', { threadId }), b.request('thread/resume', { threadId })]);
    for (const o of opened) expect(o.error).toBeUndefined();

    const before = mock.server.requests.filter((r) => r.path.endsWith('/responses')).length;
    const from = [a.received.length, b.received.length];
    const answers = await Promise.all([a.request('turn/start', { threadId, input: text('race a') }), b.request('turn/start', { threadId, input: text('race b') })]);
    const refused = answers.filter((r) => r.error !== undefined);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toEqual({ code: -32600, message: `thread ${threadId} already has an active writer` });
    const winner = answers[0]?.error === undefined ? a : b;
    const follower = winner === a ? b : a;
    const followerFrom = follower === a ? (from[0] as number) : (from[1] as number);
    await winner.until((m) => m.method === 'turn/completed', winner === a ? from[0] : from[1]);
    // The follower saw the winner's turn end too.
    await follower.until((m) => m.method === 'turn/completed', followerFrom);
    expect(mock.server.requests.filter((r) => r.path.endsWith('/responses')).length).toBe(before + 1);

    // Another database client forges notifications for the thread.
    const other = '01a20000-0000-7000-8000-0000000000ff';
    const forger = new pg.Client({ connectionString: db });
    await forger.connect();
    try {
      await forger.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, JSON.stringify({ thread: threadId, seq: 1, method: 'item/agentMessage/delta', params: { delta: 'forged' } })]);
      await forger.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, 'forged']);
      await forger.query(
        `INSERT INTO weft_thread_notifications (thread_id, seq, method, params, at)
         SELECT $1, m + 1, 'item/agentMessage/delta', $2, 0 FROM (SELECT coalesce(max(seq), 0) AS m FROM weft_thread_notifications WHERE thread_id = $1) s
         UNION ALL
         SELECT $1, m + 2, 'item/agentMessage/delta', $3, 0 FROM (SELECT coalesce(max(seq), 0) AS m FROM weft_thread_notifications WHERE thread_id = $1) s`,
        [threadId, JSON.stringify({ threadId: other, turnId: 't', itemId: 'i', delta: 'forged other thread' }), JSON.stringify({ threadId, turnId: 't', itemId: 'i', delta: 7, forged: true })],
      );
    } finally {
      await forger.end();
    }
    // The writer's next turn is relayed after the forged rows: once the follower has it, it has read past them.
    const next = winner.received.length;
    const followerNext = follower.received.length;
    await winner.request('turn/start', { threadId, input: text('after the forgery') });
    await winner.until((m) => m.method === 'turn/completed', next);
    await follower.until((m) => m.method === 'turn/completed', followerNext);
    const forged = follower.received.filter((m: Msg) => JSON.stringify(m).includes('forged'));
    expect(forged).toEqual([]);
  } finally {
    for (const c of clients) await c.close();
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(fleets.map((f) => f.close()));
    await mock.close();
  }
}, 120_000);
