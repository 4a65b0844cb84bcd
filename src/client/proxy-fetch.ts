// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case), as curl and Codex honour them: when one of
// the proxy variables is set, requests go through undici's EnvHttpProxyAgent, which picks the
// proxy by the URL's scheme and goes direct for hosts NO_PROXY names. Without them nothing changes:
// undici is not even loaded.
import type { Env } from './provider.js';
import { importOutsideBundle } from '../import-outside-bundle.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export function proxyConfigured(env: Env = process.env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

let proxied: Promise<Fetch> | undefined;

/** fetch through the environment's proxy (loaded once, on the first proxied request). */
export function proxyFetch(): Promise<Fetch> {
  proxied ??= importOutsideBundle<typeof import('undici')>('undici').then(({ EnvHttpProxyAgent, fetch }) => {
    const dispatcher = new EnvHttpProxyAgent();
    // undici's own fetch, so that its dispatcher option is understood; its types differ only in name.
    const viaProxy = (input: string | URL | Request, init?: RequestInit) =>
      fetch(input as Parameters<typeof fetch>[0], { ...(init as Parameters<typeof fetch>[1]), dispatcher });
    return viaProxy as unknown as Fetch;
  });
  return proxied;
}
