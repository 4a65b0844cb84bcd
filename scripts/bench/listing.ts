// Listing threads in a home of 1,000: the first listing of a fresh process (list-once.mjs: the
// listing alone, no start-up; first in a home without a head cache file, then with the one it left),
// `weft thread list --limit 1000 --json` (spawn to exit, beside `node -e 0` in the same run), the
// library's listing in a warm process, and an app-server's `thread/list` once 500 of the threads
// are loaded in it. Targets: the CLI ≤ 200 ms, `thread/list`
// ≤ 50 ms (the viewer's `GET /api/threads` is measured in view.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppServer } from '../../src/app-server/app-server.js';
import { FileThreadStore } from '../../src/rollout/store/file-thread-store.js';
import { generateRollout } from './generate-rollout.js';

const THREADS = 1000;
const LOADED = 500;
const RUNS = 9;
const HERE = path.dirname(new URL(import.meta.url).pathname);
const BIN = path.join(HERE, '..', '..', 'bin', 'weft.js');
const LIST_ONCE = path.join(HERE, 'list-once.mjs');

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;

function timedRun(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    execFile(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve({ ms: performance.now() - start, stdout })));
  });
}

type Msg = { id?: unknown; result?: { data?: unknown[] }; error?: { message: string } };

/** An in-process app-server and a way to ask it things. */
function appServer(env: Record<string, string | undefined>, cwd: string) {
  const waiting = new Map<unknown, (m: Msg) => void>();
  const server = new AppServer({
    env,
    cwd,
    write: (line) => {
      const msg = JSON.parse(line) as Msg & { method?: string };
      if (msg.id !== undefined && msg.method === undefined) waiting.get(msg.id)?.(msg);
    },
  });
  let next = 1;
  const request = (method: string, params: unknown) =>
    new Promise<Msg>((resolve, reject) => {
      const id = next++;
      waiting.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m)));
      server.receive(`${JSON.stringify({ id, method, params })}\n`);
    });
  return { server, request };
}

export async function benchListing(opts: { appServer?: boolean } = {}): Promise<void> {
  console.log(`## listing ${THREADS.toLocaleString('en')} threads`);
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-list-'));
  try {
    const ids: string[] = [];
    for (let i = 0; i < THREADS; i++) ids.push((await generateRollout(home, 8 * 1024)).id);
    await writeFile(`${home}/config.toml`, 'model_provider = "mock"\n[model_providers.mock]\nbase_url = "http://127.0.0.1:9/v1"\n');
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };

    // The listing alone in a fresh process: first in a home no weft process has listed, then again.
    const listOnce = async (): Promise<number> => (JSON.parse((await timedRun([LIST_ONCE, home, String(THREADS)], env)).stdout) as { ms: number }).ms;
    const coldFirst = await listOnce();
    const coldAgain: number[] = [];
    for (let i = 0; i < RUNS; i++) coldAgain.push(await listOnce());
    console.log(
      `listing ${THREADS} threads, the first listing of a fresh process (in-process, no start-up): ${median(coldAgain).toFixed(0)} ms (median of ${RUNS}); ` +
        `${coldFirst.toFixed(0)} ms the first time the home is listed`,
    );

    const cli: number[] = [];
    const node: number[] = [];
    await timedRun([BIN, 'thread', 'list', '--limit', String(THREADS), '--json'], env);
    let listed = 0;
    for (let i = 0; i < RUNS; i++) {
      node.push((await timedRun(['-e', '0'], env)).ms);
      const r = await timedRun([BIN, 'thread', 'list', '--limit', String(THREADS), '--json'], env);
      cli.push(r.ms);
      listed = (JSON.parse(r.stdout) as { threads: unknown[] }).threads.length;
    }
    const store = new FileThreadStore(home);
    const lib: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await store.list({ limit: THREADS });
      lib.push(performance.now() - start);
    }
    console.log(
      `weft thread list --limit ${THREADS} --json (${listed} listed): ${median(cli).toFixed(0)} ms spawn to exit (target ≤ 200 ms); node -e 0 in the same run ${median(node).toFixed(0)} ms; ` +
        `the listing alone, in a warm process: ${median(lib).toFixed(0)} ms; medians of ${RUNS}`,
    );

    if (opts.appServer === false) return;
    const { server, request } = appServer(env, home);
    await request('initialize', { clientInfo: { name: 'bench', title: 'Bench', version: '0' } });
    server.receive('{"method":"initialized"}\n');
    const loadStart = performance.now();
    for (const id of ids.slice(0, LOADED)) await request('thread/resume', { threadId: id });
    const loadMs = performance.now() - loadStart;
    const every = { sourceKinds: ['cli', 'vscode', 'exec', 'appServer'] };
    for (const [what, params] of [
      ['first page (25)', every],
      ['100 per page', { ...every, limit: 100 }],
    ] as const) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        rows = ((await request('thread/list', params)).result?.data ?? []).length;
        times.push(performance.now() - start);
      }
      console.log(`app-server with ${LOADED} loaded threads (of ${THREADS} stored): thread/list ${what}: ${median(times).toFixed(1)} ms (${rows} rows; target ≤ 50 ms; median of ${RUNS})`);
    }
    console.log(`   (loading the ${LOADED} threads with thread/resume took ${(loadMs / 1000).toFixed(1)} s)`);
    await server.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

// `tsx scripts/bench/listing.ts cli` leaves out the app-server figures.
if (import.meta.url === `file://${process.argv[1]}`) await benchListing({ appServer: process.argv[2] !== 'cli' });
