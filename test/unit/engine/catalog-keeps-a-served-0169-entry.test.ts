// A catalog entry of Codex 0.169's shape served by the model catalog request of a ChatGPT sign-in
// is used, as the real Codex 0.169 uses it (observed: served the 0.169 pack's entry under the
// recordings' model name, `gpt-6.1-sol`, Codex built its request from it). 0.169's entries do not
// say whether the model calls tools in parallel; weft completes them as the 0.169 pack loader does
// (true, but false for code-mode models) instead of dropping them as unreadable.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import { mergeRemoteModels } from '../../../src/engine/catalog-refresh.js';
import { startChatGptMock, type ChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { chatgptAuthJson } from '../../support/fake-tokens.js';
import { runWeft, signedInHome } from '../../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../../support/test-ca.js';

const base = { truncation_policy: { mode: 'bytes', limit: 1 } } as const;

describe('a served 0.169 catalog entry', () => {
  it('is completed as 0.169 reads it, not dropped: parallel tool calls unless code-mode only', () => {
    const bundled = [{ slug: 'a', base_instructions: 'A', supports_parallel_tool_calls: false, ...base }] as ModelInfo[];
    const merged = mergeRemoteModels(bundled, [
      { slug: 'served', base_instructions: 'S', ...base },
      { slug: 'served-code-mode', base_instructions: 'C', tool_mode: 'code_mode_only', ...base },
      { slug: 'a', base_instructions: 'A2', supports_parallel_tool_calls: false, ...base },
    ]);
    expect(merged.map((m) => [m.slug, m.base_instructions, m.supports_parallel_tool_calls])).toEqual([
      ['a', 'A2', false],
      ['served', 'S', true],
      ['served-code-mode', 'C', false],
    ]);
  });
});

describe('a ChatGPT home whose catalog request serves the recordings’ model', () => {
  let ca: TestCa;
  let mock: ChatGptMock | undefined;
  beforeAll(() => {
    ca = makeTestCa();
  });
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('builds the request from the served entry', async () => {
    const pack = JSON.parse(readFileSync(new URL('../../../templates/codex-0.169/models.json', import.meta.url), 'utf8')) as { models: Array<Record<string, unknown>> };
    const marker = 'Instructions of the served gpt-6.1-sol entry.';
    const entry = { ...pack.models[0], slug: 'gpt-6.1-sol', display_name: 'gpt-6.1-sol', base_instructions: marker, model_messages: null };
    expect('supports_parallel_tool_calls' in entry).toBe(false);
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426', backend: { 'GET /codex/models': { status: 200, body: { models: [entry] } } } }));
    const h = signedInHome({
      auth: chatgptAuthJson(),
      config: `compat = "codex-0.169"\nmodel = "gpt-6.1-sol"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
      env: { CODEX_CA_CERTIFICATE: ca.caFile },
    });
    const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect({ code: r.code, err: r.err }).toMatchObject({ code: 0 });
    const post = m.requests.find((q) => q.method === 'POST' && q.path.endsWith('/responses'));
    expect((post?.body as { model?: string }).model).toBe('gpt-6.1-sol');
    expect(post?.rawBody).toContain(marker);
  });
});
