// Listing threads through Codex 0.169's thread index (issue 24's target: 10,000 threads in ≤ 100 ms).
// The database is made from the schema Codex 0.169.0 leaves in a home and filled with weft's rows;
// the listing goes through ThreadStore as `weft thread list` and the app-server's thread/list do.
// Alone: `npx tsx scripts/bench/thread-index.ts`.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { ThreadIndex } from '../../src/rollout/state-db/thread-index.js';
import { rowFromSessionMeta } from '../../src/rollout/state-db/thread-row.js';
import { FileThreadStore } from '../../src/rollout/store/file-thread-store.js';

const COUNT = 10_000;
const RUNS = 7;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchThreadIndex(scratch: string): Promise<void> {
  const home = path.join(scratch, 'index-home');
  await mkdir(home, { recursive: true });
  const schema = await readFile(new URL('../../test/support/fixtures/codex-0.169-state-schema.sql', import.meta.url), 'utf8');
  const db = new Database(path.join(home, 'state_5.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(schema);
  db.close();
  const index = ThreadIndex.open(home);
  if (!index) throw new Error('bench: the index was not opened');
  const start = Date.UTC(2026, 0, 1);
  index.db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const id = `01a20000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const at = new Date(start + i * 1000).toISOString();
      const row = rowFromSessionMeta({ type: 'session_meta', timestamp: at, payload: { id, timestamp: at, cwd: `/work/p${i % 20}`, cli_version: '0.169.0', source: 'exec', model_provider: 'openai' } }, `${home}/sessions/${id}.jsonl`, 0);
      if (row) {
        const said = `prompt number ${i}: fix the failing test in module ${i % 97}`;
        index.upsert({ ...row, first_user_message: said, preview: said });
      }
    }
  })();
  index.close();

  const store = new FileThreadStore(home, { codexThreadIndex: true });
  const all: number[] = [];
  const cpu: number[] = [];
  const page: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const c = process.cpuUsage();
    const listed = await store.list({ limit: COUNT });
    all.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    if (listed.threads.length !== COUNT) throw new Error(`bench: listed ${listed.threads.length} threads, expected ${COUNT}`);
    t = performance.now();
    await store.list({ limit: 25 });
    page.push(performance.now() - t);
  }
  console.log('## thread index (Codex 0.169 state_5.sqlite)');
  console.log(`   list all ${COUNT.toLocaleString('en')} threads through ThreadStore and the index (open, query, close; median of ${RUNS}): ${median(all).toFixed(1)} ms wall, ${median(cpu).toFixed(1)} ms CPU (target ≤ 100 ms; wall time counts other processes' load)`);
  console.log(`   first page of 25: ${median(page).toFixed(1)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-'));
  try {
    await benchThreadIndex(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
