// Who may open a WebSocket session of the app-server. A session can change config.toml and start
// MCP servers, that is run programs as the user, so the handshake is checked before anything else:
//
// - a browser always sends `Origin` on a WebSocket handshake, and a page on any site can point
//   one at 127.0.0.1: a handshake that carries `Origin` is refused (403, as Codex 0.169 refuses it)
//   unless that exact origin was allowed (`--ws-allow-origin`);
// - a DNS-rebinding page reaches 127.0.0.1 under its own name, which arrives as `Host`: a `Host`
//   that is not a loopback name, not the address the server is bound to and not allowed
//   (`--ws-allow-host`) is refused (403; Codex accepts any `Host`, weft is stricter);
// - with a token, `Authorization: Bearer TOKEN` must match (401); the comparison is of SHA-256
//   digests in constant time, so a token given only as its digest (`--ws-token-sha256`) works too.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopback } from './listen-address.js';

export interface WebSocketAdmission {
  /** SHA-256 of the token clients must send; absent, no token is asked. */
  readonly tokenDigest?: Buffer;
  /** Origins accepted as sent (`scheme://host[:port]`, compared case-insensitively). */
  readonly allowedOrigins: readonly string[];
  /** Host names accepted besides loopback and the bound address (no port, case-insensitive). */
  readonly allowedHosts: readonly string[];
  /** The address the listener is bound to: a client naming it as `Host` is accepted. */
  readonly boundHost: string;
}

export type AdmissionVerdict = { readonly ok: true } | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

export function tokenDigestOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased; undefined when malformed. */
export function hostNameOf(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value === '') return undefined;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return undefined;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return value.slice(1, end);
  }
  const colon = value.indexOf(':');
  if (colon >= 0 && !/^\d{1,5}$/.test(value.slice(colon + 1))) return undefined;
  const name = colon >= 0 ? value.slice(0, colon) : value;
  return /^[a-z0-9.-]+$/.test(name) ? name.replace(/\.$/, '') : undefined;
}

function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined || !header.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token === '' ? undefined : token;
}

export function admit(req: IncomingMessage, policy: WebSocketAdmission): AdmissionVerdict {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const wanted = origin.trim().toLowerCase();
    if (!policy.allowedOrigins.some((o) => o.toLowerCase() === wanted)) {
      return { ok: false, status: 403, reason: `origin ${JSON.stringify(origin)} is not allowed (a browser page; allow it with --ws-allow-origin)` };
    }
  }
  const host = hostNameOf(req.headers.host ?? '');
  const bound = policy.boundHost.toLowerCase();
  const hostOk = host !== undefined && (isLoopback(host) || host === bound || policy.allowedHosts.some((h) => h.toLowerCase() === host));
  if (!hostOk) {
    return { ok: false, status: 403, reason: `host ${JSON.stringify(req.headers.host ?? '')} is not allowed (allow it with --ws-allow-host)` };
  }
  if (policy.tokenDigest !== undefined) {
    const given = bearerOf(req);
    if (given === undefined || !timingSafeEqual(tokenDigestOf(given), policy.tokenDigest)) {
      return { ok: false, status: 401, reason: 'missing or wrong bearer token' };
    }
  }
  return { ok: true };
}
