// `weft view`'s HTTP server (node:http): the page, the JSON API and live updates. Safe by default:
// it binds where told (127.0.0.1 unless the user says otherwise), answers only requests whose Host is
// the address it serves (no DNS rebinding), and every route but the page's first load needs the
// per-run token — from the URL it printed, then from an HttpOnly SameSite=Strict cookie.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage } from '../errors.js';
import { livePageHtml } from './page-html.js';
import type { ViewApi } from './view-api.js';

export interface ViewServer {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const COOKIE = 'weft_view_token';
const MAX_BODY = 64 * 1024;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

function send(res: ServerResponse, status: number, json: unknown): void {
  const text = JSON.stringify(json);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : JSON.parse(text);
}

export async function startViewServer(api: ViewApi, opts: { host: string; port: number }): Promise<ViewServer> {
  const token = randomBytes(24).toString('base64url');
  /** What stops each live page's watch (a file watcher, or a store's). */
  const unwatchers = new Set<() => void>();
  let origin = '';

  const authorized = (req: IncomingMessage, url: URL): boolean => {
    const given = url.searchParams.get('token') ?? cookieToken(req) ?? '';
    return sameToken(given, token);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    const host = req.headers.host ?? '';
    if (host !== url.host && host !== `localhost:${url.port}` && host !== `${opts.host}:${url.port}`) return send(res, 421, { error: 'unexpected Host header' });
    if (!authorized(req, url)) return send(res, 401, { error: 'open the URL that `weft view` printed (it carries the token)' });
    const path = url.pathname;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:",
      });
      res.end(livePageHtml());
      return;
    }
    if (req.method === 'GET' && path === '/api/threads') return reply(res, await api.threads(url.searchParams.get('q')));
    const m = /^\/api\/threads\/([^/]+)(?:\/(requests|events|fork)(?:\/(\d+))?)?$/.exec(path);
    if (!m) return send(res, 404, { error: 'no such route' });
    const id = decodeURIComponent(m[1] as string);
    const sub = m[2];
    if (req.method === 'GET' && sub === undefined) {
      const last = Number(url.searchParams.get('last_turns'));
      return reply(res, await api.thread(id, Number.isInteger(last) && last > 0 ? last : undefined));
    }
    if (req.method === 'GET' && sub === 'requests' && m[3] !== undefined) return reply(res, await api.request(id, Number(m[3])));
    if (req.method === 'GET' && sub === 'requests') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : Number.POSITIVE_INFINITY;
      return reply(res, await api.requests(id, Number.isFinite(from) ? from : 0, limit));
    }
    if (req.method === 'POST' && sub === 'fork') {
      let input: unknown;
      try {
        input = await readJson(req);
      } catch (err) {
        return send(res, 400, { error: `bad JSON body: ${errorMessage(err)}` });
      }
      return reply(res, await api.fork(id, input));
    }
    if (req.method === 'GET' && sub === 'events') return events(id, req, res);
    return send(res, 405, { error: 'method not allowed' });
  };

  const reply = (res: ServerResponse, r: { status: number; json: unknown }): void => send(res, r.status, r.json);

  /** Server-sent events: `changed` whenever the thread's rollout grows. */
  const events = async (id: string, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const file = await api.catalog.pathOf(id);
    if (file === undefined) return send(res, 404, { error: 'no such thread' });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('event: ready\ndata: {}\n\n');
    let timer: NodeJS.Timeout | undefined;
    const changed = (): void => {
      // Appends come in bursts (a turn writes several lines): one event per burst.
      clearTimeout(timer);
      timer = setTimeout(() => res.write(`event: changed\ndata: ${JSON.stringify({ id })}\n\n`), 100);
    };
    // Growth is watched through the store where it offers it (Postgres: its appends' NOTIFY), else in the file.
    const store = api.catalog.store;
    let unwatch: () => void;
    if (store.watch) {
      try {
        unwatch = await store.watch(file, changed);
      } catch (err) {
        res.end(`event: error\ndata: ${JSON.stringify({ error: errorMessage(err) })}\n\n`);
        return;
      }
    } else {
      const watcher = watch(file, changed);
      watcher.on('error', () => stop());
      unwatch = () => watcher.close();
    }
    const stop = (): void => {
      clearTimeout(timer);
      if (!unwatchers.delete(unwatch)) return;
      unwatch();
    };
    unwatchers.add(unwatch);
    req.on('close', stop);
    // The client may have gone while the watch was being set up.
    if (req.destroyed) stop();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: errorMessage(err) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  return {
    url: `${origin}/?token=${token}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const unwatch of unwatchers) unwatch();
        unwatchers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
