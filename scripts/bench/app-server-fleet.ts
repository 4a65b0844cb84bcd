// App-servers sharing a thread store, each figure beside the home's files in the same run: sustained
// appends with 2 servers × 20 concurrent turns (in one process: two AppServer instances, each with
// its own runtime, store, writer lease and relay, as two hosts would have), and the memory each
// loaded idle thread costs in one server holding 1,000 of them. Postgres is a throwaway cluster.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppServer } from '../../src/app-server/app-server.js';
import { AppServerFleet } from '../../src/app-server/fleet/app-server-fleet.js';
import { postgresAvailable, startPostgresCluster } from '../../test/support/postgres-cluster.js';
import { startMockResponsesServer, textReply } from '../mock-responses-server.js';

const SERVERS = 2;
const CONCURRENT = 20;
const ROUNDS = 5;
const IDLE_THREADS = 1000;

type Msg = { id?: unknown; method?: string; result?: { thread?: { id: string }; turn?: { id: string } }; params?: { turn?: { id: string } } };

function server(env: Record<string, string | undefined>, cwd: string, fleet: AppServerFleet) {
  const waiting = new Map<unknown, (m: Msg) => void>();
  const turns = new Map<string, () => void>();
  const early = new Set<string>();
  const app = new AppServer({
    env,
    cwd,
    fleet,
    write: (line) => {
      const msg = JSON.parse(line) as Msg;
      if (msg.method === 'turn/completed') {
        const id = msg.params?.turn?.id as string;
        const done = turns.get(id);
        if (done) done();
        else early.add(id);
      } else if (msg.id !== undefined && msg.method === undefined) waiting.get(msg.id)?.(msg);
    },
  });
  let next = 1;
  const request = (method: string, params: unknown) =>
    new Promise<Msg>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      app.receive(`${JSON.stringify({ id, method, params })}\n`);
    });
  const turn = async (threadId: string, text: string) => {
    const r = await request('turn/start', { threadId, input: [{ type: 'text', text, text_elements: [] }] });
    const id = r.result?.turn?.id as string;
    if (early.delete(id)) return;
    await new Promise<void>((resolve) => turns.set(id, resolve));
  };
  const open = async () => {
    await request('initialize', { clientInfo: { name: 'bench', title: 'Bench', version: '0' } });
    app.receive('{"method":"initialized"}\n');
  };
  return { app, request, turn, open };
}

function settle(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function measure(store: 'files' | 'postgres', db: string | undefined, mockUrl: string): Promise<{ turnsPerSecond: number; kibPerThread: number }> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-fleet-'));
  try {
    await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mockUrl}"\n`);
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, ...(db ? { WEFT_THREAD_STORE: db } : {}) };
    const fleets = Array.from({ length: SERVERS }, () => new AppServerFleet(() => undefined));
    const servers = fleets.map((f) => server(env, home, f));
    for (const s of servers) await s.open();
    const threads = await Promise.all(servers.map((s) => Promise.all(Array.from({ length: CONCURRENT }, async () => (await s.request('thread/start', { cwd: home })).result?.thread?.id as string))));
    const start = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(servers.flatMap((s, i) => (threads[i] as string[]).map((id) => s.turn(id, `round ${round}`))));
    }
    const turnsPerSecond = (SERVERS * CONCURRENT * ROUNDS) / ((performance.now() - start) / 1000);
    for (const s of servers) await s.app.close();

    const one = server(env, home, fleets[0] as AppServerFleet);
    await one.open();
    const before = settle();
    for (let i = 0; i < IDLE_THREADS; i += 50) await Promise.all(Array.from({ length: 50 }, () => one.request('thread/start', { cwd: home })));
    const kibPerThread = (settle() - before) / IDLE_THREADS / 1024;
    await one.app.close();
    await Promise.all(fleets.map((f) => f.close()));
    console.log(`${store}: ${SERVERS} servers × ${CONCURRENT} concurrent turns, ${ROUNDS} rounds: ${turnsPerSecond.toFixed(1)} turns/s; ${IDLE_THREADS} loaded idle threads: ${kibPerThread.toFixed(1)} KiB of heap each (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    return { turnsPerSecond, kibPerThread };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

export async function benchAppServerFleet(): Promise<void> {
  console.log('## app-servers sharing a thread store (Postgres beside the files store)');
  if (!(await postgresAvailable())) {
    console.log('skipped: no PostgreSQL server binaries and no WEFT_TEST_POSTGRES_URL');
    return;
  }
  if (!(globalThis as { gc?: () => void }).gc) console.log('(no --expose-gc: heap figures include garbage not yet collected)');
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const cluster = await startPostgresCluster();
  try {
    const files = await measure('files', undefined, mock.url);
    const pg = await measure('postgres', await cluster.freshDatabase(), mock.url);
    console.log(`postgres / files: turns ${(pg.turnsPerSecond / files.turnsPerSecond).toFixed(2)}×, memory per idle thread ${(pg.kibPerThread / files.kibPerThread).toFixed(2)}×`);
  } finally {
    await cluster.stop();
    await mock.close();
  }
}
