// Loading config.toml validates it with configTomlFor (protocol/config.ts): ConfigToml narrowed to the
// keys the file holds, so that a start builds the schemas of those keys only. It must judge every
// config exactly as the whole ConfigToml does: the same output, and the same issues in the same order
// (unknown keys at any depth, wrong types, refinements).
import { describe, expect, it } from 'vitest';
import { ConfigToml, configTomlFor } from '../../../protocol/config.js';

const configs: Record<string, unknown> = {
  empty: {},
  typical: { model: 'gpt-5.5', model_provider: 'mock', model_providers: { mock: { name: 'Mock', base_url: 'http://127.0.0.1:9/v1', wire_api: 'responses' } } },
  'unknown top-level key': { model: 'm', nonsense: 1, other: 'x' },
  'unknown nested key': { model_providers: { p: { base_url: 'x', bogus: true } }, profiles: { fast: { model: 'a', what: 1 } } },
  'wrong type': { model: 3, project_doc_max_bytes: -1 },
  'bad url and port': { openai_base_url: 'not a url', mcp_oauth_callback_port: 70000 },
  'mcp server refinement': { mcp_servers: { both: { command: 'x', url: 'http://127.0.0.1:1' }, neither: {} } },
  'wrong types and unknown keys together': { model: [], zzz: 1, compat: 'codex-9', features: { a: 'yes' } },
};

describe('configTomlFor', () => {
  for (const [name, config] of Object.entries(configs)) {
    it(`judges a config as ConfigToml does: ${name}`, () => {
      const whole = ConfigToml.safeParse(config);
      const narrowed = configTomlFor(Object.keys(config as object)).safeParse(config);
      expect(narrowed.success).toBe(whole.success);
      if (whole.success) expect(narrowed.data).toEqual(whole.data);
      else expect(narrowed.error?.issues).toEqual(whole.error.issues);
    });
  }
});
