// A 20 MB streamed reply: how long weft takes to handle it (the turn, from `thread.run` to its end:
// SSE parsing, event mapping, the rollout written) against the time to receive the same bytes and do
// nothing with them, measured side by side in one process. Receiving goes the way weft's own requests
// go (its HTTP client, body-upload.ts, over a kept-alive connection to the same server, the body read
// from the same fetch Response), drained by a consumer that only counts the bytes: the difference is
// what weft does with the bytes, not how they reach it. The reply is one assistant message streamed as
// 1,000-character deltas, with the full text repeated in its `*.done` events and in
// `response.completed`, as the Responses API sends it. The turn's time includes writing its rollout
// lines (the answer three times) and the end-of-turn flush. A third path, for reference, receives the
// same bytes, splits them into events with weft's SSE reader and JSON.parses each delta's data,
// keeping and writing nothing: the least any client that reads the deltas of this reply pays.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Weft } from '../../src/engine/weft.js';
import { uploadingFetch } from '../../src/client/body-upload.js';
import { jsonBody } from '../../src/client/json-body.js';
import { SseParser, type SseEvent } from '../../src/bytes/sse-events.js';
import { sseBlock, textReply } from '../mock-responses-server.js';
import { serveFixedSse } from './fixed-sse-server.js';

const MB = 1024 * 1024;
const REPLY_BYTES = 20 * MB;
const DELTA_CHARS = 1000;
const RUNS = 5;

/** The SSE body of one reply of `bytes` characters, streamed in `DELTA_CHARS` pieces. */
function streamedReplyBody(bytes: number): string {
  // Lines and quotes, as in any answer: the text has escapes on the wire, not only plain bytes.
  const words = 'the quick brown fox jumps over the "lazy" dog while streams arrive in order\n';
  const text = words.repeat(Math.ceil(bytes / words.length)).slice(0, bytes);
  const one = textReply(text);
  const delta = one.sse.find((e) => (e as { type: string }).type === 'response.output_text.delta') as Record<string, unknown>;
  const at = one.sse.indexOf(delta);
  const blocks: string[] = one.sse.slice(0, at).map(sseBlock);
  for (let i = 0; i < text.length; i += DELTA_CHARS) blocks.push(sseBlock({ ...delta, delta: text.slice(i, i + DELTA_CHARS) }));
  for (const e of one.sse.slice(at + 1)) blocks.push(sseBlock(e));
  return blocks.join('');
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;

/**
 * A full garbage collection, run before each timed run (outside its time): the garbage one run leaves
 * (weft's turn leaves 20 MB texts and buffers) would otherwise be collected during the next run, and be
 * charged to whichever run comes next, receiving included.
 */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export async function benchStream(): Promise<void> {
  console.log('## a 20 MB streamed reply (target: handled in ≤ 1.5× the time to receive its bytes)');
  const body = Buffer.from(streamedReplyBody(REPLY_BYTES));
  const server = await serveFixedSse(body);
  const base = server.url;
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-stream-'));
  try {
    await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${base}"\n`);
    const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
    // Wall time is the target; CPU time (this process: the server's writes are in both) says how much
    // of a difference under load is work rather than waiting for a core.
    const cpuMs = (since: NodeJS.CpuUsage): number => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const receivedCpu: number[] = [];
    const handledCpu: number[] = [];
    // Pages the process touched for the first time: on a virtual machine each costs a fault, and fresh
    // memory is much of what a long answer costs.
    const faults = (): number => process.resourceUsage().minorPageFault;
    const receivedFaults: number[] = [];
    const handledFaults: number[] = [];
    const gc = collector();
    const post = (): Promise<Response> =>
      uploadingFetch(`${base}/responses`, { method: 'POST', body: jsonBody({ stream: true }).stream(), headers: { 'content-type': 'application/json' } });
    const receive = async (): Promise<number> => {
      gc();
      const cpu = process.cpuUsage();
      const faulted = faults();
      const start = performance.now();
      const r = await post();
      let bytes = 0;
      const reader = (r.body as ReadableStream<Uint8Array>).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
      if (bytes !== body.length) throw new Error(`received ${bytes} of ${body.length} bytes`);
      const ms = performance.now() - start;
      receivedCpu.push(cpuMs(cpu));
      receivedFaults.push(faults() - faulted);
      return ms;
    };
    const decodeDeltas = async (): Promise<number> => {
      gc();
      const start = performance.now();
      const r = await post();
      const parser = new SseParser((event) => event !== 'response.output_text.delta');
      const events: SseEvent[] = [];
      let deltas = 0;
      const reader = (r.body as ReadableStream<Uint8Array>).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        parser.push(next.value, events);
        for (const event of events) if (typeof (JSON.parse(event.data) as { delta?: unknown }).delta === 'string') deltas++;
        events.length = 0;
      }
      if (deltas !== Math.ceil(REPLY_BYTES / DELTA_CHARS)) throw new Error(`decoded ${deltas} deltas`);
      return performance.now() - start;
    };
    const handle = async (): Promise<number> => {
      const thread = await weft.startThread();
      gc();
      const cpu = process.cpuUsage();
      const faulted = faults();
      const start = performance.now();
      await thread.run('stream a long answer');
      const ms = performance.now() - start;
      handledCpu.push(cpuMs(cpu));
      handledFaults.push(faults() - faulted);
      await thread.close();
      return ms;
    };
    // One of each first: both paths compiled and warm.
    await receive();
    await handle();
    for (const v of [receivedCpu, handledCpu, receivedFaults, handledFaults]) v.length = 0;
    const received: number[] = [];
    const handled: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      received.push(await receive());
      handled.push(await handle());
    }
    const r = median(received);
    const h = median(handled);
    console.log(
      `${(REPLY_BYTES / MB).toFixed(0)} MB reply (${(body.length / MB).toFixed(0)} MB on the wire, ${Math.ceil(REPLY_BYTES / DELTA_CHARS)} deltas): ` +
        `weft's turn ${h.toFixed(0)} ms vs receiving the same bytes through weft's HTTP client, only counted, ${r.toFixed(0)} ms: ` +
        `${(h / r).toFixed(2)}× (target ≤ 1.5×; medians of ${RUNS}, runs alternated, a full GC before each; load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    const rc = median(receivedCpu);
    const hc = median(handledCpu);
    console.log(`  CPU time of the same runs: weft's turn ${hc.toFixed(0)} ms vs receiving ${rc.toFixed(0)} ms: ${(hc / rc).toFixed(2)}×`);
    console.log(`  page faults (pages touched for the first time) of the same runs: weft's turn ${median(handledFaults)} vs receiving ${median(receivedFaults)}`);
    // The reference path alternates with receiving in runs of its own: what runs before a receive
    // changes its time (the memory the previous run left to the allocator), so the turn's ratio above
    // keeps the order it always had.
    const again: number[] = [];
    const decoded: number[] = [];
    await decodeDeltas();
    for (let i = 0; i < RUNS; i++) {
      again.push(await receive());
      decoded.push(await decodeDeltas());
    }
    const d = median(decoded);
    console.log(
      `  for reference, receiving the same bytes, splitting them into events with weft's SSE reader and JSON.parsing each delta's data, nothing kept or written: ` +
        `${d.toFixed(0)} ms vs receiving ${median(again).toFixed(0)} ms in runs alternated with it: ${(d / median(again)).toFixed(2)}×`,
    );
  } finally {
    await server.close();
    await rm(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStream();
