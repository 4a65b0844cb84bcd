// Thread storage benchmarks: resume-to-first-request against the read+parse floor, peak RSS beside
// the request body, fork time against parent size, and resume of a rollout with many compactions.
import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { forkRollout0169 } from '../../src/profile/codex-0.169/fork-rollout.js';
import { forkRollout098 as forkRollout } from '../../src/profile/codex-0.98/fork-rollout.js';
import { rolloutTimestamp } from '../../src/rollout/format/writer.js';
import { newThreadId } from '../../src/rollout/store/thread-id.js';
import { startMockResponsesServer, textReply } from '../mock-responses-server.js';
import { generateRollout } from './generate-rollout.js';

const MB = 1024 * 1024;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Runs of each timed figure; the median is reported (the machine is shared and noisy). More at
 * 10 MB, where a run is short and the noise is a larger share of it.
 */
const runsFor = (sizeMb: number): number => (sizeMb <= 10 ? 11 : 5);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

// The floor: read the file and JSON.parse every line, in a fresh process like the resume (the bench's
// own heap, full of the rollout it just generated, would slow it down). Each floor run goes right
// before a resume run, so that both see the same load on a shared machine; medians of runsFor(size) runs.
const FLOOR_SCRIPT =
  "const t=performance.now();const s=require('fs').readFileSync(process.argv[1],'utf8');" +
  "for(const l of s.split('\\n'))if(l)JSON.parse(l);console.log(performance.now()-t)";

async function floorMs(path: string): Promise<number> {
  return Number((await run(process.execPath, ['-e', FLOOR_SCRIPT, path])).trim());
}

interface ResumeFigures {
  /** Until the first request starts arriving at the mock. */
  resumeMs: number;
  /** Until the mock has the whole request body. */
  receivedMs: number;
  bodyBytes: number;
  maxRssBytes: number;
  /** The child's RSS just before the resume (node and weft loaded, one small turn run). */
  rssBeforeBytes: number;
  /** The child's peak RSS once the thread was open (history read), before the request. */
  maxRssOpenBytes: number;
}

/** Resume in a child process; the mock here notes when the request starts arriving. */
export async function resumeInChild(home: string, id: string, warm = false): Promise<ResumeFigures> {
  const arrivals: number[] = [];
  const received: number[] = [];
  let bodyBytes = 0;
  const mock = await startMockResponsesServer({
    onRequestStart: () => void arrivals.push(Date.now()),
    onRequestEnd: () => void received.push(Date.now()),
    respond: (req) => {
      bodyBytes = Buffer.byteLength(req.rawBody);
      return textReply('ok');
    },
  });
  try {
    const script = new URL('./resume-once.mjs', import.meta.url).pathname;
    const out = await run(process.execPath, [script, home, id, mock.url, ...(warm ? ['warm'] : [])]);
    const child = JSON.parse(out.trim().split('\n').at(-1) as string) as {
      startedAt: number;
      maxRssBytes: number;
      rssBeforeBytes: number;
      maxRssOpenBytes: number;
    };
    const arrivedAt = arrivals.find((t) => t >= child.startedAt) ?? Number.NaN;
    const receivedAt = received.find((t) => t >= child.startedAt) ?? Number.NaN;
    return {
      resumeMs: arrivedAt - child.startedAt,
      receivedMs: receivedAt - child.startedAt,
      bodyBytes,
      maxRssBytes: child.maxRssBytes,
      rssBeforeBytes: child.rssBeforeBytes,
      maxRssOpenBytes: child.maxRssOpenBytes,
    };
  } finally {
    await mock.close();
  }
}

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    // stdin closed at once: `weft thread resume` with stdin piped and open waits for it (a prompt on stdin).
    execFile(cmd, args, { encoding: 'utf8', maxBuffer: 16 * MB, ...(env ? { env } : {}) }, (err, stdout) => (err ? reject(err) : resolve(stdout))).stdin?.end();
  });
}

/**
 * What a command-line user waits for: `weft thread resume` from the moment its process is spawned
 * until the request starts arriving (node's start, loading weft's build, the resume).
 */
export async function cliResumeMs(home: string, id: string): Promise<number> {
  let arrivedAt = Number.NaN;
  const mock = await startMockResponsesServer({ onRequestStart: () => void (arrivedAt = Date.now()), respond: () => textReply('ok') });
  try {
    await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    const bin = new URL('../../bin/weft.js', import.meta.url).pathname;
    const spawnedAt = Date.now();
    await run(process.execPath, [bin, 'thread', 'resume', id, 'next question'], { PATH: process.env.PATH, HOME: home, WEFT_HOME: home });
    return arrivedAt - spawnedAt;
  } finally {
    await mock.close();
  }
}

async function forkMs(home: string, parentPath: string, at?: number, fork = forkRollout): Promise<number> {
  const meta = { id: '', timestamp: rolloutTimestamp(), cwd: '/repo', originator: 'bench', cli_version: '0.98.0', source: 'exec' };
  return time(() => fork({ home, parentPath, newId: newThreadId(), newSessionMeta: meta, ...(at !== undefined ? { cutBeforeUserMessage: at } : {}) }));
}

/**
 * The same rollout with what a 0.169 fork reads of its parent as Codex 0.169 writes it: line numbers
 * (`ordinal`) and the multi-agent version on every turn_context.
 */
async function withOrdinals(path: string): Promise<string> {
  const lines = (await readFile(path, 'utf8')).split('\n');
  const numbered = lines.map((line, i) =>
    line
      .replace(/^\{"timestamp":"([^"]*)",/, `{"timestamp":"$1","ordinal":${i},`)
      .replace(/^(\{[^{]*"type":"turn_context","payload":\{)/, '$1"multi_agent_version":"v1",'),
  );
  const out = path.replace(/\.jsonl$/, '.0169.jsonl');
  await writeFile(out, numbered.join('\n'));
  return out;
}

export async function benchThreads(home: string): Promise<void> {
  console.log('## threads: resume and fork');
  for (const size of [10, 100]) {
    const rollout = await generateRollout(home, size * MB);
    const bytes = (await stat(rollout.path)).size;
    const runCount = runsFor(size);
    // Resumes, each in a fresh process; the median is reported, with the range.
    const floors: number[] = [];
    const runs: ResumeFigures[] = [];
    for (let i = 0; i < runCount; i++) {
      floors.push(await floorMs(rollout.path));
      runs.push(await resumeInChild(home, rollout.id));
    }
    const floor = median(floors);
    runs.sort((a, b) => a.resumeMs - b.resumeMs);
    const r = runs[Math.floor(runCount / 2)] as ResumeFigures;
    const range = `${(runs[0] as ResumeFigures).resumeMs.toFixed(0)}–${(runs[runCount - 1] as ResumeFigures).resumeMs.toFixed(0)}`;
    // Memory is a median of its own: a run's peak depends on when V8 happens to collect, not on how
    // fast that run was.
    const peak = median(runs.map((x) => x.maxRssBytes));
    const peaks = runs.map((x) => x.maxRssBytes);
    const before = median(runs.map((x) => x.rssBeforeBytes));
    const grew = median(runs.map((x) => x.maxRssBytes - x.rssBeforeBytes));
    const grewOpen = median(runs.map((x) => x.maxRssOpenBytes - x.rssBeforeBytes));
    const warm: number[] = [];
    for (let i = 0; i < runCount; i++) warm.push((await resumeInChild(home, rollout.id, true)).resumeMs);
    const warmMs = median(warm);
    console.log(
      `${(bytes / MB).toFixed(1)} MB, ${rollout.turns} turns: read+parse floor ${floor.toFixed(0)} ms; resume to first request ${r.resumeMs.toFixed(0)} ms ` +
        `(${(r.resumeMs / floor).toFixed(2)}× floor; median of ${runCount}, range ${range} ms), whole request received at ${r.receivedMs.toFixed(0)} ms (${(r.receivedMs / floor).toFixed(2)}×)`,
    );
    console.log(`   in a process that has resumed it before (library, app-server): resume to first request ${warmMs.toFixed(0)} ms (${(warmMs / floor).toFixed(2)}× floor)`);
    const cli: number[] = [];
    for (let i = 0; i < runCount; i++) cli.push(await cliResumeMs(home, rollout.id));
    console.log(`   from the command line (\`weft thread resume\`, process spawn to first request): ${median(cli).toFixed(0)} ms`);
    console.log(
      `   request body ${(r.bodyBytes / MB).toFixed(1)} MB; peak RSS ${(peak / MB).toFixed(0)} MB (${(peak / r.bodyBytes).toFixed(2)}× body; ` +
        `range ${(Math.min(...peaks) / MB).toFixed(0)}–${(Math.max(...peaks) / MB).toFixed(0)} MB), of which ${(before / MB).toFixed(0)} MB before the resume: ` +
        `the resume added ${(grew / MB).toFixed(0)} MB (${(grew / r.bodyBytes).toFixed(2)}× body), ` +
        `${(grewOpen / MB).toFixed(0)} MB of it by the time the history was read (the rest: buffers of the request being sent); medians of ${runCount}`,
    );
    console.log(
      `   fork (codex-0.98, a copy of the parent): whole ${(await forkMs(home, rollout.path)).toFixed(0)} ms, at user message 1 ${(await forkMs(home, rollout.path, 1)).toFixed(0)} ms`,
    );
    const numbered = await withOrdinals(rollout.path);
    console.log(
      `   fork (codex-0.169, a pointer to the parent): whole ${(await forkMs(home, numbered, undefined, forkRollout0169)).toFixed(1)} ms, ` +
        `at user message 1 ${(await forkMs(home, numbered, 1, forkRollout0169)).toFixed(0)} ms`,
    );
  }

  console.log('## compaction: resume of a rollout with 50 compactions');
  const plain = await generateRollout(home, 100 * MB);
  const compacted = await generateRollout(home, 100 * MB, { compactEvery: Math.max(1, Math.floor(plain.turns / 50)) });
  const a = await resumeInChild(home, plain.id);
  const b = await resumeInChild(home, compacted.id);
  console.log(`100 MB without compaction: resume ${a.resumeMs.toFixed(0)} ms; with ~50 compactions: resume ${b.resumeMs.toFixed(0)} ms (reads only what follows the last one)`);
}
