// One listing in a fresh process (the figure a CLI run or a new viewer pays, without the process's
// own start-up): `FileThreadStore.list` of every thread of HOME, timed from the call to its answer.
// Prints one JSON line: {ms, cpuMs, listed} (cpuMs: this process's CPU time over the call, all
// threads, less sensitive than wall time to a loaded machine). Plain JavaScript on the compiled library (dist/, `npm run build`).
import { performance } from 'node:perf_hooks';
import { FileThreadStore } from '../../dist/src/rollout/store/file-thread-store.js';

const [home, limit] = process.argv.slice(2);
if (!home || !limit) throw new Error('usage: list-once.mjs HOME LIMIT');
const cpu0 = process.cpuUsage();
const start = performance.now();
const page = await new FileThreadStore(home).list({ limit: Number(limit) });
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, listed: page.threads.length }));
