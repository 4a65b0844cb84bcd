// `npm run bench`: weft's performance figures. Figures, not pass/fail: the targets live in the issues.
// Each section lives in scripts/bench/; this file only runs them in a scratch home.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAppServer } from './bench/app-server.js';
import { benchCompactionAppend } from './bench/compaction-append.js';
import { benchResumeVsCodex } from './bench/resume-vs-codex.js';
import { benchSandbox } from './bench/sandbox.js';
import { benchThreadIndex } from './bench/thread-index.js';
import { benchThreads } from './bench/threads.js';
import { benchTransports } from './bench/transports.js';
import { benchView } from './bench/view.js';

const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-'));
try {
  await benchThreads(home);
  await benchResumeVsCodex(home);
  await benchThreadIndex(home);
  await benchCompactionAppend(home);
  await benchAppServer();
  await benchSandbox();
  await benchTransports();
  await benchView();
} finally {
  await rm(home, { recursive: true, force: true });
}
await import('./bench-caching.js');
