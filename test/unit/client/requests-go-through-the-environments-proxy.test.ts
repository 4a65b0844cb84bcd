// HTTP_PROXY (and HTTPS_PROXY for https URLs) sends model requests through the proxy; NO_PROXY
// naming the host sends them direct. A plain-HTTP forward proxy on 127.0.0.1 counts what it relays.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

/** A proxy that tunnels CONNECT requests (as undici's proxy agent sends them) to their target. */
async function forwardProxy(): Promise<{ url: string; relayed: string[]; close(): Promise<void> }> {
  const relayed: string[] = [];
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    relayed.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host as string, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, relayed, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

let mockUrl = '';

async function execThrough(env: Record<string, string>): Promise<{ code: number | null; relayed: string[]; stdout: string }> {
  const mock = await startMockResponsesServer({ respond: () => textReply('via proxy?') });
  mockUrl = mock.url;
  const proxy = await forwardProxy();
  try {
    const home = await tempDir('weft-home-');
    await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    const child = spawn(process.execPath, [BIN, 'exec', 'hi'], {
      env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, HTTP_PROXY: proxy.url, ...env },
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, relayed: [...proxy.relayed], stdout };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

it('HTTP_PROXY carries the request', async () => {
  const { code, relayed, stdout } = await execThrough({});
  expect(code).toBe(0);
  expect(stdout).toContain('via proxy?');
  expect(relayed).toEqual([new URL(mockUrl).host]);
});

it('NO_PROXY naming the host goes direct', async () => {
  const { code, relayed } = await execThrough({ NO_PROXY: '127.0.0.1' });
  expect(code).toBe(0);
  expect(relayed).toEqual([]);
});
