// `npm run bench`: weft's performance figures. Figures, not pass/fail: the targets live in the issues.
// Each section lives in scripts/bench/; this file only runs them in a scratch home.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAppServer } from './bench/app-server.js';
import { benchAppServerFleet } from './bench/app-server-fleet.js';
import { benchCompactionAppend } from './bench/compaction-append.js';
import { benchExecStartup } from './bench/exec-startup.js';
import { benchListing } from './bench/listing.js';
import { benchPostgresStore } from './bench/postgres-store.js';
import { benchResumeVsCodex } from './bench/resume-vs-codex.js';
import { benchSandbox } from './bench/sandbox.js';
import { benchStream } from './bench/stream.js';
import { benchThreadIndex } from './bench/thread-index.js';
import { benchThreads } from './bench/threads.js';
import { benchTransports } from './bench/transports.js';
import { benchView } from './bench/view.js';

const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-'));
console.log(`load average at the start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (${os.cpus().length} cores); ratios compare runs of the same moment`);
try {
  await benchExecStartup();
  await benchListing();
  await benchStream();
  await benchThreads(home);
  await benchResumeVsCodex(home);
  await benchThreadIndex(home);
  await benchPostgresStore();
  await benchCompactionAppend(home);
  await benchAppServer();
  await benchAppServerFleet();
  await benchSandbox();
  await benchTransports();
  await benchView();
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await rm(home, { recursive: true, force: true });
}
await import('./bench-caching.js');
