// When the Responses WebSocket's upgrade is refused, weft does what Codex 0.169 does (measured with
// the real binary against a loopback server, scripts/measure-websocket-fallback.ts): a 426 goes to
// HTTPS at once; a 404 or 405 is retried like any failure, the warm-up's upgrade then
// 1 + stream_max_retries attempts (7 upgrades, about 6.2 s of backoff by default), then HTTPS. A
// provider that refused is not asked again by any thread of the same engine (the process).
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import type { ClientEvent, ClientEventBatch } from '../../../src/client/client-events.js';
import type { ProviderSettings } from '../../../src/client/provider.js';
import { ResponsesWebSocketTransport } from '../../../src/client/responses-websocket.js';
import { WebSocketRefusals } from '../../../src/client/websocket-refusals.js';
import { retryDelayMs, retryOptionsFor } from '../../../src/client/retry-policy.js';
import { Weft } from '../../../src/engine/weft.js';
import { sseBlock, textReply } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const BODY = {
  model: 'gpt-5.5',
  input: [{ type: 'message', role: 'user', id: 'msg_1', content: [{ type: 'input_text', text: 'hi' }] }],
  tools: [],
  tool_choice: 'auto',
  parallel_tool_calls: true,
  store: false,
  stream: true,
  prompt_cache_key: 'thread-1',
  client_metadata: { session_id: 'thread-1', turn_id: 'turn-1' },
} as unknown as ResponsesRequestBody;

/** A server that refuses every upgrade with `status` and answers every POST over SSE; it counts both. */
async function refusingServer(status: number): Promise<{ url: string; upgrades: () => number; posts: () => number; close(): Promise<void> }> {
  let upgrades = 0;
  let posts = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end((textReply('over https').sse as unknown[]).map((e) => sseBlock(e)).join(''));
    });
  });
  server.on('upgrade', (_req, socket) => {
    upgrades += 1;
    socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    upgrades: () => upgrades,
    posts: () => posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const provider = (url: string): ProviderSettings => ({ name: 'OpenAI', baseUrl: url, wireApi: 'responses', apiKey: 'sk-ws-test' });

async function drain(batches: AsyncIterable<ClientEventBatch>): Promise<ClientEvent[]> {
  const all: ClientEvent[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

/** The default budget of a provider, its waits made zero: the attempts are counted, never timed. */
const countedBudget = (p: ProviderSettings) => ({ ...retryOptionsFor(p), baseDelayMs: 0, maxDelayMs: 0 });

describe('a refused Responses WebSocket upgrade, as Codex 0.169 handles it', () => {
  for (const status of [404, 405]) {
    it(`an upgrade answered ${status} is tried 7 times (the warm-up, then 1 + stream_max_retries), then the request goes over HTTPS`, async () => {
      const server = await refusingServer(status);
      try {
        const events = await drain(new ResponsesWebSocketTransport().stream({ provider: provider(server.url), body: BODY, env: {}, retry: countedBudget(provider(server.url)) }));
        expect(server.upgrades()).toBe(7);
        expect(events.filter((e) => e.type === 'retrying')).toHaveLength(5);
        expect(events.some((e) => e.type === 'warning')).toBe(true);
        expect(server.posts()).toBe(1);
        expect(events.at(-1)).toMatchObject({ type: 'completed' });
      } finally {
        await server.close();
      }
    });
  }

  it('the waits between those attempts are Codex\'s backoff: 0.2, 0.4, 0.8, 1.6 and 3.2 s (±10%)', () => {
    const budget = retryOptionsFor(provider('http://127.0.0.1:1/v1'));
    expect(budget.maxAttempts).toBe(6);
    const middle = (): number => 0.5;
    expect([2, 3, 4, 5, 6].map((next) => retryDelayMs(budget, next, undefined, middle))).toEqual([200, 400, 800, 1600, 3200]);
  });

  it('an upgrade answered 426 goes over HTTPS at once', async () => {
    const server = await refusingServer(426);
    try {
      const events = await drain(new ResponsesWebSocketTransport().stream({ provider: provider(server.url), body: BODY, env: {} }));
      expect(server.upgrades()).toBe(1);
      expect(events.filter((e) => e.type === 'retrying' || e.type === 'warning')).toEqual([]);
      expect(server.posts()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a provider that refused is not asked again by another thread sharing the refusals; a thread of another process is', async () => {
    const server = await refusingServer(404);
    try {
      const refusals = new WebSocketRefusals();
      const retry = countedBudget(provider(server.url));
      await drain(new ResponsesWebSocketTransport(refusals).stream({ provider: provider(server.url), body: BODY, env: {}, retry }));
      expect(server.upgrades()).toBe(7);
      await drain(new ResponsesWebSocketTransport(refusals).stream({ provider: provider(server.url), body: BODY, env: {}, retry }));
      expect(server.upgrades()).toBe(7);
      await drain(new ResponsesWebSocketTransport(new WebSocketRefusals()).stream({ provider: provider(server.url), body: BODY, env: {}, retry }));
      expect(server.upgrades()).toBe(14);
    } finally {
      await server.close();
    }
  });

  it('a budget spent on connection failures (no answer to the upgrade at all) is the thread\'s alone', async () => {
    // A port nobody listens on any more: connection errors, not refusals.
    const server = await refusingServer(404);
    await server.close();
    const refusals = new WebSocketRefusals();
    const p = provider(server.url);
    const retry = { maxAttempts: 1, requestRetries: 0, baseDelayMs: 0, maxDelayMs: 0 };
    await drain(new ResponsesWebSocketTransport(refusals).stream({ provider: p, body: BODY, env: {}, retry })).catch(() => undefined);
    expect(refusals.has(p.baseUrl.replace(/^http/, 'ws') + '/responses')).toBe(false);
  });

  it('the threads of one engine share what the first learnt: the second thread sends no upgrade', async () => {
    const server = await refusingServer(426);
    try {
      const home = await tempDir('weft-home-');
      await writeFile(join(home, 'config.toml'), 'compat = "codex-0.169"\nmodel = "gpt-5.5"\n');
      const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-ws-test', OPENAI_BASE_URL: server.url }, cwd: home });
      const first = await weft.startThread();
      expect((await first.run('first')).status).toBe('completed');
      await first.close();
      const upgradesOfTheFirst = server.upgrades();
      expect(upgradesOfTheFirst).toBe(1);
      const second = await weft.startThread();
      expect((await second.run('second')).status).toBe('completed');
      await second.close();
      expect(server.upgrades()).toBe(upgradesOfTheFirst);
    } finally {
      await server.close();
    }
  });
});
