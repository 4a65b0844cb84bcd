// The headers of a model request are those the real Codex binaries send (captured from 0.98.0 and
// 0.169.0 against a mock): per generation, toward the built-in provider and a custom one, on HTTPS
// and on 0.169's WebSocket upgrade. weft adds the key (Codex takes it from its login), sends none
// of the OpenAI SDK's own headers, and never puts the key anywhere else.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type CapturedRequest } from '../../../src/testing/index.js';
import { Weft } from '../../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const KEY = 'sk-header-test-key';
/** What the HTTP layer or the WebSocket handshake adds, whoever sends. */
const TRANSPORT = new Set(['host', 'connection', 'content-length', 'accept', 'content-type', 'upgrade', 'sec-websocket-version', 'sec-websocket-key', 'sec-websocket-extensions']);

async function firstRequest(compat: string, provider: 'builtin' | 'custom', websocket = false): Promise<{ req: CapturedRequest; threadId: string }> {
  const mock = await startMockResponsesServer({ websocket, respond: () => textReply('ok') });
  try {
    const home = await tempDir('weft-headers-');
    const custom = `[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_KEY"\n`;
    const top = `model = "gpt-5.5"\ncompat = "${compat}"\n${provider === 'custom' ? 'model_provider = "mock"\n' : ''}`;
    await writeFile(join(home, 'config.toml'), `${top}[features]\nremote_models = false\n${provider === 'custom' ? custom : ''}`);
    const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: KEY, MOCK_KEY: KEY, OPENAI_BASE_URL: mock.url };
    const weft = await Weft.open({ env, cwd: home, originator: 'codex_exec' });
    const thread = await weft.startThread();
    expect((await thread.run('hi')).status).toBe('completed');
    await thread.close();
    const req = mock.requests.find((r) => r.path === '/v1/responses');
    if (!req) throw new Error('no request');
    return { req, threadId: thread.id };
  } finally {
    await mock.close();
  }
}

const names = (req: CapturedRequest): string[] => Object.keys(req.headers).filter((h) => !TRANSPORT.has(h)).sort();
const UA = (version: string, suffix: string) => new RegExp(`^codex_exec/${version.replace(/\./g, '\\.')} \\([^;()]+; [a-z0-9_]+\\) \\S+${suffix}$`);

describe('codex-0.98', () => {
  it('sends originator, its user agent, session_id, the search flag, and version to the built-in provider only', async () => {
    for (const provider of ['builtin', 'custom'] as const) {
      const { req, threadId } = await firstRequest('codex-0.98', provider);
      const expected = ['authorization', 'originator', 'session_id', 'user-agent', 'x-oai-web-search-eligible', ...(provider === 'builtin' ? ['version'] : [])];
      expect(names(req)).toEqual(expected.sort());
      expect(req.headers).toMatchObject({ originator: 'codex_exec', session_id: threadId, 'x-oai-web-search-eligible': 'true', authorization: `Bearer ${KEY}` });
      if (provider === 'builtin') expect(req.headers.version).toBe('0.98.0');
      expect(req.headers['user-agent']).toMatch(UA('0.98.0', ''));
    }
  });
});

describe('codex-0.169', () => {
  it('sends the turn metadata, window and thread again as headers, the beta features, and version to the built-in provider only', async () => {
    for (const provider of ['builtin', 'custom'] as const) {
      const { req, threadId } = await firstRequest('codex-0.169', provider);
      const expected = ['authorization', 'originator', 'session-id', 'thread-id', 'user-agent', 'x-client-request-id', 'x-codex-beta-features', 'x-codex-turn-metadata', 'x-codex-window-id', ...(provider === 'builtin' ? ['version'] : [])];
      expect(names(req)).toEqual(expected.sort());
      const metadata = (req.body as { client_metadata: Record<string, string> }).client_metadata;
      expect(req.headers).toMatchObject({
        originator: 'codex_exec',
        'session-id': threadId,
        'thread-id': threadId,
        'x-client-request-id': threadId,
        'x-codex-beta-features': 'remote_compaction_v2',
        'x-codex-turn-metadata': metadata['x-codex-turn-metadata'],
        'x-codex-window-id': metadata['x-codex-window-id'],
      });
      if (provider === 'builtin') expect(req.headers.version).toBe('0.169.0');
      expect(req.headers['user-agent']).toMatch(UA('0.169.0', ' \\(codex_exec; 0\\.169\\.0\\)'));
    }
  });

  it('sends the same on the WebSocket upgrade, with the beta header', async () => {
    const { req, threadId } = await firstRequest('codex-0.169', 'builtin', true);
    expect(req.transport).toBe('websocket');
    expect(names(req)).toEqual(
      ['authorization', 'openai-beta', 'originator', 'session-id', 'thread-id', 'user-agent', 'version', 'x-client-request-id', 'x-codex-beta-features', 'x-codex-turn-metadata', 'x-codex-window-id'].sort(),
    );
    expect(req.headers['thread-id']).toBe(threadId);
  });
});

it('leaks the key into no header but authorization', async () => {
  for (const compat of ['codex-0.98', 'codex-0.169']) {
    const { req } = await firstRequest(compat, 'builtin');
    const leaks = Object.entries(req.headers).filter(([name, value]) => name !== 'authorization' && value.includes(KEY));
    expect(leaks).toEqual([]);
  }
});
