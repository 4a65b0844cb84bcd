// The real Codex app-server as a child process on stdio, for differential tests: initialize, then
// one request at a time, answers matched by id (notifications are ignored). Its network is kept on
// the loopback: every proxy variable points at a local proxy that refuses CONNECT, so what Codex
// tries to reach beyond 127.0.0.1 (its curated plugin sync, GitHub) fails at once, and the proxy
// records each target it was asked for.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcAnswer {
  readonly result?: unknown;
  readonly error?: { code: number; message: string };
}

export interface CodexAppServer {
  request(method: string, params: unknown): Promise<RpcAnswer>;
  /** Hosts Codex asked the refusing proxy for. */
  readonly refusedTargets: string[];
  close(): Promise<void>;
}

async function refusingProxy(targets: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    targets.push(req.url ?? '');
    res.writeHead(403).end();
  });
  server.on('connect', (req, socket) => {
    targets.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function startCodexAppServer(binary: string, cwd: string, env: Record<string, string>): Promise<CodexAppServer> {
  const refusedTargets: string[] = [];
  const proxy = await refusingProxy(refusedTargets);
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const proxyEnv = { HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, ALL_PROXY: proxyUrl, https_proxy: proxyUrl, http_proxy: proxyUrl, all_proxy: proxyUrl, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' };
  const child: ChildProcessWithoutNullStreams = spawn(binary, ['app-server'], { cwd, env: { ...env, ...proxyEnv, RUST_LOG: 'error' }, stdio: 'pipe' });
  const pending = new Map<number, (a: RpcAnswer) => void>();
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      const msg = JSON.parse(line) as RpcAnswer & { id?: number; method?: string };
      if (typeof msg.id === 'number' && msg.method === undefined) pending.get(msg.id)?.(msg);
    }
  });
  child.stderr.resume();
  let next = 0;
  const request = (method: string, params: unknown): Promise<RpcAnswer> =>
    new Promise((resolve) => {
      const id = ++next;
      pending.set(id, (a) => {
        pending.delete(id);
        resolve(a);
      });
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  await request('initialize', { clientInfo: { name: 'weft-differential', version: '1' }, capabilities: { experimentalApi: true } });
  child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
  return {
    request,
    refusedTargets,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
