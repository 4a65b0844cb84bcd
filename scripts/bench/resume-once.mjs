// One measured resume, in its own process so that its peak RSS is weft's alone (the mock runs in
// the parent): open the thread of a generated rollout and run a turn, until the request is sent.
// Prints one JSON line: {startedAt (epoch ms), maxRssBytes, rssBeforeBytes, maxRssOpenBytes}; the
// parent's mock notes arrivals.
// Plain JavaScript on the compiled library (dist/, `npm run build`), as a library user runs it: no
// TypeScript loader in the process to slow it down or add to its memory.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Weft } from '../../dist/src/engine/weft.js';

/**
 * This process's peak RSS. On Linux it is read from /proc (VmHWM, the peak of this process's own
 * memory): getrusage's maxRSS, which `process.resourceUsage()` reports, keeps across exec the peak of
 * the parent that spawned it, here the bench, whose mock holds whole request bodies.
 */
function peakRssBytes() {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // No /proc: the rusage figure, which may include the parent's peak.
  }
  return process.resourceUsage().maxRSS * 1024;
}

const [home, id, mockUrl, mode] = process.argv.slice(2);
if (!home || !id || !mockUrl) throw new Error('usage: resume-once.mjs HOME THREAD_ID MOCK_URL [warm]');
await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mockUrl}"\n`);
const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: '/' });
// A first small turn loads every module of the path, so the figure below is the resume itself.
const warmup = await weft.startThread();
await warmup.run('warm up');
await warmup.close();
// `warm`: the process has resumed this thread once already, as a library user or the app-server
// would have: the reading code is compiled and optimized. Without it, the resume is a CLI's: cold.
if (mode === 'warm') await (await weft.resumeThread(id)).close();
const rssBeforeBytes = process.memoryUsage().rss;
const startedAt = Date.now();
const thread = await weft.resumeThread(id);
// The peak once the history is read, before the request is built and sent.
const maxRssOpenBytes = peakRssBytes();
await thread.run('next question');
await thread.close();
process.stdout.write(`${JSON.stringify({ startedAt, maxRssBytes: peakRssBytes(), rssBeforeBytes, maxRssOpenBytes })}\n`);
