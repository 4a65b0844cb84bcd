// Sending a request body made by json-body.ts. Through fetch, every chunk of a body is a new buffer
// that lives until the garbage collector notices it, which for a resumed 100 MB history means tens of
// MB of spent chunks at once. Here the body is written with node:http(s), whose write callback says
// when a chunk has left the process, so the same few chunk buffers carry the whole body. The answer
// comes back as Node gives it (`postJsonBody`, for the Responses wire, which so never loads fetch's
// undici), or as a fetch Response (`uploadingFetch`), which the openai SDK and the Anthropic wire
// read as they would read fetch's. Any other request goes to fetch unchanged (net-fetch.ts). Behind a
// proxy (net/proxy-for.ts) the body goes the same way: to an http target through the proxy as a
// forwarded request, to an https one through a CONNECT tunnel (net/tunnel-agent.ts).
import { once } from 'node:events';
import http from 'node:http';
import type https from 'node:https';
import { createRequire } from 'node:module';
import { PassThrough, Readable, type Transform } from 'node:stream';
import type zlib from 'node:zlib';
import { ChunkPool, jsonBodyOfStream, type JsonBody } from './json-body.js';
import { netFetch } from '../net/net-fetch.js';
import { proxyFor } from '../net/proxy-for.js';
import { proxyAuthorization, tunnelAgent } from '../net/tunnel-agent.js';

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
// Tunnels to https targets, one agent per proxy (keyed by its URL).
const tunnels = new Map<string, http.Agent>();
const tunnelFor = (proxy: URL): http.Agent => {
  let agent = tunnels.get(proxy.href);
  if (agent === undefined) tunnels.set(proxy.href, (agent = tunnelAgent(proxy, true)));
  return agent;
};

/** fetch, except that bodies made by json-body.ts are uploaded with reused buffers. */
export const uploadingFetch: Fetch = (input, init) => uploadWith(undefined, input, init);

/** uploadingFetch over this HTTPS agent (one that trusts the CA the environment names). */
export function uploadingFetchWith(agent: http.Agent | undefined): Fetch {
  return agent === undefined ? uploadingFetch : (input, init) => uploadWith(agent, input, init);
}

async function uploadWith(agent: http.Agent | undefined, input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
  const body = init?.body ? jsonBodyOfStream(init.body) : undefined;
  if (!body || input instanceof Request) return netFetch(input, init);
  return upload(new URL(input), init ?? {}, body, agent);
}

function upload(url: URL, init: RequestInit, body: JsonBody, agent: http.Agent | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  return postJsonBody(url, headers, body, init.signal ?? undefined, agent).then(asResponse);
}

/** An answer as node:http gives it, its body already decoded when it came compressed. */
export interface RawAnswer {
  readonly status: number;
  readonly statusText: string;
  /** Names and values in turn, as received. */
  readonly rawHeaders: readonly string[];
  readonly body: Readable;
}

/**
 * POSTs `body` (with its Content-Length) to `url` with exactly these headers. Rejected as fetch
 * would: an abort as the AbortError it is, anything else as a TypeError whose cause says why.
 */
export function postJsonBody(url: URL, headers: Record<string, string>, body: JsonBody, signal: AbortSignal | undefined, agent?: http.Agent): Promise<RawAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise<RawAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    let proxy: URL | undefined;
    try {
      proxy = proxyFor(url, process.env);
    } catch (err) {
      reject(err);
      return;
    }
    const sent = { ...withoutLength(headers), 'content-length': String(body.byteLength) };
    const req =
      proxy === undefined
        ? (secure ? httpsModule() : http).request(url, { method: 'POST', headers: sent, agent: agent && secure ? agent : agentFor(secure) })
        : secure
          ? httpsModule().request(url, { method: 'POST', headers: sent, agent: tunnelFor(proxy) })
          : // Plain http goes to the proxy itself, the target's URL as the request's path (curl's way).
            (proxy.protocol === 'https:' ? httpsModule() : http).request({
              host: proxy.hostname.replace(/^\[|\]$/g, ''),
              port: Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80)),
              path: url.href,
              method: 'POST',
              headers: { host: url.host, ...sent, ...proxyAuthorization(proxy) },
              agent: proxy.protocol === 'https:' ? agentFor(true) : agentFor(false),
            });
    // An abort ends the request as fetch's would, answer included. Its error also reaches the socket,
    // which has no listener left once the whole answer has arrived: the socket is closed anyway.
    const onAbort = (): void => {
      req.socket?.on('error', ignore);
      req.destroy(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const release = (): void => signal?.removeEventListener('abort', onAbort);
    req.once('close', release);
    req.once('response', (res) => {
      res.once('close', release);
      resolve(rawAnswer(res));
    });
    req.on('error', (err) => reject(err.name === 'AbortError' ? err : new TypeError('fetch failed', { cause: err })));
    writeBody(req, body).catch((err: unknown) => req.destroy(err instanceof Error ? err : new Error(String(err))));
  });
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
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

function withoutLength(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
}

function rawAnswer(res: http.IncomingMessage): RawAnswer {
  // fetch decodes a compressed answer; so does this.
  const encoding = headerOf(res.rawHeaders, 'content-encoding')?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlibModule().createGunzip()
      : encoding === 'deflate'
        ? zlibModule().createInflate()
        : encoding === 'br'
          ? zlibModule().createBrotliDecompress()
          : encoding === 'zstd'
            ? zstdDecoder()
            : undefined;
  if (decoder) res.on('error', (err) => decoder.destroy(err));
  // A reader hears of a failure through its own listener while it reads; one that arrives after it
  // stopped (an abort once the answer was read) has no one left to tell.
  const body = decoder ? res.pipe(decoder) : res;
  res.on('error', ignore);
  body.on('error', ignore);
  return { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', rawHeaders: res.rawHeaders, body };
}

/** Node's zstd decoder (Node 22.15 and later); on an older Node, a stream that fails saying so. */
function zstdDecoder(): Transform {
  const codecs = zlibModule() as typeof zlib & { createZstdDecompress?: () => Transform };
  if (typeof codecs.createZstdDecompress === 'function') return codecs.createZstdDecompress();
  const refuse = new PassThrough();
  queueMicrotask(() => refuse.destroy(new Error(`the server answered in zstd, which Node ${process.version} cannot decode: run weft on Node 22.15 or later`)));
  return refuse;
}

function ignore(): void {
  // See rawAnswer.
}

/** The first value of `name` (lower case) among Node's raw headers. */
export function headerOf(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if ((rawHeaders[i] as string).toLowerCase() === name) return rawHeaders[i + 1];
  return undefined;
}

/** The headers of an answer as a fetch Headers (which loads undici: for error paths and fetch's callers). */
export function webHeaders(answer: RawAnswer): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string);
  return headers;
}

function asResponse(answer: RawAnswer): Response {
  const { status } = answer;
  const init = { status, statusText: answer.statusText, headers: webHeaders(answer) };
  if (NULL_BODY.has(status)) {
    answer.body.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, init);
}
