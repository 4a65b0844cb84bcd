// The small requests of signing in (token refresh, revoke, device code, workspace routing, the
// model catalog of ChatGPT mode) over node:http(s), with the CA the environment names. Only the
// headers given are sent, in the order given (plus Host and Content-Length): the issuer and the
// backend see what Codex sends them.
import http from 'node:http';
import type https from 'node:https';
import { errorMessage } from '../errors.js';
import { nodeHttps } from '../node-builtins.js';
import { httpsAgentFor, type CaTrust } from './ca-trust.js';

export interface SmallRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** Names as they go on the wire, in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body?: string | Buffer | undefined;
  readonly trust?: CaTrust | undefined;
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface SmallAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/** Thrown when no answer came (connection refused, TLS failure, timeout); never holds a credential. */
export class NoAnswerError extends Error {
  constructor(readonly url: string, reason: string) {
    super(`${url}: no answer (${reason})`);
    this.name = 'NoAnswerError';
  }
}

export function smallRequest(req: SmallRequest): Promise<SmallAnswer> {
  const url = new URL(req.url);
  const secure = url.protocol === 'https:';
  const where = `${url.origin}${url.pathname}`;
  return new Promise<SmallAnswer>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of req.headers) headers[name] = value;
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const options: https.RequestOptions = {
      method: req.method,
      headers,
      ...(secure ? { agent: httpsAgentFor(req.trust) } : {}),
      ...(req.timeoutMs !== undefined ? { timeout: req.timeoutMs } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    };
    const sent = (secure ? nodeHttps() : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new NoAnswerError(where, errorMessage(err))));
    });
    sent.on('timeout', () => sent.destroy(new Error('timed out')));
    sent.on('error', (err) => reject(new NoAnswerError(where, errorMessage(err))));
    sent.end(req.body);
  });
}

/** The answer's body as JSON, or undefined when it is not JSON. */
export function jsonOf(answer: SmallAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
