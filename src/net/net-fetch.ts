// The fetch weft makes every request with that is not the Responses POST or WebSocket (the model
// catalog, remote compaction, the Chat and Anthropic wires through the openai SDK, MCP over HTTP,
// OAuth refreshes): Node's fetch for a direct connection; undici's own fetch through a ProxyAgent
// when proxy-for.ts names a proxy for the URL (plain http forwarded to the proxy, https tunnelled
// with CONNECT, as curl does). undici is loaded by the first proxied request only.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import { proxyFor } from './proxy-for.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const load = createRequire(import.meta.url);
// One proxy client per proxy URL for the process: its connections are reused like fetch's own.
const dispatchers = new Map<string, Undici.Dispatcher>();

function dispatcherFor(proxy: URL): Undici.Dispatcher {
  let dispatcher = dispatchers.get(proxy.href);
  if (dispatcher === undefined) {
    const { ProxyAgent } = load('undici') as typeof Undici;
    dispatcher = new ProxyAgent({ uri: proxy.href, proxyTunnel: false });
    dispatchers.set(proxy.href, dispatcher);
  }
  return dispatcher;
}

function urlOf(input: string | URL | Request): URL {
  return new URL(input instanceof Request ? input.url : input);
}

/** fetch, through the environment's proxy for URLs it applies to. */
export const netFetch: Fetch = async (input, init) => {
  const proxy = proxyFor(urlOf(input), process.env);
  if (proxy === undefined) return fetch(input, init);
  const { fetch: undiciFetch } = load('undici') as typeof Undici;
  // undici's fetch knows its own Request class, not Node's: a Request is passed as its parts.
  const parts: RequestInit =
    input instanceof Request
      ? { method: input.method, headers: input.headers, signal: input.signal, ...(input.body ? { body: input.body, duplex: 'half' } : {}) }
      : {};
  const target = input instanceof Request ? input.url : input;
  const answer = await undiciFetch(target as Parameters<typeof undiciFetch>[0], {
    ...(parts as Parameters<typeof undiciFetch>[1]),
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: dispatcherFor(proxy),
  });
  return answer as unknown as Response;
};
