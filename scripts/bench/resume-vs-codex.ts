// Issue 25's resume targets, side by side in one run: `weft thread resume` of a generated 100 MiB
// rollout, spawn to first request, against the real Codex 0.98 resuming the same file (≤ 0.3×), and
// the peak RSS of a resume against the request body it sends (≤ 1.5×). weft is timed twice per
// run: without its resume index (the first resume after another tool wrote the thread: the index is
// built) and with it (every later resume: the index and the lines appended since are read).
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { indexPathOf } from '../../src/rollout/cache/resume-index.js';
import { codexBinary, codexResumeMs } from './codex-resume.js';
import { generateRollout } from './generate-rollout.js';
import { cliResumeMs, median, resumeInChild } from './threads.js';

const MB = 1024 * 1024;
const RUNS = Number(process.env.WEFT_BENCH_RESUME_RUNS ?? 5);

const ms = (v: number): string => `${v.toFixed(0)} ms`;
const range = (v: number[]): string => `${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)}`;

export async function benchResumeVsCodex(home: string): Promise<void> {
  console.log('## resume of 100 MiB: weft against Codex 0.98 (issue 25)');
  const rollout = await generateRollout(home, 100 * MB);
  const bytes = (await stat(rollout.path)).size;
  const codex = codexBinary('0.98.0');
  if (!codex) console.log('   Codex 0.98 is not installed (scripts/install-codex.sh 0.98.0): the comparison is skipped');
  const cold: number[] = [];
  const warm: number[] = [];
  const theirs: number[] = [];
  const loads: number[] = [];
  // Interleaved, so that each engine sees the same load on a shared machine.
  for (let i = 0; i < RUNS; i++) {
    loads.push(os.loadavg()[0] as number);
    await rm(indexPathOf(rollout.path), { force: true });
    cold.push(await cliResumeMs(home, rollout.id));
    warm.push(await cliResumeMs(home, rollout.id));
    if (codex) theirs.push(await codexResumeMs(codex, home, rollout.id));
  }
  const [c, w] = [median(cold), median(warm)];
  console.log(`${(bytes / MB).toFixed(1)} MB rollout, ${rollout.turns} turns, ${RUNS} runs, load average ${range(loads)} (medians, ranges in brackets):`);
  if (codex) {
    const t = median(theirs);
    console.log(`   Codex 0.98 \`codex exec resume\`, spawn to first request: ${ms(t)} [${range(theirs)}]`);
    console.log(`   weft \`thread resume\` with its resume index:    ${ms(w)} [${range(warm)}] = ${(w / t).toFixed(2)}× Codex 0.98 (target ≤ 0.3×)`);
    console.log(`   weft \`thread resume\` building the index:        ${ms(c)} [${range(cold)}] = ${(c / t).toFixed(2)}× Codex 0.98`);
  } else {
    console.log(`   weft \`thread resume\`, spawn to first request: with its index ${ms(w)} [${range(warm)}], building it ${ms(c)} [${range(cold)}]`);
  }
  const peaks: number[] = [];
  let body = 0;
  for (let i = 0; i < 3; i++) {
    const r = await resumeInChild(home, rollout.id);
    peaks.push(r.maxRssBytes);
    body = r.bodyBytes;
  }
  const peak = median(peaks);
  console.log(`   peak RSS of a resume (library, one process): ${(peak / MB).toFixed(0)} MB for a ${(body / MB).toFixed(1)} MB request body = ${(peak / body).toFixed(2)}× body (target ≤ 1.5×)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtemp } = await import('node:fs/promises');
  const path = await import('node:path');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-resume-'));
  try {
    await benchResumeVsCodex(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
