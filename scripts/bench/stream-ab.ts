// The stream figure of several checkouts side by side, in one process: the 20 MB reply of stream.ts,
// one turn at a time, the checkouts alternated (the order reversed every round), a full GC before each
// turn, and the CPU time of the turn only. A figure of one checkout measured alone moves by ±10% on a
// shared machine; turns alternated in one process share its moments of load. Each checkout keeps its
// own modules (its own src/), so two builds of weft run in the same heap.
//
//   npx tsx scripts/bench/stream-ab.ts <checkout> <checkout>…   (ROUNDS=20 MBYTES=20 by default)
//
// A checkout is a worktree of any commit with node_modules linked, e.g.
// `git worktree add --detach ../old <commit> && ln -s "$PWD/node_modules" ../old/node_modules`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sseBlock, textReply } from '../mock-responses-server.js';
import { serveFixedSse } from './fixed-sse-server.js';

/** What this bench uses of a checkout's `Weft` (the API every build since issue 19 has). */
interface Thread {
  run(prompt: string): Promise<unknown>;
  close(): Promise<void>;
}
interface WeftLike {
  startThread(): Promise<Thread>;
}
interface WeftModule {
  Weft: { open(opts: { env: Record<string, string | undefined>; cwd: string }): Promise<WeftLike> };
}

const MB = 1024 * 1024;

function replyBody(bytes: number): string {
  const words = 'the quick brown fox jumps over the "lazy" dog while streams arrive in order\n';
  const text = words.repeat(Math.ceil(bytes / words.length)).slice(0, bytes);
  const one = textReply(text);
  const delta = one.sse.find((e) => (e as { type: string }).type === 'response.output_text.delta') as Record<string, unknown>;
  const at = one.sse.indexOf(delta);
  const blocks: string[] = one.sse.slice(0, at).map(sseBlock);
  for (let i = 0; i < text.length; i += 1000) blocks.push(sseBlock({ ...delta, delta: text.slice(i, i + 1000) }));
  for (const e of one.sse.slice(at + 1)) blocks.push(sseBlock(e));
  return blocks.join('');
}

const sorted = (v: readonly number[]): number[] => [...v].sort((a, b) => a - b);
const quantile = (v: readonly number[], p: number): number => sorted(v)[Math.floor((v.length - 1) * p)] as number;

export async function streamAb(checkouts: readonly string[], rounds: number, replyBytes: number): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const server = await serveFixedSse(Buffer.from(replyBody(replyBytes)));
  const homes: string[] = [];
  try {
    const builds: { dir: string; weft: WeftLike; cpu: number[] }[] = [];
    for (const dir of checkouts) {
      const { Weft } = (await import(path.resolve(dir, 'src/engine/weft.ts'))) as WeftModule;
      const home = await mkdtemp(path.join(os.tmpdir(), 'weft-stream-ab-'));
      homes.push(home);
      await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${server.url}"\n`);
      builds.push({ dir, weft: await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home }), cpu: [] });
    }
    const turn = async (b: (typeof builds)[number], keep: boolean): Promise<void> => {
      const thread = await b.weft.startThread();
      gc();
      const since = process.cpuUsage();
      await thread.run('stream a long answer');
      const used = process.cpuUsage(since);
      if (keep) b.cpu.push((used.user + used.system) / 1000);
      await thread.close();
    };
    for (const b of builds) for (let k = 0; k < 2; k++) await turn(b, false);
    const loadBefore = os.loadavg()[0] as number;
    for (let r = 0; r < rounds; r++) for (const b of r % 2 === 1 ? [...builds].reverse() : builds) await turn(b, true);
    console.log(`## CPU time of one ${(replyBytes / MB).toFixed(0)} MB streamed turn, ${rounds} rounds alternated (load average ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] as number).toFixed(1)})`);
    const first = builds[0];
    for (const b of builds) {
      const line = `${b.dir}: median ${quantile(b.cpu, 0.5).toFixed(0)} ms (quartiles ${quantile(b.cpu, 0.25).toFixed(0)}–${quantile(b.cpu, 0.75).toFixed(0)})`;
      if (b === first || first === undefined) console.log(line);
      else {
        const ratios = b.cpu.map((x, i) => x / (first.cpu[i] as number));
        console.log(`${line}; over the first, round by round: ${quantile(ratios, 0.5).toFixed(3)} (${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)})`);
      }
    }
  } finally {
    await server.close();
    for (const home of homes) await rm(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const checkouts = process.argv.slice(2);
  if (checkouts.length === 0) throw new Error('name the checkouts to compare: npx tsx scripts/bench/stream-ab.ts <checkout> <checkout>…');
  await streamAb(checkouts, Number(process.env.ROUNDS ?? 20), Number(process.env.MBYTES ?? 20) * MB);
  process.exit(0);
}
