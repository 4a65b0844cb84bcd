// Notification relay through the real transports: `weft app-server` as a child process, its
// notifications read from stdout (stdio://) or from a WebSocket connection (ws://127.0.0.1), while
// the model streams one message as 100,000 deltas. Counts every notification the client parsed. The
// model's stream is written in one piece, so the figure is weft's relay, not the mock's pace.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { sseBlock } from '../mock-responses-server.js';
import { manyDeltas } from './app-server.js';
import { serveFixedSse } from './fixed-sse-server.js';

const DELTAS = 100_000;
const BIN = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'bin', 'weft.js');

type Msg = { id?: unknown; method?: string; result?: { thread?: { id: string } } };

interface Channel {
  send(line: string): void;
  onMessage(f: (m: Msg) => void): void;
}

/** Handshake, a thread, one big turn; the notifications per second the client received during the turn. */
async function relay(ch: Channel, cwd: string): Promise<{ notifications: number; seconds: number }> {
  let count = 0;
  let next = 1;
  const waiting = new Map<unknown, (m: Msg) => void>();
  let turnDone: (() => void) | undefined;
  ch.onMessage((m) => {
    if (m.method !== undefined) {
      count++;
      if (m.method === 'turn/completed') turnDone?.();
    } else waiting.get(m.id)?.(m);
  });
  const request = (method: string, params: unknown) =>
    new Promise<Msg>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ch.send(JSON.stringify({ id, method, params }));
    });
  await request('initialize', { clientInfo: { name: 'bench', title: 'Bench', version: '0' } });
  ch.send('{"method":"initialized"}');
  const threadId = (await request('thread/start', { cwd })).result?.thread?.id as string;
  const done = new Promise<void>((resolve) => (turnDone = resolve));
  count = 0;
  const start = performance.now();
  await request('turn/start', { threadId, input: [{ type: 'text', text: 'stream a lot', text_elements: [] }] });
  await done;
  return { notifications: count, seconds: (performance.now() - start) / 1000 };
}

function spawnServer(args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, 'app-server', ...args], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
}

async function overStdio(env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawnServer([], env, cwd);
  const lines = createInterface({ input: child.stdout });
  const ch: Channel = {
    send: (line) => child.stdin.write(`${line}\n`),
    onMessage: (f) => lines.on('line', (l) => f(JSON.parse(l) as Msg)),
  };
  try {
    return await relay(ch, cwd);
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function overWebSocket(env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawnServer(['--listen', 'ws://127.0.0.1:0'], env, cwd);
  const url = await new Promise<string>((resolve, reject) => {
    const err = createInterface({ input: child.stderr });
    err.on('line', (l) => {
      const m = /listening on (ws:\/\/\S+)/.exec(l);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`weft app-server exited with ${code}`)));
  });
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const ch: Channel = {
    send: (line) => socket.send(line),
    onMessage: (f) => socket.on('message', (d) => f(JSON.parse(String(d)) as Msg)),
  };
  try {
    return await relay(ch, cwd);
  } finally {
    socket.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function benchTransports(): Promise<void> {
  console.log('## app-server transports: notification relay (child process, 100,000 deltas)');
  const body = manyDeltas(DELTAS).sse.map(sseBlock).join('');
  const mock = await serveFixedSse(body);
  const url = mock.url;
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-transport-'));
  try {
    await writeFile(`${home}/config.toml`, `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${url}"\n`);
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };
    for (const [name, run] of [['stdio://', overStdio], ['ws://127.0.0.1', overWebSocket]] as const) {
      const r = await run(env, home);
      console.log(`${name}: ${r.notifications} notifications in ${r.seconds.toFixed(2)} s: ${Math.round(r.notifications / r.seconds)} notifications/s (target ≥ 50,000/s)`);
    }
  } finally {
    await mock.close();
  }
}
