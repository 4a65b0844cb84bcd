// Codex 0.98's model catalog refresh for the built-in OpenAI provider: before the first request,
// GET {base}/models?client_version=0.98.0; the answer (with its ETag) kept in the home as
// models_cache.json for five minutes; each entry laid over the bundled catalog by slug, so it picks
// the instructions of the next request. A fresh cache skips the request; `remote_models = false`
// and the 0.169 profile never ask; offline, the bundled catalog is used without a word.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import { mergeRemoteModels, refreshedCatalog } from '../../../src/engine/catalog-refresh.js';
import { MODELS_CACHE_FILE } from '../../../src/engine/models-cache.js';
import { Weft } from '../../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const MODEL = 'gpt-5.2-codex';
const REMOTE_INSTRUCTIONS = 'Instructions served by the catalog endpoint.';

async function catalogMock(): Promise<MockServer> {
  return startMockResponsesServer({
    respond: (req) => {
      if (req.method === 'GET' && req.path === '/v1/models') {
        return { status: 200, json: { models: [{ ...bundledModel, base_instructions: REMOTE_INSTRUCTIONS }] }, headers: { etag: '"catalog-1"' } };
      }
      return textReply('ok');
    },
  });
}

let bundledModel: ModelInfo;

async function openWeft(home: string, url: string, compat: 'codex-0.98' | 'codex-0.169', extraConfig = ''): Promise<Weft> {
  await writeFile(join(home, 'config.toml'), `model = "${MODEL}"\ncompat = "${compat}"\n${extraConfig}`);
  return Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: url }, cwd: home });
}

async function oneTurn(weft: Weft): Promise<void> {
  const thread = await weft.startThread();
  expect((await thread.run('hi')).status).toBe('completed');
  await thread.close();
}

describe('the model catalog refresh of codex-0.98', () => {
  it('asks once, caches the answer with its ETag, and sends the served instructions', async () => {
    const home = await tempDir('weft-catalog-');
    const mock = await catalogMock();
    try {
      const weft = await openWeft(home, mock.url, 'codex-0.98');
      bundledModel = weft.runtime.catalog.find((m) => m.slug === MODEL) as ModelInfo;
      expect(bundledModel.base_instructions).not.toBe(REMOTE_INSTRUCTIONS);
      // The bundled catalog is read before the refresh; reopen so the mock serves a copy of it.
      const fresh = await openWeft(home, mock.url, 'codex-0.98');
      await oneTurn(fresh);
      const [get, post] = mock.requests;
      expect(get).toMatchObject({ method: 'GET', path: '/v1/models', query: { client_version: '0.98.0' } });
      expect(get?.headers.authorization).toBe('Bearer sk-test-key');
      expect(post).toMatchObject({ method: 'POST', path: '/v1/responses' });
      expect((post?.body as { instructions?: string }).instructions).toBe(REMOTE_INSTRUCTIONS);

      const cache = JSON.parse(await readFile(join(home, MODELS_CACHE_FILE), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(cache)).toEqual(['fetched_at', 'etag', 'client_version', 'models']);
      expect(cache).toMatchObject({ etag: '"catalog-1"', client_version: '0.98.0' });
      expect(Date.now() - Date.parse(cache.fetched_at as string)).toBeLessThan(60_000);

      // A second process within five minutes: no request, the cached catalog still applies.
      await oneTurn(await openWeft(home, mock.url, 'codex-0.98'));
      expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/responses', 'POST /v1/responses']);
      expect((mock.requests[2]?.body as { instructions?: string }).instructions).toBe(REMOTE_INSTRUCTIONS);

      // A stale copy (older than five minutes) is fetched again.
      await writeFile(join(home, MODELS_CACHE_FILE), JSON.stringify({ ...cache, fetched_at: new Date(Date.now() - 301_000).toISOString() }));
      await oneTurn(await openWeft(home, mock.url, 'codex-0.98'));
      expect(mock.requests.filter((r) => r.method === 'GET')).toHaveLength(2);

      // A copy for another client version is not used either.
      await writeFile(join(home, MODELS_CACHE_FILE), JSON.stringify({ ...cache, fetched_at: new Date().toISOString(), client_version: '0.97.0' }));
      await oneTurn(await openWeft(home, mock.url, 'codex-0.98'));
      expect(mock.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
    } finally {
      await mock.close();
    }
  });

  it('never asks with `[features] remote_models = false`, nor under codex-0.169', async () => {
    const mock = await catalogMock();
    try {
      await oneTurn(await openWeft(await tempDir('weft-catalog-'), mock.url, 'codex-0.98', '[features]\nremote_models = false\n'));
      await oneTurn(await openWeft(await tempDir('weft-catalog-'), mock.url, 'codex-0.169'));
      expect(mock.requests.filter((r) => r.method === 'GET')).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('falls back to the bundled catalog at once when the service cannot be reached: one try, no retries', async () => {
    const dropping = await droppingServer();
    const home = await tempDir('weft-catalog-');
    const bundled = [{ slug: 'a', base_instructions: 'A', truncation_policy: { mode: 'bytes', limit: 1 }, supports_parallel_tool_calls: false }] as ModelInfo[];
    const { catalog, etag } = await refreshedCatalog({
      home,
      config: {},
      configFile: join(home, 'config.toml'),
      env: { OPENAI_BASE_URL: `http://127.0.0.1:${dropping.port}/v1` },
      bundled,
      clientVersion: '0.98.0',
    });
    expect(catalog).toEqual(bundled);
    expect(etag).toBeUndefined();
    await dropping.close();
    expect(dropping.connections()).toBe(1);
  });
});

describe('merging the served catalog', () => {
  const base = { truncation_policy: { mode: 'bytes', limit: 1 }, supports_parallel_tool_calls: false } as const;
  it('replaces models by slug, appends new ones and leaves out entries it cannot read', () => {
    const bundled = [{ slug: 'a', base_instructions: 'A', ...base }, { slug: 'b', base_instructions: 'B', ...base }] as ModelInfo[];
    const merged = mergeRemoteModels(bundled, [{ slug: 'b', base_instructions: 'B2', ...base }, { slug: 'c', base_instructions: 'C', ...base }, { slug: 'bad' }]);
    expect(merged.map((m) => `${m.slug}:${m.base_instructions}`)).toEqual(['a:A', 'b:B2', 'c:C']);
  });
});

/** A port nothing listens on: bound, then released. */
/** A server that hangs up on every connection at once, counting them (a service that cannot be reached). */
function droppingServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ port, connections: () => count, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
