// `weft app-server` as a process: JSON-RPC lines on stdin/stdout, diagnostics on stderr only, and
// a clean exit (code 0) when the client closes stdin, after answering what it was sent.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { startAppServerMock } from '../../support/appserver-mock.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

type Msg = { id?: unknown; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { code: number } };

test('weft app-server speaks JSONL on stdio: handshake, a turn, an error, and exit 0 on end of input', async () => {
  const mock = await startAppServerMock();
  const ws = await appServerWorkspace(mock.url);
  const args = [BIN, 'app-server', ...(ws.options.runtime?.packDir ? ['--pack', ws.options.runtime.packDir] : [])];
  const child = spawn(process.execPath, args, { cwd: ws.cwd, env: { ...ws.options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const received: Msg[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    received.push(JSON.parse(line) as Msg);
    for (const w of waiters.splice(0)) w();
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = async (f: (m: Msg) => boolean): Promise<Msg> => {
    for (;;) {
      const hit = received.find(f);
      if (hit) return hit;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const send = (m: unknown) => child.stdin.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  try {
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'cli_test', version: '1' } } });
    expect((await until((m) => m.id === 1)).result?.userAgent).toMatch(/^cli_test\/0\.98\.0 \(/);
    send({ method: 'initialized' });
    send('not json');
    expect(await until((m) => m.id === null)).toMatchObject({ error: { code: -32700 } });
    send({ id: 2, method: 'thread/start', params: { cwd: ws.cwd } });
    const threadId = ((await until((m) => m.id === 2)).result?.thread as { id: string }).id;
    send({ id: 3, method: 'turn/start', params: { threadId, input: [{ type: 'text', text: 'over stdio' }] } });
    const done = await until((m) => m.method === 'turn/completed');
    expect((done.params?.turn as { status: string }).status).toBe('completed');
    send({ id: 4, method: 'thread/read', params: { threadId, includeTurns: true } });
    child.stdin.end();
    expect(await exited).toBe(0);
    const read = received.find((m) => m.id === 4);
    expect((read?.result?.thread as { turns: unknown[] }).turns).toHaveLength(1);
    expect(received.every((m) => !('jsonrpc' in m))).toBe(true);
  } finally {
    child.kill();
    await mock.close();
  }
  void stderr;
}, 60_000);
