import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseConfigText } from '../../../src/config/load-config.js';
import { ConfigError, UsageError } from '../../../src/errors.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const FILE = '/h/config.toml';

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('a config value of the wrong type', () => {
  it('is a ConfigError naming the key and the file', () => {
    const err = configError(() => parseConfigText('model = 5\n', FILE, []));
    expect(err.key).toBe('model');
    expect(err.file).toBe(FILE);
    expect(err.code).toBe('config');
    expect(err.message).toMatch(/^\/h\/config\.toml: key `model`: .*\(got number 5\)$/);
  });

  it('names a nested key by its dotted path', () => {
    const err = configError(() => parseConfigText('[sandbox_workspace_write]\nnetwork_access = "yes"\n', FILE, []));
    expect(err.key).toBe('sandbox_workspace_write.network_access');
    expect(err.message).toContain('/h/config.toml: key `sandbox_workspace_write.network_access`');
    expect(err.message).toContain('(got "yes")');
  });

  it('rejects a value outside an enum, naming the key', () => {
    const err = configError(() => parseConfigText('approval_policy = "sometimes"\n', FILE, []));
    expect(err.key).toBe('approval_policy');
    expect(err.message).toContain('key `approval_policy`');
  });

  it('rejects a wrong type given through -c, naming the -c and the key (a usage error: no file is at fault)', () => {
    expect(() => parseConfigText('', FILE, ['project_doc_max_bytes=-1'])).toThrow(UsageError);
    expect(() => parseConfigText('', FILE, ['project_doc_max_bytes=-1'])).toThrow(/^-c project_doc_max_bytes=-1: key `project_doc_max_bytes`/);
  });
});

describe('invalid TOML', () => {
  it('is a ConfigError naming the file', () => {
    const err = configError(() => parseConfigText('model = \n', FILE, []));
    expect(err.file).toBe(FILE);
    expect(err.message.startsWith('/h/config.toml: not valid TOML: ')).toBe(true);
  });

  it('from config.toml on disk names that file', async () => {
    const home = await tempDir();
    const file = path.join(home, 'config.toml');
    await writeFile(file, '[unclosed\n');
    await expect(loadConfig({ home })).rejects.toThrow(`${file}: not valid TOML`);
    await expect(loadConfig({ home })).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('loadConfig', () => {
  it('treats a missing config.toml as empty', async () => {
    const home = await tempDir();
    expect(await loadConfig({ home })).toEqual({ file: path.join(home, 'config.toml'), exists: false, config: {}, warnings: [] });
  });
});
