// Sending a request body made by json-body.ts. Through fetch, every chunk of a body is a new buffer
// that lives until the garbage collector notices it, which for a resumed 100 MB history means tens of
// MB of spent chunks at once. Here the body is written with node:http(s), whose write callback says
// when a chunk has left the process, so the same few chunk buffers carry the whole body. The answer
// comes back as a fetch Response, so the openai SDK and the Anthropic wire read it as they would
// read fetch's. Any other request goes to fetch unchanged.
import { once } from 'node:events';
import http from 'node:http';
import type https from 'node:https';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type zlib from 'node:zlib';
import { ChunkPool, jsonBodyOfStream, type JsonBody } from './json-body.js';
import { proxyConfigured, proxyFetch } from './proxy-fetch.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

// https (and TLS under it) and zlib are loaded by the first request that needs them: a plain-HTTP
// provider (a local model server, the mock) never does, and loading them is a measurable part of a start.
const load = createRequire(import.meta.url);
const httpsModule = (): typeof https => load('node:https') as typeof https;
const zlibModule = (): typeof zlib => load('node:zlib') as typeof zlib;
let httpAgent: http.Agent | undefined;
let httpsAgent: https.Agent | undefined;
const agentFor = (secure: boolean): http.Agent =>
  secure ? (httpsAgent ??= new (httpsModule().Agent)({ keepAlive: true })) : (httpAgent ??= new http.Agent({ keepAlive: true }));

/** fetch, except that bodies made by json-body.ts are uploaded with reused buffers. */
export const uploadingFetch: Fetch = async (input, init) => {
  // Through a proxy, undici sends the body: buffer reuse matters less than reaching the server.
  if (proxyConfigured()) return (await proxyFetch())(input, init);
  const body = init?.body ? jsonBodyOfStream(init.body) : undefined;
  if (!body || input instanceof Request) return fetch(input, init);
  return upload(new URL(input), init ?? {}, body);
};

function upload(url: URL, init: RequestInit, body: JsonBody): Promise<Response> {
  const secure = url.protocol === 'https:';
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  headers['content-length'] = String(body.byteLength);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const req = (secure ? httpsModule() : http).request(url, {
      method: init.method ?? 'POST',
      headers,
      agent: agentFor(secure),
      ...(signal ? { signal } : {}),
    });
    req.once('response', (res) => resolve(asResponse(res)));
    // Rejected as fetch would: an abort as the AbortError it is, anything else as a TypeError.
    req.on('error', (err) => reject(err.name === 'AbortError' ? err : new TypeError('fetch failed', { cause: err })));
    writeBody(req, body).catch((err: unknown) => req.destroy(err instanceof Error ? err : new Error(String(err))));
  });
}

async function writeBody(req: http.ClientRequest, body: JsonBody): Promise<void> {
  const pool = new ChunkPool();
  for (const chunk of body.chunks(pool)) {
    // The callback runs once the chunk has been handed to the socket: then its buffer is free again.
    const flushed = req.write(chunk, () => pool.give(chunk));
    if (!flushed && !req.destroyed) await drained(req);
    if (req.destroyed) return;
  }
  req.end();
}

/** Resolves on 'drain', or when the request is closed (its error is reported where it is listened for). */
function drained(req: http.ClientRequest): Promise<void> {
  const stop = new AbortController();
  return Promise.race([once(req, 'drain', { signal: stop.signal }), once(req, 'close', { signal: stop.signal })])
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => stop.abort());
}

/** Statuses whose response has no body (a fetch Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function asResponse(res: http.IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  const status = res.statusCode ?? 0;
  // fetch decodes a compressed answer; so does this.
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlibModule().createGunzip()
      : encoding === 'deflate'
        ? zlibModule().createInflate()
        : encoding === 'br'
          ? zlibModule().createBrotliDecompress()
          : undefined;
  const stream: Readable = decoder ? res.pipe(decoder) : res;
  if (decoder) res.on('error', (err) => decoder.destroy(err));
  const init = { status, statusText: res.statusMessage ?? '', headers };
  if (NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, init);
}
