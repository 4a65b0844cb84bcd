// 0.169's config methods: `config/read` gives the effective configuration with the layer each key
// comes from (versions are sha256 of the layer's key-sorted JSON, as Codex computes them), and the
// writes edit config.toml keeping its comments and keys weft does not know, refusing a stale
// `expectedVersion`, a bad key path, a wrong value or another file with Codex's error shape.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessClient } from '../../support/appserver-client.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeTempDirs();
});

const CONFIG = '# my settings\nmodel = "gpt-5.5" # the model\nsomething_weft_ignores = 1\n\n[tools]\n# search the web\nweb_search = true\n';

async function start(overrides: string[] = [], configProfile?: string, profileText?: string): Promise<{ home: string; file: string }> {
  const root = await tempDir('weft-config-rpc-');
  const home = join(root, 'codex_home');
  const cwd = join(root, 'cwd');
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const file = join(home, 'config.toml');
  await writeFile(file, CONFIG);
  if (configProfile !== undefined && profileText !== undefined) await writeFile(join(home, `${configProfile}.config.toml`), profileText);
  client = new InProcessClient({ env: { HOME: root, CODEX_HOME: home, OPENAI_API_KEY: 'unused', PATH: process.env.PATH ?? '/usr/bin:/bin' }, cwd, runtime: { configOverrides: overrides, configProfile } });
  await client.initialize();
  return { home, file };
}

const sha = (o: unknown) => `sha256:${createHash('sha256').update(JSON.stringify(o)).digest('hex')}`;
type Err = { code: number; message: string; data?: { config_write_error_code?: string } };

describe('config/read', () => {
  it('gives the effective config, each key\'s origin and, when asked, the layers highest first', async () => {
    const { file } = await start(['model_reasoning_effort=high']);
    const r = (await client!.request('config/read', { includeLayers: true })).result as Record<string, any>;
    expect(r.config.model).toBe('gpt-5.5');
    expect(r.config.model_reasoning_effort).toBe('high');
    const userVersion = sha({ model: 'gpt-5.5', something_weft_ignores: 1, tools: { web_search: true } });
    const flagsVersion = sha({ model_reasoning_effort: 'high' });
    expect(r.origins).toEqual({
      model_reasoning_effort: { name: { type: 'sessionFlags' }, version: flagsVersion },
      model: { name: { type: 'user', file, profile: null }, version: userVersion },
      something_weft_ignores: { name: { type: 'user', file, profile: null }, version: userVersion },
      'tools.web_search': { name: { type: 'user', file, profile: null }, version: userVersion },
    });
    expect(r.layers.map((l: { name: { type: string }; version: string }) => [l.name.type, l.version])).toEqual([['sessionFlags', flagsVersion], ['user', userVersion]]);
    const plain = (await client!.request('config/read', {})).result as Record<string, unknown>;
    expect(plain).not.toHaveProperty('layers');
  });

  it('lists a selected profile file as a user layer with its profile name, between the flags and config.toml', async () => {
    const { home, file } = await start(['model_reasoning_effort=high'], 'fast', 'model = "gpt-5.4"\n[tools]\nweb_search = false\n');
    const r = (await client!.request('config/read', { includeLayers: true })).result as Record<string, any>;
    expect(r.config.model).toBe('gpt-5.4');
    expect(r.config.tools).toEqual({ web_search: false });
    expect(r.config.model_reasoning_effort).toBe('high');
    const profile = { type: 'user', file: join(home, 'fast.config.toml'), profile: 'fast' };
    const profileVersion = sha({ model: 'gpt-5.4', tools: { web_search: false } });
    expect(r.origins.model).toEqual({ name: profile, version: profileVersion });
    expect(r.origins['tools.web_search']).toEqual({ name: profile, version: profileVersion });
    expect(r.origins.something_weft_ignores.name).toEqual({ type: 'user', file, profile: null });
    expect(r.layers.map((l: { name: unknown }) => l.name)).toEqual([{ type: 'sessionFlags' }, profile, { type: 'user', file, profile: null }]);
  });

  it('configRequirements/read: no requirements', async () => {
    await start();
    expect((await client!.request('configRequirements/read')).result).toEqual({ requirements: null, supportsIndependentSpeedModes: null });
  });
});

describe('config/value/write and config/batchWrite', () => {
  it('edits the file in place, keeping comments and unknown keys, and answers the new version', async () => {
    const { file } = await start();
    const before = ((await client!.request('config/read', { includeLayers: true })).result as any).layers[0].version as string;
    const w = await client!.request('config/batchWrite', {
      expectedVersion: before,
      edits: [
        { keyPath: 'sandbox_mode', value: 'read-only', mergeStrategy: 'replace' },
        { keyPath: 'tools', value: { view_image: true }, mergeStrategy: 'upsert' },
        { keyPath: 'model', value: 'gpt-5.4', mergeStrategy: 'replace' },
      ],
    });
    expect(w.error).toBeUndefined();
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toContain('model = "gpt-5.4" # the model');
    expect(text).toContain('something_weft_ignores = 1');
    expect(text).toContain('# search the web');
    expect(text).toMatch(/web_search = true/);
    expect(text).toMatch(/view_image = true/);
    expect(text).toMatch(/sandbox_mode = "read-only"/);
    const after = sha({ model: 'gpt-5.4', sandbox_mode: 'read-only', something_weft_ignores: 1, tools: { view_image: true, web_search: true } });
    expect(w.result).toEqual({ status: 'ok', version: after, filePath: file, overriddenMetadata: null });
    expect(((await client!.request('config/read', {})).result as any).config.sandbox_mode).toBe('read-only');
    // Threads opened after the write read the new file.
    const started = await client!.request('thread/start', {});
    expect(started.error, JSON.stringify(started.error)).toBeUndefined();
    expect((started.result as { model: string }).model).toBe('gpt-5.4');

    // A null value removes the key.
    const removed = await client!.request('config/value/write', { keyPath: 'tools.view_image', value: null, mergeStrategy: 'replace' });
    expect(removed.error).toBeUndefined();
    expect(await readFile(file, 'utf8')).not.toMatch(/view_image/);
  });

  it('refuses with config_write_error_code and leaves the file as it was', async () => {
    const { file, home } = await start();
    const refused = async (method: string, params: unknown, code: string) => {
      const r = await client!.request(method, params);
      const error = r.error as Err;
      expect(error.code).toBe(-32600);
      expect(error.data).toEqual({ config_write_error_code: code });
      expect(await readFile(file, 'utf8')).toBe(CONFIG);
      return error.message;
    };
    expect(await refused('config/value/write', { keyPath: 'model', value: 'x', mergeStrategy: 'replace', expectedVersion: 'sha256:00' }, 'configVersionConflict')).toMatch(/changed since/);
    expect(await refused('config/batchWrite', { edits: [{ keyPath: 'model', value: 'x', mergeStrategy: 'replace' }, { keyPath: '', value: 1, mergeStrategy: 'replace' }] }, 'configValidationError')).toMatch(/keyPath must not be empty/);
    await refused('config/value/write', { keyPath: 'tools..web_search', value: true, mergeStrategy: 'replace' }, 'configValidationError');
    expect(await refused('config/value/write', { keyPath: 'sandbox_mode', value: 'bogus', mergeStrategy: 'replace' }, 'configValidationError')).toMatch(/Invalid configuration: .*sandbox_mode/);
    await refused('config/value/write', { keyPath: 'model.deeper', value: 'x', mergeStrategy: 'replace' }, 'configValidationError');
    await refused('config/value/write', { keyPath: 'nope.deep', value: null, mergeStrategy: 'replace' }, 'configPathNotFound');
    await refused('config/value/write', { keyPath: 'model', value: 'x', mergeStrategy: 'replace', filePath: join(home, 'other.toml') }, 'configLayerReadonly');
  });

  it('reports a key the session\'s -c flags still override', async () => {
    await start(['model=gpt-from-flag']);
    const w = await client!.request('config/value/write', { keyPath: 'model', value: 'gpt-5.4', mergeStrategy: 'replace' });
    const r = w.result as { status: string; overriddenMetadata: { effectiveValue: unknown; overridingLayer: { name: { type: string } } } };
    expect(r.status).toBe('okOverridden');
    expect(r.overriddenMetadata.effectiveValue).toBe('gpt-from-flag');
    expect(r.overriddenMetadata.overridingLayer.name).toEqual({ type: 'sessionFlags' });
  });
});
