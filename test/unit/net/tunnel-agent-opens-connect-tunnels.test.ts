// tunnel-agent.ts: a request through an HTTP proxy's CONNECT tunnel reaches a host only the proxy
// resolves; a proxy's credentials go in Proxy-Authorization and never into an error; a refused or
// unreachable proxy fails the request with what to check instead of holding it.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProxyTunnelError, tunnelAgent } from '../../../src/net/tunnel-agent.js';
import { startTestProxy } from '../../support/test-proxy.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function server(handler: http.RequestListener): Promise<http.Server> {
  const s = http.createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  );
  return s;
}
const port = (s: http.Server): number => (s.address() as AddressInfo).port;

function get(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).get(url, { agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('a CONNECT tunnel', () => {
  it('reaches a host only the proxy resolves', async () => {
    const target = await server((_req, res) => res.end('through the tunnel'));
    const proxy = await startTestProxy({ 'model.invalid': port(target) });
    closers.push(() => proxy.close());
    const answer = await get(`http://model.invalid:${port(target)}/v1/models`, tunnelAgent(new URL(proxy.url), false));
    expect(answer).toEqual({ status: 200, body: 'through the tunnel' });
    expect(proxy.targets).toEqual([`model.invalid:${port(target)}`]);
  });

  it('sends the proxy URL\'s credentials as Proxy-Authorization, and a refusal names the proxy without them', async () => {
    const seen: (string | undefined)[] = [];
    const proxy = await server(() => undefined);
    proxy.on('connect', (req: http.IncomingMessage, socket: import('node:stream').Duplex) => {
      seen.push(req.headers['proxy-authorization']);
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
    });
    const proxyUrl = new URL(`http://someone:s3cret@127.0.0.1:${port(proxy)}`);
    const failure = await get('https://model.invalid/v1/responses', tunnelAgent(proxyUrl, true)).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(seen).toEqual([`Basic ${Buffer.from('someone:s3cret').toString('base64')}`]);
    expect(failure).toBeInstanceOf(ProxyTunnelError);
    expect(String((failure as Error).message)).toContain(`http://127.0.0.1:${port(proxy)}`);
    expect(String((failure as Error).message)).toContain('407');
    expect(String((failure as Error).message)).not.toContain('s3cret');
  });

  it('a proxy nobody listens on fails the request at once, saying which proxy and what to check', async () => {
    const gone = await server(() => undefined);
    const gonePort = port(gone);
    await closers.pop()?.();
    const failure = await get('https://model.invalid/', tunnelAgent(new URL(`http://127.0.0.1:${gonePort}`), true)).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failure?.message).toMatch(/the proxy http:\/\/127\.0\.0\.1:\d+ could not be reached .*HTTPS_PROXY/);
  });
});
