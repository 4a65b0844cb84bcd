// Codex 0.169's Responses WebSocket for the built-in provider, against weft/testing's mock serving
// both transports: the upgrade on /v1/responses with the beta header and the key; a request frame
// that is the HTTPS body with `type: "response.create"` first and the send time in
// client_metadata; the thread's next request on the same connection, as `previous_response_id` and
// the new items only (the first request builds on the thread's warm-up); a 426 upgrade sent to HTTPS at once; an endpoint that keeps failing given up
// after the stream budget, with Codex's warning, for HTTPS for the rest of the thread.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyReply, startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../src/testing/index.js';
import type { ClientEvent, ClientEventBatch } from '../../../src/client/client-events.js';
import type { ProviderSettings } from '../../../src/client/provider.js';
import { RESPONSES_WEBSOCKET_BETA, ResponsesWebSocketTransport, WS_REQUEST_START_KEY } from '../../../src/client/responses-websocket.js';
import { streamResponse } from '../../../src/client/stream-response.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { Weft } from '../../../src/engine/weft.js';
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

function provider(url: string, extra: Partial<ProviderSettings> = {}): ProviderSettings {
  return { name: 'OpenAI', baseUrl: url, wireApi: 'responses', apiKey: 'sk-ws-test', ...extra };
}

async function drain(batches: AsyncIterable<ClientEventBatch>): Promise<ClientEvent[]> {
  const all: ClientEvent[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

const sent = (mock: MockServer): CapturedRequest[] => mock.requests.filter((r) => r.path === '/v1/responses');

describe('the Responses WebSocket transport', () => {
  it('sends the HTTPS body as a response.create frame, over an upgrade that carries the beta header and the key', async () => {
    const ws = await startMockResponsesServer({ websocket: true, respond: () => textReply('over ws') });
    const http = await startMockResponsesServer({ respond: () => textReply('over https') });
    try {
      const events = await drain(new ResponsesWebSocketTransport().stream({ provider: provider(ws.url), body: BODY, env: {} }));
      expect(events.at(-1)).toMatchObject({ type: 'completed' });
      await drain(streamResponse({ provider: provider(http.url), body: BODY, env: {} }));
      // The first frame is the warm-up (responses-websocket-warm-up.test.ts); the request builds on it.
      const [warm, frame] = sent(ws);
      expect(warm?.body).toMatchObject({ type: 'response.create', generate: false, input: [] });
      const [post] = sent(http);
      expect(frame?.transport).toBe('websocket');
      expect(frame?.headers['openai-beta']).toBe(RESPONSES_WEBSOCKET_BETA);
      expect(frame?.headers.authorization).toBe('Bearer sk-ws-test');
      // The warm-up's reply had output, so the request is sent whole.
      const { type, client_metadata: wsMeta, ...wsRest } = frame?.body as Record<string, unknown>;
      const { client_metadata: httpMeta, ...httpRest } = post?.body as Record<string, unknown>;
      expect(type).toBe('response.create');
      expect(Object.keys(frame?.body as object)[0]).toBe('type');
      expect(wsRest).toEqual(httpRest);
      expect(Object.keys(wsRest)).toEqual(Object.keys(httpRest));
      const { [WS_REQUEST_START_KEY]: stamp, ...meta } = wsMeta as Record<string, string>;
      expect(meta).toEqual(httpMeta);
      expect(Number(stamp)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await ws.close();
      await http.close();
    }
  });

  it('sends a thread’s next request on the same connection with previous_response_id and only the new items', async () => {
    const home = await tempDir('weft-ws-');
    const mock = await startMockResponsesServer({
      websocket: true,
      respond: (req, i) =>
        (req.body as { generate?: boolean }).generate === false
          ? emptyReply({ id: `resp_${i}`, model: 'gpt-5.5' })
          : textReply(`reply ${i}`, { id: `resp_${i}`, itemId: `msg_out_${i}`, model: 'gpt-5.5' }),
    });
    try {
      await writeFile(join(home, 'config.toml'), 'model = "gpt-5.5"\n');
      const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-ws-test', OPENAI_BASE_URL: mock.url }, cwd: home });
      const thread = await weft.startThread();
      expect((await thread.run('first')).status).toBe('completed');
      expect((await thread.run('second')).status).toBe('completed');
      await thread.close();
      const [warm, one, two] = sent(mock).map((r) => r.body as { generate?: boolean; previous_response_id?: string; input: { role?: string; content?: { text?: string }[] }[] });
      expect(sent(mock).every((r) => r.transport === 'websocket')).toBe(true);
      expect(warm?.generate).toBe(false);
      expect(one?.previous_response_id).toBe('resp_0');
      expect(two?.previous_response_id).toBe('resp_1');
      // Only what the second turn adds: the user's message (0.169 re-sends no context).
      expect(two?.input.map((i) => i.content?.[0]?.text)).toEqual(['second']);
      expect(one?.input.length).toBeGreaterThan(1);
    } finally {
      await mock.close();
    }
  });

  it('goes to HTTPS at once when the upgrade is answered 426', async () => {
    const mock = await startMockResponsesServer({ respond: () => textReply('over https') });
    try {
      const transport = new ResponsesWebSocketTransport();
      const events = await drain(transport.stream({ provider: provider(mock.url), body: BODY, env: {} }));
      expect(events.filter((e) => e.type === 'warning' || e.type === 'retrying')).toEqual([]);
      expect(transport.fellBack).toBe(true);
      expect(sent(mock).map((r) => r.transport ?? 'https')).toEqual(['https']);
    } finally {
      await mock.close();
    }
  });

  it('falls back to HTTPS for good once the stream budget is spent on a failing WebSocket', async () => {
    const mock = await startMockResponsesServer({
      websocket: true,
      respond: (req) =>
        req.transport === 'websocket' ? { status: 500, json: { error: { type: 'server_error', message: 'ws is down' } } } : textReply('over https'),
    });
    try {
      const transport = new ResponsesWebSocketTransport();
      const retry = { maxAttempts: 2, requestRetries: 0, baseDelayMs: 1, maxDelayMs: 1 };
      const events = await drain(transport.stream({ provider: provider(mock.url), body: BODY, env: {}, retry }));
      expect(events.filter((e) => e.type === 'retrying')).toHaveLength(1);
      const warning = events.find((e) => e.type === 'warning');
      expect(warning).toMatchObject({ type: 'warning' });
      expect((warning as { message: string }).message).toMatch(/^The Responses WebSocket kept failing; this thread now sends its requests over HTTPS\. .*ws is down/);
      expect(events.at(-1)).toMatchObject({ type: 'completed' });
      // The next request of the thread does not try the WebSocket again.
      await drain(transport.stream({ provider: provider(mock.url), body: BODY, env: {}, retry }));
      // The failed warm-up, two attempts, then HTTPS.
      expect(sent(mock).map((r) => r.transport ?? 'https')).toEqual(['websocket', 'websocket', 'websocket', 'https', 'https']);
    } finally {
      await mock.close();
    }
  });
});
