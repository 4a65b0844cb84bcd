import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../src/config/load-config.js';

const FILE = '/h/config.toml';

describe('unknown config keys', () => {
  it('drops an unknown top-level key with a warning naming the file and key', () => {
    const { config, warnings } = parseConfigText('model = "o3"\nmystery = 1\n', FILE, []);
    expect(config).toEqual({ model: 'o3' });
    expect(warnings).toEqual(['/h/config.toml: unknown key `mystery` ignored']);
  });

  it('drops unknown keys inside tables with their dotted path, keeping the known ones', () => {
    const text = [
      '[sandbox_workspace_write]',
      'network_access = true',
      'bogus = "x"',
      '[model_providers.local]',
      'base_url = "http://127.0.0.1:1/v1"',
      'zap = 3',
      '[profiles.fast]',
      'model = "m"',
      'odd = true',
    ].join('\n');
    const { config, warnings } = parseConfigText(text, FILE, []);
    expect(config.sandbox_workspace_write).toEqual({ network_access: true });
    expect(config.model_providers).toEqual({ local: { base_url: 'http://127.0.0.1:1/v1' } });
    expect(config.profiles).toEqual({ fast: { model: 'm' } });
    expect([...warnings].sort()).toEqual(
      [
        '/h/config.toml: unknown key `sandbox_workspace_write.bogus` ignored',
        '/h/config.toml: unknown key `model_providers.local.zap` ignored',
        '/h/config.toml: unknown key `profiles.fast.odd` ignored',
      ].sort(),
    );
  });

  it('warns about unknown keys that come from -c overrides as well', () => {
    const { config, warnings } = parseConfigText('', FILE, ['sandbox_workspace_write.nope=1']);
    expect(config).toEqual({ sandbox_workspace_write: {} });
    expect(warnings).toEqual(['-c sandbox_workspace_write.nope=1: unknown key `sandbox_workspace_write.nope` ignored']);
  });

  it('gives no warnings for a config of known keys only', () => {
    const { warnings } = parseConfigText('model = "o3"\napproval_policy = "never"\n[features]\npersonality = false\n', FILE, []);
    expect(warnings).toEqual([]);
  });
});
