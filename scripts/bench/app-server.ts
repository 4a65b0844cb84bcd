// App-server benchmarks: how fast `item/agentMessage/delta` notifications are relayed for a stream
// of 100,000 deltas, and what a turn costs through the server compared with the library call.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppServer } from '../../src/app-server/app-server.js';
import { Weft } from '../../src/engine/weft.js';
import { startMockResponsesServer, textReply, type SseReply } from '../mock-responses-server.js';

const DELTAS = 100_000;
const SMALL_TURNS = 50;

/** One assistant message streamed as `count` one-word deltas. */
export function manyDeltas(count: number): SseReply {
  const one = textReply('x');
  const delta = one.sse.find((e) => (e as { type: string }).type === 'response.output_text.delta') as Record<string, unknown>;
  const at = one.sse.indexOf(delta);
  const deltas = Array.from({ length: count }, () => ({ ...delta, delta: 'x' }));
  return { ...one, sse: [...one.sse.slice(0, at), ...deltas, ...one.sse.slice(at + 1)] };
}

type Msg = { id?: unknown; method?: string; result?: { thread?: { id: string } }; params?: { turn?: { status?: string } } };

/** A minimal in-process client: counts notifications and resolves requests and turn ends. */
function client(env: Record<string, string | undefined>, cwd: string) {
  let deltas = 0;
  const waiting = new Map<unknown, (m: Msg) => void>();
  let turnDone: (() => void) | undefined;
  const server = new AppServer({
    env,
    cwd,
    write: (line) => {
      const msg = JSON.parse(line) as Msg;
      if (msg.method === 'item/agentMessage/delta') deltas++;
      else if (msg.method === 'turn/completed') turnDone?.();
      else if (msg.id !== undefined && msg.method === undefined) waiting.get(msg.id)?.(msg);
    },
  });
  let next = 1;
  const request = (method: string, params: unknown) =>
    new Promise<Msg>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      server.receive(`${JSON.stringify({ id, method, params })}\n`);
    });
  const turn = async (threadId: string, text: string) => {
    const done = new Promise<void>((resolve) => (turnDone = resolve));
    await request('turn/start', { threadId, input: [{ type: 'text', text, text_elements: [] }] });
    await done;
  };
  return { server, request, turn, deltas: () => deltas };
}

export async function benchAppServer(): Promise<void> {
  console.log('## app-server: relaying deltas, per-turn overhead');
  let big = false;
  const mock = await startMockResponsesServer({ respond: () => (big ? manyDeltas(DELTAS) : textReply('ok')) });
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-app-'));
  try {
    await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };

    const weft = await Weft.open({ env, cwd: home });
    const thread = await weft.startThread();
    let start = performance.now();
    for (let i = 0; i < SMALL_TURNS; i++) await thread.run(`turn ${i}`);
    const libraryPerTurn = (performance.now() - start) / SMALL_TURNS;
    await thread.close();

    const c = client(env, home);
    await c.request('initialize', { clientInfo: { name: 'bench', title: 'Bench', version: '0' } });
    c.server.receive('{"method":"initialized"}\n');
    const started = await c.request('thread/start', { cwd: home });
    const threadId = started.result?.thread?.id as string;
    start = performance.now();
    for (let i = 0; i < SMALL_TURNS; i++) await c.turn(threadId, `turn ${i}`);
    const serverPerTurn = (performance.now() - start) / SMALL_TURNS;

    big = true;
    start = performance.now();
    await c.turn(threadId, 'stream a lot');
    const seconds = (performance.now() - start) / 1000;
    await c.server.close();
    console.log(`${c.deltas() - SMALL_TURNS} of ${DELTAS} deltas relayed in ${seconds.toFixed(2)} s: ${Math.round(DELTAS / seconds)} notifications/s (mock, client parse and history included)`);
    console.log(
      `per turn (1 delta, ${SMALL_TURNS} turns): library ${libraryPerTurn.toFixed(1)} ms, app-server ${serverPerTurn.toFixed(1)} ms, overhead ${(serverPerTurn - libraryPerTurn).toFixed(1)} ms`,
    );
  } finally {
    await mock.close();
  }
}
