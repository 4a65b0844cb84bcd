// One measured resume, in its own process so that its peak RSS is weft's alone (the mock runs in
// the parent): open the thread of a generated rollout and run a turn, until the request is sent.
// Prints one JSON line: {startedAt (epoch ms), maxRssBytes, rssBeforeBytes, maxRssOpenBytes}; the
// parent's mock notes arrivals.
// Plain JavaScript on the compiled library (dist/, `npm run build`), as a library user runs it: no
// TypeScript loader in the process to slow it down or add to its memory.
import { writeFile } from 'node:fs/promises';
import { Weft } from '../../dist/src/engine/weft.js';

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
const maxRssOpenBytes = process.resourceUsage().maxRSS * 1024;
await thread.run('next question');
await thread.close();
process.stdout.write(`${JSON.stringify({ startedAt, maxRssBytes: process.resourceUsage().maxRSS * 1024, rssBeforeBytes, maxRssOpenBytes })}\n`);
