// `npx tsx scripts/measure-websocket-fallback.ts [status…] [--weft]`: how Codex 0.169 (or weft's bin)
// handles a Responses WebSocket upgrade refused with each HTTP status (default 404 405 426): a loopback
// server refuses every upgrade and answers POST /responses over SSE; one `exec` per status, and the
// time of each upgrade and request from the spawn. What weft matches (src/client/responses-websocket.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sseBlock, textReply } from '../src/testing/index.js';

const args = process.argv.slice(2);
const weft = args.includes('--weft');
const statuses = args.filter((a) => /^\d+$/.test(a)).map(Number);
const codex = path.join(os.homedir(), '.cache', 'weft-codex-0.169.0', 'node_modules', '.bin', 'codex');
const bin = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'bin', 'weft.js');
if (!weft && !existsSync(codex)) throw new Error(`Codex 0.169 is not installed at ${codex} (scripts/install-codex.sh 0.169.0)`);

for (const status of statuses.length > 0 ? statuses : [404, 405, 426]) {
  let start = 0;
  const log: string[] = [];
  const at = (what: string): number => log.push(`${(performance.now() - start).toFixed(0).padStart(6)} ms  ${what}`);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      at(`HTTP ${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end((textReply('ok').sse as unknown[]).map((e) => sseBlock(e)).join(''));
    });
  });
  server.on('upgrade', (req, socket) => {
    at(`upgrade ${req.url} answered ${status}`);
    socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = await mkdtemp(path.join(os.tmpdir(), 'weft-ws-fallback-'));
  const home = path.join(root, 'home');
  await mkdir(home);
  await writeFile(path.join(home, 'config.toml'), `model = "gpt-5.5"\nopenai_base_url = "http://127.0.0.1:${(server.address() as AddressInfo).port}/v1"\n`);
  const [cmd, pre] = weft ? [process.execPath, [bin]] : [codex, []];
  start = performance.now();
  const child = spawn(cmd, [...pre, 'exec', '--json', '--skip-git-repo-check', 'hi'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: root, CODEX_HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-measure' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  at(`exit ${code}${out.includes('"turn.completed"') ? ', turn completed' : ''}`);
  console.log(`## ${weft ? 'weft' : 'Codex 0.169'}: upgrade refused with ${status}\n${log.join('\n')}`);
  server.closeAllConnections();
  server.close();
  await rm(root, { recursive: true, force: true });
}
