// The Postgres thread store beside the home's files, in the same run: listing 10,000 threads (the
// library's `list` in a warm process: all of them in one page, and a first page of 25; target ≤ 100 ms)
// and resuming a 100 MiB thread (to the thread open, before any request), plus the time `weft thread
// migrate` takes to move the 10,000 threads in. The cluster is a throwaway one started from the
// installed server binaries (test/support/postgres-cluster.ts), or WEFT_TEST_POSTGRES_URL's server.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Weft } from '../../src/engine/weft.js';
import { formatRolloutLine, rolloutTimestamp } from '../../src/rollout/format/writer.js';
import { sessionMetaLine, responseItemLine } from '../../src/rollout/format/records.js';
import { codex098Records } from '../../src/profile/codex-0.98/records.js';
import { textMessage } from '../../src/history/message.js';
import { moveHomeThreads } from '../../src/rollout/move-threads.js';
import { PostgresThreadStore } from '../../src/rollout/postgres/postgres-thread-store.js';
import { FileThreadStore } from '../../src/rollout/store/file-thread-store.js';
import { rolloutPath } from '../../src/rollout/store/paths.js';
import { newThreadId } from '../../src/rollout/store/thread-id.js';
import { startPostgresCluster } from '../../test/support/postgres-cluster.js';
import { generateRollout } from './generate-rollout.js';

const THREADS = 10_000;
const RUNS = 7;
const MB = 1024 * 1024;
/** The 1, 5 and 15 minute load averages: the figures mean little without them on a shared machine. */
const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;

async function timed(runs: number, what: () => Promise<unknown>): Promise<number> {
  return (await timedWithCpu(runs, what)).wall;
}

/**
 * Medians of the wall time and of this process's CPU time (user + system). On a loaded machine the
 * wall time is mostly waiting for a core; the CPU time is the work the listing costs this process
 * (for Postgres, not the server's: its share is in the wall time).
 */
async function timedWithCpu(runs: number, what: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await what();
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/** A small thread (session_meta, a user message, an answer) created `minutesAgo` minutes ago. */
async function smallThread(home: string, minutesAgo: number): Promise<void> {
  const id = newThreadId();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const ts = rolloutTimestamp(at);
  const file = rolloutPath(home, id, at);
  const lines = [
    sessionMetaLine({ id, timestamp: ts, cwd: `/repo/${minutesAgo % 10}`, originator: 'bench', cliVersion: '0.98.0', source: 'exec', modelProvider: 'mock', baseInstructions: 'bench' }),
    codex098Records.userMessage(`question number ${minutesAgo}`),
    responseItemLine(textMessage('user', `question number ${minutesAgo}`)),
    responseItemLine({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `answer ${minutesAgo}` }] }),
  ];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, lines.map((l) => `${formatRolloutLine({ ...l, timestamp: ts })}\n`).join(''));
}

export async function benchPostgresStore(): Promise<void> {
  console.log('## thread store: PostgreSQL beside the home files');
  const cluster = await startPostgresCluster();
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-pg-'));
  try {
    for (let i = 0; i < THREADS; i++) await smallThread(home, i);
    const files = new FileThreadStore(home);
    const url = await cluster.freshDatabase();
    const pg = new PostgresThreadStore({ url, home });
    const moveStart = performance.now();
    const moved = await moveHomeThreads(home, pg);
    console.log(`weft thread migrate of ${THREADS.toLocaleString('en')} small threads: ${((performance.now() - moveStart) / 1000).toFixed(1)} s (${moved.imported} imported, ${moved.failed} failed)`);
    await files.list({ limit: THREADS });
    await pg.list({ limit: THREADS });
    const filesAll = await timedWithCpu(RUNS, () => files.list({ limit: THREADS }));
    const pgAll = await timedWithCpu(RUNS, () => pg.list({ limit: THREADS }));
    const filesPage = await timed(RUNS, () => files.list({ limit: 25 }));
    const pgPage = await timed(RUNS, () => pg.list({ limit: 25 }));
    const pgSearch = await timed(RUNS, () => pg.list({ limit: 25, search: 'number 9999' }));
    const filesSearch = await timed(RUNS, () => files.list({ limit: 25, search: 'number 9999' }));
    console.log(`list all ${THREADS.toLocaleString('en')} threads in one page (warm process, median of ${RUNS}): postgres ${pgAll.wall.toFixed(1)} ms (${pgAll.cpu.toFixed(1)} ms CPU in this process), files ${filesAll.wall.toFixed(1)} ms (${filesAll.cpu.toFixed(1)} ms CPU) (target ≤ 100 ms; load average ${loadAverage()})`);
    console.log(`first page of 25: postgres ${pgPage.toFixed(1)} ms, files ${filesPage.toFixed(1)} ms; a search matching the oldest thread: postgres ${pgSearch.toFixed(1)} ms, files ${filesSearch.toFixed(1)} ms`);

    // Resuming a 100 MiB thread: to the open thread, before a request (the history read and rebuilt).
    const big = await generateRollout(home, 100 * MB);
    await moveHomeThreads(home, pg);
    await writeFile(path.join(home, 'config.toml'), 'model_provider = "mock"\n[model_providers.mock]\nbase_url = "http://127.0.0.1:9/v1"\n');
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };
    const onFiles = await Weft.open({ env, cwd: '/' });
    const onPg = await Weft.open({ env: { ...env, WEFT_THREAD_STORE: url }, cwd: '/' });
    const resume = (weft: Weft) => async () => (await weft.resumeThread(big.id)).close();
    const pgFirst = await timed(1, resume(onPg));
    const filesFirst = await timed(1, resume(onFiles));
    const pgAgain = await timed(3, resume(onPg));
    const filesAgain = await timed(3, resume(onFiles));
    console.log(
      `resume a 100 MiB thread (${big.turns} turns) to the open thread: postgres ${pgAgain.toFixed(0)} ms (${pgFirst.toFixed(0)} ms the first time, fetching its local copy), ` +
        `files ${filesAgain.toFixed(0)} ms (${filesFirst.toFixed(0)} ms the first time); medians of 3`,
    );
    await onPg.store.close();
    await pg.close();
  } finally {
    await rm(home, { recursive: true, force: true });
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPostgresStore();
