import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../src/config/load-config.js';
import { ConfigError } from '../../../src/errors.js';

describe('config errors inside a selected profile', () => {
  it('a wrong type in [profiles.p] names profiles.p.<key>', () => {
    const text = 'profile = "p"\n[profiles.p]\nmodel = 5\n';
    expect(() => parseConfigText(text, '/h/config.toml', [])).toThrowError(ConfigError);
    expect(() => parseConfigText(text, '/h/config.toml', [])).toThrowError(/profiles\.p\.model/);
  });

  it('an unknown key in the selected profile is warned about once, under its real path', () => {
    const text = 'profile = "p"\n[profiles.p]\nmodel = "m"\nodd = 1\n';
    const { config, warnings } = parseConfigText(text, '/h/config.toml', []);
    expect(config.model).toBe('m');
    expect(warnings).toEqual(['/h/config.toml: unknown key `profiles.p.odd` ignored']);
  });
});
