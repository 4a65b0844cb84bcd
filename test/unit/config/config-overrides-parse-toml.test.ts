import { describe, expect, it } from 'vitest';
import { applyOverride, parseOverride } from '../../../src/config/config-overrides.js';
import { parseConfigText } from '../../../src/config/load-config.js';
import { ConfigError, UsageError } from '../../../src/errors.js';

describe('parseOverride', () => {
  it('parses the value as TOML', () => {
    expect(parseOverride('project_doc_max_bytes=5')).toMatchObject({ path: ['project_doc_max_bytes'], value: 5 });
    expect(parseOverride('features.personality=false')).toMatchObject({ path: ['features', 'personality'], value: false });
    expect(parseOverride('model="gpt-5"')).toMatchObject({ path: ['model'], value: 'gpt-5' });
    expect(parseOverride('roots=["/a", "/b"]')).toMatchObject({ path: ['roots'], value: ['/a', '/b'] });
    expect(parseOverride('t={ a = 1, b = "x" }')).toMatchObject({ path: ['t'], value: { a: 1, b: 'x' } });
  });

  it('falls back to the raw string when the value is not TOML', () => {
    expect(parseOverride('model=o3')).toMatchObject({ path: ['model'], value: 'o3' });
    expect(parseOverride('model=gpt-5.1-codex-max')).toMatchObject({ path: ['model'], value: 'gpt-5.1-codex-max' });
    expect(parseOverride('developer_instructions=be brief')).toMatchObject({ path: ['developer_instructions'], value: 'be brief' });
  });

  it('trims the key and the value and keeps later = signs in the value', () => {
    expect(parseOverride(' model = o3 ')).toMatchObject({ path: ['model'], value: 'o3' });
    expect(parseOverride('developer_instructions=a=b')).toMatchObject({ path: ['developer_instructions'], value: 'a=b' });
  });

  it('rejects a spec without key=value or with an empty key segment', () => {
    expect(() => parseOverride('model')).toThrow(UsageError);
    expect(() => parseOverride('=x')).toThrow('-c =x: expected key=value');
    expect(() => parseOverride('a..b=1')).toThrow('empty segment in key "a..b"');
  });
});

describe('applyOverride', () => {
  it('makes intermediate tables for dotted keys without mutating the input', () => {
    const base = { model: 'm', sandbox_workspace_write: { network_access: false, exclude_slash_tmp: true } };
    const out = applyOverride(base, ['sandbox_workspace_write', 'network_access'], true);
    expect(out).toEqual({ model: 'm', sandbox_workspace_write: { network_access: true, exclude_slash_tmp: true } });
    expect(base.sandbox_workspace_write.network_access).toBe(false);
    expect(applyOverride({}, ['a', 'b', 'c'], 1)).toEqual({ a: { b: { c: 1 } } });
  });

  it('replaces a non-table value on the path with a table', () => {
    expect(applyOverride({ a: 'scalar' }, ['a', 'b'], 2)).toEqual({ a: { b: 2 } });
  });
});

describe('-c overrides in parseConfigText', () => {
  it('win over the file and make tables from dotted keys', () => {
    const text = 'model = "file-model"\n[sandbox_workspace_write]\nexclude_slash_tmp = true\n';
    const { config } = parseConfigText(text, '/h/config.toml', ['model=o3', 'sandbox_workspace_write.network_access=true', 'features.personality=false']);
    expect(config).toEqual({
      model: 'o3',
      sandbox_workspace_write: { exclude_slash_tmp: true, network_access: true },
      features: { personality: false },
    });
  });

  it('apply in order, the last one winning', () => {
    expect(parseConfigText('', '/h/config.toml', ['model=a', 'model=b']).config.model).toBe('b');
  });

  it('name the -c that set a wrong value, as a usage error, and the file for its own values', () => {
    expect(() => parseConfigText('', '/h/config.toml', ['model=5'])).toThrow(UsageError);
    expect(() => parseConfigText('', '/h/config.toml', ['model=5'])).toThrow(/^-c model=5: key `model`: .*\(got number 5\)$/);
    expect(() => parseConfigText('', '/h/config.toml', ['sandbox_workspace_write={ network_access = "yes" }'])).toThrow(
      /^-c sandbox_workspace_write=\{ network_access = "yes" \}: key `sandbox_workspace_write.network_access`/,
    );
    expect(() => parseConfigText('model = 5\n', '/h/config.toml', ['approval_policy=never'])).toThrow(ConfigError);
    expect(() => parseConfigText('model = 5\n', '/h/config.toml', ['approval_policy=never'])).toThrow(/^\/h\/config\.toml: key `model`/);
  });
});
