// An HTTP proxy on 127.0.0.1 for tests: it tunnels CONNECT (https, ws, wss) and forwards requests
// whose path is an absolute URL (plain http, as curl sends them). It resolves the host names of
// `hosts` itself (name → 127.0.0.1 port), so a provider at such a name is reachable only through it,
// and records every target it was asked for.
import http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface TestProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `host:port` of each tunnel and forwarded request, in arrival order, as asked for (before resolution). */
  readonly targets: string[];
  close(): Promise<void>;
}

export async function startTestProxy(hosts: Readonly<Record<string, number>> = {}): Promise<TestProxy> {
  const targets: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const resolve = (host: string, port: number): { host: string; port: number } => {
    const mapped = hosts[host];
    return mapped !== undefined ? { host: '127.0.0.1', port: mapped } : { host, port };
  };
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('proxy: not an absolute URL');
      return;
    }
    targets.push(target.host);
    const to = resolve(target.hostname, Number(target.port || 80));
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = http.request({ host: to.host, port: to.port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const asked = req.url ?? '';
    targets.push(asked);
    const cut = asked.lastIndexOf(':');
    const to = resolve(asked.slice(0, cut).replace(/^\[|\]$/g, ''), Number(asked.slice(cut + 1)));
    sockets.add(client);
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
