// Codex 0.169 marks a request for a model whose catalog entry has `use_responses_lite` with
// `x-openai-internal-codex-responses-lite: true` (chatgpt-signin-0.169 raw/03, raw/05: after the
// turn metadata, in both sign-in modes); over the WebSocket the header is not on the upgrade but in
// each frame's client_metadata as `ws_request_header_x_openai_internal_codex_responses_lite` (raw/04:
// the warm-up and the turn frame).
import { describe, expect, it } from 'vitest';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import type { ClientEventBatch } from '../../../src/client/client-events.js';
import { ResponsesWebSocketTransport } from '../../../src/client/responses-websocket.js';
import { requestHeaders0169 } from '../../../src/profile/codex-0.169/request-headers.js';
import { startMockResponsesServer, textReply } from '../../../src/testing/index.js';

const body = (model: string) =>
  ({
    model,
    input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
    stream: true,
    prompt_cache_key: 'thread-1',
    client_metadata: { 'x-codex-turn-metadata': '{}', thread_id: 'thread-1', guardian_credits_requested: 'true' },
  }) as unknown as ResponsesRequestBody;

const ctx = { originator: 'codex_exec', builtinProvider: true, remoteCompaction: true, env: {}, signedInWithChatGpt: true, responsesLite: (m: string) => m === 'gpt-5.6-sol' };

describe('the responses-lite header', () => {
  it('sent for a model with use_responses_lite, after the turn metadata; not for another model', () => {
    const lite = requestHeaders0169({ wire: 'responses', body: body('gpt-5.6-sol') }, ctx, '0.169.0');
    const names = Object.keys(lite);
    expect(lite['x-openai-internal-codex-responses-lite']).toBe('true');
    expect(names.indexOf('x-openai-internal-codex-responses-lite')).toBe(names.indexOf('x-codex-turn-metadata') + 1);
    expect(names.indexOf('x-codex-routing-hint')).toBe(names.indexOf('x-openai-internal-codex-responses-lite') + 1);
    expect(requestHeaders0169({ wire: 'responses', body: body('gpt-5.5') }, ctx, '0.169.0')).not.toHaveProperty('x-openai-internal-codex-responses-lite');
  });

  it('over the WebSocket: in every frame’s client_metadata, not on the upgrade', async () => {
    const ws = await startMockResponsesServer({ websocket: true, respond: () => textReply('over ws') });
    try {
      const provider = { name: 'OpenAI', baseUrl: ws.url, wireApi: 'responses' as const, apiKey: 'sk-ws-test' };
      const transport = new ResponsesWebSocketTransport();
      const gen: AsyncIterable<ClientEventBatch> = transport.stream({ provider, body: body('gpt-5.6-sol'), env: {}, headers: { 'x-openai-internal-codex-responses-lite': 'true' } });
      for await (const batch of gen) void batch;
      transport.close();
      const frames = ws.requests.filter((r) => r.transport === 'websocket');
      expect(frames.length).toBeGreaterThanOrEqual(2);
      for (const frame of frames) {
        expect(Object.keys(frame.headers)).not.toContain('x-openai-internal-codex-responses-lite');
        expect((frame.body as { client_metadata: Record<string, string> }).client_metadata.ws_request_header_x_openai_internal_codex_responses_lite).toBe('true');
      }
    } finally {
      await ws.close();
    }
  });
});
