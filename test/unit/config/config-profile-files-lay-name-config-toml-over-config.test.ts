// codex-0.169's configuration profiles: `--profile NAME` lays NAME.config.toml, beside config.toml,
// over it table by table, under the `-c` flags. The older ways are refused, not silently ignored:
// the `profile` key (in the file or a `-c`), and `--profile NAME` while config.toml still has
// `[profiles.NAME]`. Checked against the real Codex 0.169 (scripts/differential.ts, variants
// 0.169-profile*).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfigText, type ConfigProfileOptions, type ParseConfigOptions } from '../../../src/config/load-config.js';
import { configuredHome } from '../../../src/engine/configured-profile.js';
import { ConfigError, UsageError } from '../../../src/errors.js';

let home: string;
let file: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'weft-profile-files-'));
  file = path.join(home, 'config.toml');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const BASE = ['model = "base-model"', 'approval_policy = "never"', '[model_providers.mock]', 'name = "Mock"', 'base_url = "http://127.0.0.1:1/v1"', ''].join('\n');
const files = (name?: string): ParseConfigOptions => ({ profile: { name, styleFor: () => 'files' } });
const thrown = (f: () => unknown): Error => {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  throw new Error('nothing was thrown');
};

describe('--profile NAME under the files style', () => {
  it('lays NAME.config.toml over config.toml table by table, and -c over both', () => {
    writeFileSync(path.join(home, 'fast.config.toml'), 'model = "fast-model"\nmodel_reasoning_effort = "low"\n[model_providers.mock]\nname = "Renamed"\n');
    const loaded = parseConfigText(BASE, file, ['model_reasoning_effort=high'], files('fast'));
    expect(loaded.config.model).toBe('fast-model');
    expect(loaded.config.model_reasoning_effort).toBe('high');
    expect(loaded.config.approval_policy).toBe('never');
    // Merged key by key: the provider keeps the base_url config.toml gave it.
    expect(loaded.config.model_providers?.['mock']).toMatchObject({ name: 'Renamed', base_url: 'http://127.0.0.1:1/v1' });
    expect(loaded.profileFile).toMatchObject({ name: 'fast', file: path.join(home, 'fast.config.toml') });
  });

  it('selects nothing more when NAME.config.toml does not exist', () => {
    const loaded = parseConfigText(BASE, file, [], files('absent'));
    expect(loaded.config.model).toBe('base-model');
    expect(loaded.profileFile).toBeUndefined();
  });

  it('ignores a [profiles.x] table no --profile names', () => {
    writeFileSync(path.join(home, 'other.config.toml'), 'model = "other-model"\n');
    const text = `${BASE}[profiles.fast]\nmodel = "fast-model"\n`;
    expect(parseConfigText(text, file, [], files()).config.model).toBe('base-model');
    expect(parseConfigText(text, file, [], files('other')).config.model).toBe('other-model');
  });

  it('refuses --profile NAME while config.toml still has [profiles.NAME], naming the file to move it to', () => {
    const err = thrown(() => parseConfigText(`${BASE}[profiles.fast]\nmodel = "x"\n`, file, [], files('fast')));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toContain('[profiles.fast]');
    expect(err.message).toContain(path.join(home, 'fast.config.toml'));
  });

  it('refuses the profile key, as a config error in the file and a usage error in a -c', () => {
    const inFile = thrown(() => parseConfigText(`profile = "fast"\n${BASE}`, file, [], files()));
    expect(inFile).toBeInstanceOf(ConfigError);
    expect((inFile as ConfigError).key).toBe('profile');
    expect(inFile.message).toContain('--profile fast');
    const inFlag = thrown(() => parseConfigText(BASE, file, ['profile=fast'], files()));
    expect(inFlag).toBeInstanceOf(UsageError);
    expect(inFlag.message).toMatch(/^-c profile=fast: /);
  });

  it('refuses a name that is not a plain file name stem', () => {
    for (const name of ['../x', 'a/b', '', 'fast.config', 'a b', 'é']) {
      expect(thrown(() => parseConfigText(BASE, file, [], files(name))), name).toBeInstanceOf(UsageError);
    }
    expect(() => parseConfigText(BASE, file, [], files('my-work_2'))).not.toThrow();
  });

  it('names the profile file in its unknown-key warnings, its wrong values and its TOML errors', () => {
    writeFileSync(path.join(home, 'odd.config.toml'), 'bogus_key = 1\n');
    const loaded = parseConfigText(`other_bogus = 2\n${BASE}`, file, [], files('odd'));
    const profileFile = path.join(home, 'odd.config.toml');
    expect(loaded.warnings).toEqual([`${file}: unknown key \`other_bogus\` ignored`, `${profileFile}: unknown key \`bogus_key\` ignored`]);
    writeFileSync(profileFile, 'model_reasoning_effort = 5\n');
    const wrong = thrown(() => parseConfigText(BASE, file, [], files('odd')));
    expect(wrong).toBeInstanceOf(ConfigError);
    expect(wrong.message).toMatch(new RegExp(`^${profileFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: key \`model_reasoning_effort\``));
    writeFileSync(profileFile, 'model_reasoning_effort =\n');
    expect(thrown(() => parseConfigText(BASE, file, [], files('odd'))).message).toMatch(/odd\.config\.toml: not valid TOML/);
  });

  it('refuses a profile file whose compat names a generation that reads profiles another way', () => {
    const byGeneration: ConfigProfileOptions = { name: 'old', styleFor: (compat) => (compat === 'codex-0.98' ? 'tables' : 'files') };
    writeFileSync(path.join(home, 'old.config.toml'), 'compat = "codex-0.98"\n');
    const err = thrown(() => parseConfigText(BASE, file, [], { profile: byGeneration }));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).key).toBe('compat');
    // Naming the generation already in effect changes nothing.
    writeFileSync(path.join(home, 'old.config.toml'), 'compat = "codex-0.169"\n');
    expect(parseConfigText(BASE, file, [], { profile: byGeneration }).config.compat).toBe('codex-0.169');
  });
});

describe('the style follows the generation in effect', () => {
  it('the default (codex-0.171, as codex-0.169) reads profile files, codex-0.98 reads [profiles.x] tables', async () => {
    writeFileSync(file, `${BASE}[profiles.fast]\nmodel = "table-model"\n`);
    writeFileSync(path.join(home, 'fast.config.toml'), 'model = "file-model"\n');
    const env = { HOME: home };
    const old = await configuredHome({ env, home, configProfile: 'fast', compat: 'codex-0.98' });
    expect(old.config.model).toBe('table-model');
    writeFileSync(file, `compat = "codex-0.98"\n${BASE}[profiles.fast]\nmodel = "table-model"\n`);
    expect((await configuredHome({ env, home, configProfile: 'fast' })).config.model).toBe('table-model');
    writeFileSync(file, BASE);
    const today = await configuredHome({ env, home, configProfile: 'fast' });
    expect(today.compat).toBe('codex-0.171');
    expect(today.config.model).toBe('file-model');
  });
});
