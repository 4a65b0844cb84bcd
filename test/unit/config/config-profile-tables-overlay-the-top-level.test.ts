import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../src/config/load-config.js';
import { ConfigError } from '../../../src/errors.js';

const FILE = '/h/config.toml';
const TEXT = [
  'model = "top-model"',
  'approval_policy = "never"',
  'sandbox_mode = "read-only"',
  'profile = "fast"',
  '[profiles.fast]',
  'model = "fast-model"',
  'sandbox_mode = "workspace-write"',
  '[profiles.slow]',
  'model = "slow-model"',
].join('\n');

describe('[profiles.x] overlay (the tables style, codex-0.98)', () => {
  it('lays the selected profile over the top level, keeping keys it does not set', () => {
    const { config } = parseConfigText(TEXT, FILE, []);
    expect(config.model).toBe('fast-model');
    expect(config.sandbox_mode).toBe('workspace-write');
    expect(config.approval_policy).toBe('never');
  });

  it('uses the top level when no profile is selected', () => {
    const { config } = parseConfigText(TEXT.replace('profile = "fast"\n', ''), FILE, []);
    expect(config.model).toBe('top-model');
    expect(config.sandbox_mode).toBe('read-only');
  });

  it('lets -c win over the profile', () => {
    const { config } = parseConfigText(TEXT, FILE, ['model=cli-model']);
    expect(config.model).toBe('cli-model');
    expect(config.sandbox_mode).toBe('workspace-write');
  });

  it('lets --profile win over the file profile key', () => {
    expect(parseConfigText(TEXT, FILE, [], { profile: { name: 'slow' } }).config.model).toBe('slow-model');
  });

  it('lets -c profile=… select the profile', () => {
    const { config } = parseConfigText(TEXT, FILE, ['profile=slow']);
    expect(config.model).toBe('slow-model');
    expect(config.sandbox_mode).toBe('read-only');
  });

  it('makes selecting an undefined profile a ConfigError naming the profile and the file', () => {
    let caught: unknown;
    try {
      parseConfigText(TEXT, FILE, [], { profile: { name: 'missing' } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toBe('/h/config.toml: profile `missing` is selected but [profiles.missing] is not defined');
    expect((caught as ConfigError).key).toBe('profile');
    expect(() => parseConfigText('profile = "ghost"\n', FILE, [])).toThrow('[profiles.ghost] is not defined');
  });
});
