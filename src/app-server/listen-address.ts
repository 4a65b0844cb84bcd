// `--listen`: where the app-server talks. `stdio://` (the default) or `ws://HOST:PORT`. A WebSocket
// server binds where it is told; an address other than loopback needs a token (clients send it as
// `Authorization: Bearer TOKEN`), so nobody else on the network can drive the server.
import { UsageError } from '../errors.js';

export type ListenAddress = { readonly kind: 'stdio' } | { readonly kind: 'ws'; readonly host: string; readonly port: number };

export function parseListen(value: string | undefined): ListenAddress {
  if (value === undefined || value === 'stdio://' || value === 'stdio') return { kind: 'stdio' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--listen ${value}: expected stdio:// or ws://HOST:PORT`);
  }
  if (url.protocol !== 'ws:') throw new UsageError(`--listen ${value}: expected stdio:// or ws://HOST:PORT (only ws:// is served; put TLS in front of it)`);
  const port = url.port === '' ? NaN : Number(url.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--listen ${value}: needs a port, e.g. ws://127.0.0.1:4500`);
  if (url.pathname !== '/' && url.pathname !== '') throw new UsageError(`--listen ${value}: no path is served; use ws://HOST:PORT`);
  return { kind: 'ws', host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
