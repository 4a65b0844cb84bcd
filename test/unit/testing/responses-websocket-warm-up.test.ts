// Codex 0.169's warm-up on the Responses WebSocket of the built-in provider: before a thread's first
// request, one `generate: false` frame with the first request's fields, the base instructions as its
// only input and `prewarm` as the turn metadata's request kind; the first request then names the
// warm-up's response and carries the rest of its input. The warm-up's reply is not the thread's,
// it happens once per thread, and a warm-up that fails leaves the request as it would have been.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { emptyReply, startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../src/testing/index.js';
import { Weft } from '../../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

type Frame = { generate?: boolean; previous_response_id?: string; input: { id?: string; role?: string; content?: { text?: string }[] }[]; client_metadata: Record<string, string> } & Record<string, unknown>;
const frames = (mock: MockServer): Frame[] => mock.requests.filter((r) => r.path === '/v1/responses').map((r) => r.body as Frame);
const texts = (f: Frame | undefined): (string | undefined)[] => (f?.input ?? []).map((i) => i.content?.[0]?.text);

async function openThread(mock: MockServer) {
  const home = await tempDir('weft-warm-');
  await writeFile(join(home, 'config.toml'), 'model = "gpt-5.5"\n');
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-ws-test', OPENAI_BASE_URL: mock.url }, cwd: home });
  return weft.startThread();
}

it('warms the connection with the prompt without history, and the first request builds on it', async () => {
  const mock = await startMockResponsesServer({
    websocket: true,
    respond: (req, i): MockReply =>
      (req.body as Frame).generate === false ? emptyReply({ id: `resp_${i}`, model: 'gpt-5.5' }) : textReply(`reply ${i}`, { id: `resp_${i}`, itemId: `msg_out_${i}`, model: 'gpt-5.5' }),
  });
  try {
    const thread = await openThread(mock);
    const first = await thread.run('first');
    expect(first).toMatchObject({ status: 'completed', lastMessage: 'reply 1' });
    expect((await thread.run('second')).status).toBe('completed');
    await thread.close();

    const [warm, one, two, more] = frames(mock);
    expect(more).toBeUndefined();
    expect(warm?.generate).toBe(false);
    expect(warm?.input.map((i) => i.role)).toEqual(['developer']);
    expect(warm?.previous_response_id).toBeUndefined();
    const turnMeta = (f: Frame | undefined) => JSON.parse(f?.client_metadata['x-codex-turn-metadata'] ?? '{}') as Record<string, unknown>;
    expect(turnMeta(warm)).toMatchObject({ request_kind: 'prewarm', turn_id: '' });
    expect(turnMeta(warm)).not.toHaveProperty('root_turn_id');
    expect(warm?.client_metadata).toMatchObject({ turn_id: '' });
    expect(warm?.client_metadata).not.toHaveProperty('root_turn_id');
    expect(turnMeta(one)).toMatchObject({ request_kind: 'turn' });
    // `generate` is the last field before the metadata, as Codex sends it.
    expect(Object.keys(warm ?? {}).slice(-2)).toEqual(['generate', 'client_metadata']);
    // The upgrade carries the warm-up's turn metadata.
    const upgrade = mock.requests.find((r) => r.path === '/v1/responses')?.headers ?? {};
    expect(JSON.parse(upgrade['x-codex-turn-metadata'] ?? '{}')).toMatchObject({ request_kind: 'prewarm' });
    // The same fields as the first request (only input, metadata and `generate` differ).
    const fields = (f: Frame | undefined) => {
      const { input: _i, client_metadata: _m, generate: _g, previous_response_id: _p, ...rest } = f ?? ({} as Frame);
      return rest;
    };
    expect(fields(warm)).toEqual(fields(one));
    // The first request names the warm-up's response and sends what follows the base instructions.
    expect(one?.previous_response_id).toBe('resp_0');
    expect(one?.generate).toBeUndefined();
    expect(texts(one).at(-1)).toBe('first');
    expect(one?.input.some((i) => i.id === warm?.input[0]?.id)).toBe(false);
    expect(two?.previous_response_id).toBe('resp_1');
    expect(texts(two)).toEqual(['second']);
    expect(thread.history.length).toBeGreaterThan(0);
  } finally {
    await mock.close();
  }
});

it('sends the whole first request on a new connection when the warm-up fails', async () => {
  const mock = await startMockResponsesServer({
    websocket: true,
    respond: (req, i): MockReply =>
      (req.body as Frame).generate === false ? { status: 500, json: { error: { type: 'server_error', message: 'no warm-up today' } } } : textReply(`reply ${i}`, { id: `resp_${i}` }),
  });
  try {
    const thread = await openThread(mock);
    const outcome = await thread.run('first');
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'reply 1' });
    const [warm, one] = frames(mock);
    expect(warm?.generate).toBe(false);
    expect(one?.previous_response_id).toBeUndefined();
    expect(one?.input[0]?.id).toBe(warm?.input[0]?.id);
    expect(texts(one).at(-1)).toBe('first');
  } finally {
    await mock.close();
  }
});

it('sends the whole first request when the warm-up reply had output (nothing to build on)', async () => {
  const mock = await startMockResponsesServer({
    websocket: true,
    respond: (req, i): MockReply => textReply((req.body as Frame).generate === false ? 'WARM REPLY' : `reply ${i}`, { id: `resp_${i}`, itemId: `msg_out_${i}` }),
  });
  try {
    const thread = await openThread(mock);
    expect(await thread.run('first')).toMatchObject({ status: 'completed', lastMessage: 'reply 1' });
    await thread.close();
    const [warm, one] = frames(mock);
    expect(warm?.generate).toBe(false);
    expect(one?.previous_response_id).toBeUndefined();
    expect(one?.input[0]?.id).toBe(warm?.input[0]?.id);
    // The warm-up's reply is the thread's in no way.
    expect(JSON.stringify(thread.history)).not.toContain('WARM REPLY');
  } finally {
    await mock.close();
  }
});
