// A provider's `query_params` go on every request URL (Azure's `api-version`, say) and its
// `env_http_headers` send the named environment variables as headers, skipped when unset or empty.
// Error messages name the endpoint without the query, which may hold a credential; a missing key's
// error carries `env_key_instructions`; `requires_openai_auth` takes the key from OPENAI_API_KEY.
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { providerEndpoint, providerUrl, resolveApiKey } from '../../../src/client/provider.js';
import { Weft } from '../../../src/engine/weft.js';
import { providerSettings } from '../../../src/engine/provider-settings.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('provider settings from config.toml', () => {
  const config = {
    model_provider: 'azure',
    model_providers: {
      azure: {
        base_url: 'https://example.test/openai/',
        query_params: { 'api-version': '2025-04-01-preview' },
        http_headers: { 'X-Static': 's' },
        env_http_headers: { 'X-Org': 'ORG_ID', 'X-Missing': 'NOT_SET', 'X-Empty': 'EMPTY' },
      },
    },
  };

  it('resolve env_http_headers from the environment, beside http_headers', () => {
    const p = providerSettings(config, 'config.toml', { ORG_ID: 'acme', EMPTY: '' });
    expect(p.headers).toEqual({ 'X-Static': 's', 'X-Org': 'acme' });
    expect(p.queryParams).toEqual({ 'api-version': '2025-04-01-preview' });
  });

  it('add env_key_instructions to the error that a key is missing', () => {
    const p = providerSettings(
      { model_provider: 'x', model_providers: { x: { base_url: 'https://example.test/v1', env_key: 'X_KEY', env_key_instructions: 'create one at example.test/keys' } } },
      'config.toml',
      {},
    );
    expect(() => resolveApiKey(p, {})).toThrow("model provider 'x' needs an API key: set the environment variable X_KEY (create one at example.test/keys)");
  });

  it('take OPENAI_API_KEY for a provider with requires_openai_auth and no env_key', () => {
    const p = providerSettings({ model_provider: 'proxy', model_providers: { proxy: { base_url: 'https://proxy.test/v1', requires_openai_auth: true } } }, 'config.toml', {});
    expect(resolveApiKey(p, { OPENAI_API_KEY: 'sk-test' })).toBe('sk-test');
    expect(() => resolveApiKey(p, {})).toThrow(/OPENAI_API_KEY/);
  });

  it('put the query on the request URL, not on the endpoint errors name', () => {
    const p = providerSettings(config, 'config.toml', {});
    expect(providerUrl(p, '/messages')).toBe('https://example.test/openai/messages?api-version=2025-04-01-preview');
    expect(providerEndpoint(p, '/messages')).toBe('https://example.test/openai/messages');
  });
});

describe('a request on the Responses wire', () => {
  it('carries the query parameters and the headers taken from the environment', async () => {
    const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    try {
      const home = await tempDir('weft-home-');
      await writeFile(
        `${home}/config.toml`,
        `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\nquery_params = { "api-version" = "v9" }\nenv_http_headers = { "X-Org" = "ORG_ID" }\n`,
      );
      const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, ORG_ID: 'acme' }, cwd: home });
      const thread = await weft.startThread();
      expect((await thread.run('hi')).status).toBe('completed');
      await thread.close();
      expect(mock.requests[0]?.path).toBe('/v1/responses');
      expect(mock.requests[0]?.query).toEqual({ 'api-version': 'v9' });
      expect(mock.requests[0]?.headers['x-org']).toBe('acme');
    } finally {
      await mock.close();
    }
  });
});
