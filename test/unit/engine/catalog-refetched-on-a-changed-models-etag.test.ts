// Codex 0.98 reads each /responses answer's `X-Models-Etag` header: another version than the catalog
// it holds is fetched at once (GET /models) and used from then on (a thread keeps the base instructions it started with); the version it holds
// renews the cached copy's time without a request. Under codex-0.169 the header changes nothing.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import { MODELS_CACHE_FILE } from '../../../src/engine/models-cache.js';
import { Weft } from '../../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const MODEL = 'gpt-5.2-codex';
const instructionsOf = (r: MockServer['requests'][number] | undefined): unknown => (r?.body as { instructions?: unknown } | undefined)?.instructions;

/** Serves catalog version `catalog.etag` (its instructions name it) and names `answerEtag()` on each answer. */
async function mock(bundled: ModelInfo, catalog: { etag: string }, answerEtag: () => string): Promise<MockServer> {
  return startMockResponsesServer({
    respond: (req): MockReply => {
      if (req.method === 'GET') {
        return { status: 200, json: { models: [{ ...bundled, base_instructions: `served ${catalog.etag}` }] }, headers: { etag: catalog.etag } };
      }
      return { ...textReply('ok'), headers: { 'x-models-etag': answerEtag() } };
    },
  });
}

async function openWeft(home: string, url: string, compat: string): Promise<Weft> {
  await writeFile(join(home, 'config.toml'), `model = "${MODEL}"\ncompat = "${compat}"\n`);
  return Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: url }, cwd: home });
}

async function bundledModel(): Promise<ModelInfo> {
  const weft = await openWeft(await tempDir('weft-etag-'), 'http://127.0.0.1:9/v1', 'codex-0.98');
  return weft.runtime.catalog.find((m) => m.slug === MODEL) as ModelInfo;
}

it('refetches the catalog when an answer names another version, and a new thread uses it', async () => {
  const home = await tempDir('weft-etag-');
  const catalog = { etag: '"v1"' };
  const server = await mock(await bundledModel(), catalog, () => '"v2"');
  try {
    const weft = await openWeft(home, server.url, 'codex-0.98');
    const thread = await weft.startThread();
    catalog.etag = '"v2"'; // the service moves on after the first catalog request
    expect((await thread.run('one')).status).toBe('completed');
    await thread.close();
    // A thread keeps the base instructions it started with; the next one takes the new catalog's.
    const next = await weft.startThread();
    expect((await next.run('two')).status).toBe('completed');
    await next.close();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/responses', 'GET /v1/models', 'POST /v1/responses']);
    expect(server.requests[2]?.query).toMatchObject({ client_version: '0.98.0' });
    expect(instructionsOf(server.requests[1])).toBe('served "v1"');
    expect(instructionsOf(server.requests[3])).toBe('served "v2"');
    const cache = JSON.parse(await readFile(join(home, MODELS_CACHE_FILE), 'utf8')) as { etag: string };
    expect(cache.etag).toBe('"v2"');
  } finally {
    await server.close();
  }
});

it('renews the cached copy when an answer names the version held, without asking again', async () => {
  const home = await tempDir('weft-etag-');
  const server = await mock(await bundledModel(), { etag: '"v1"' }, () => '"v1"');
  try {
    const weft = await openWeft(home, server.url, 'codex-0.98');
    const thread = await weft.startThread();
    const file = join(home, MODELS_CACHE_FILE);
    const fetched = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const old = new Date(Date.now() - 200_000).toISOString();
    await writeFile(file, JSON.stringify({ ...fetched, fetched_at: old }, null, 2));
    expect((await thread.run('one')).status).toBe('completed');
    await thread.close();
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    const renewed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(Date.parse(renewed.fetched_at as string)).toBeGreaterThan(Date.parse(old) + 100_000);
    expect({ ...renewed, fetched_at: fetched.fetched_at }).toEqual(fetched);
  } finally {
    await server.close();
  }
});

it('leaves the catalog alone under codex-0.169', async () => {
  const server = await mock(await bundledModel(), { etag: '"v1"' }, () => '"v2"');
  try {
    const thread = await (await openWeft(await tempDir('weft-etag-'), server.url, 'codex-0.169')).startThread();
    expect((await thread.run('one')).status).toBe('completed');
    expect((await thread.run('two')).status).toBe('completed');
    await thread.close();
    expect(server.requests.filter((r) => r.method === 'GET')).toEqual([]);
  } finally {
    await server.close();
  }
});
