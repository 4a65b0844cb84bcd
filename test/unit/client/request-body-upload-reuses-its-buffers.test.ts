import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadingFetch } from '../../../src/client/body-upload.js';
import { ChunkPool, jsonBody, jsonBodyBytes } from '../../../src/client/json-body.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A server that reads each request body slowly (backpressure) and answers with `answer(body)`. */
async function slowServer(answer: (body: Buffer) => { headers?: Record<string, string>; body: Buffer | string }): Promise<string> {
  server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      req.pause();
      setImmediate(() => req.resume());
    });
    req.on('end', () => {
      const reply = answer(Buffer.concat(parts));
      res.writeHead(200, { 'content-type': 'text/plain', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', () => done()));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}/v1/responses`;
}

// Many small pieces: the body is gathered into pooled chunks.
const body = { model: 'm', input: Array.from({ length: 3000 }, (_, i) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text: `${i} ${'w'.repeat(i % 2000)}` }] })) };

describe('a request body sent by the uploader', () => {
  it('arrives byte for byte, through a slow reader, and the answer reads as a fetch Response', async () => {
    const url = await slowServer((received) => ({ body: `${received.length} ${received.equals(jsonBodyBytes(jsonBody(body))) ? 'same' : 'different'}` }));
    const payload = jsonBody(body);
    expect(payload.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const response = await uploadingFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload.stream() });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`${payload.byteLength} same`);
  });

  it('decodes a compressed answer as fetch does', async () => {
    const url = await slowServer(() => ({ headers: { 'content-encoding': 'gzip' }, body: gzipSync('hello, decoded') }));
    const response = await uploadingFetch(url, { method: 'POST', body: jsonBody({ a: 1 }).stream() });
    expect(await response.text()).toBe('hello, decoded');
  });

  it('rejects as fetch does: a refused connection as a TypeError naming the cause, an abort as an AbortError', async () => {
    const url = await slowServer(() => ({ body: '' }));
    await new Promise<void>((done) => server?.close(() => done()));
    server = undefined;
    const refused = await uploadingFetch(url, { method: 'POST', body: jsonBody(body).stream() }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TypeError);
    expect(String((refused as TypeError).cause)).toMatch(/ECONNREFUSED.*127\.0\.0\.1:\d+/);

    const url2 = await slowServer(() => ({ body: 'late' }));
    const aborted = await uploadingFetch(url2, { method: 'POST', body: jsonBody(body).stream(), signal: AbortSignal.abort() }).catch((err: unknown) => err);
    expect((aborted as Error).name).toBe('AbortError');
  });
});

describe('chunks written into a pool', () => {
  it('are the same bytes, and a buffer given back is used again instead of a new one', () => {
    const payload = jsonBody(body);
    const pool = new ChunkPool();
    const out: Buffer[] = [];
    for (const chunk of payload.chunks(pool)) {
      out.push(Buffer.from(chunk));
      pool.give(chunk);
    }
    expect(Buffer.concat(out).equals(jsonBodyBytes(payload))).toBe(true);
    expect(pool.allocated).toBe(1);
  });

  it('never hand out a buffer that was not given back', () => {
    const payload = jsonBody(body);
    const pool = new ChunkPool();
    const held: { chunk: Uint8Array; copy: Buffer }[] = [];
    const all: Buffer[] = [];
    let checked = 0;
    for (const chunk of payload.chunks(pool)) {
      const copy = Buffer.from(chunk);
      held.push({ chunk, copy });
      all.push(copy);
      // Two chunks in flight at a time. Had a held chunk's buffer been reused, its bytes would have
      // changed under it before it is given back.
      if (held.length > 2) {
        const oldest = held.shift() as { chunk: Uint8Array; copy: Buffer };
        expect(Buffer.from(oldest.chunk).equals(oldest.copy)).toBe(true);
        pool.give(oldest.chunk);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(Buffer.concat(all).equals(jsonBodyBytes(payload))).toBe(true);
    expect(pool.allocated).toBe(3);
  });
});
