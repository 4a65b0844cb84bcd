// Codex 0.171's app-server over 0.169's: `modelProvider/default/set` writes `model_provider` to the
// user's config.toml (answered as a config write, refused as Codex refuses an unconfigured
// provider), `thread/list` takes `includedThreadIds`, the generated 0.171 shapes are what Codex
// 0.171's schema makes (checked against the installed binary, skipped without it), and the schema
// weft exports under 0.171 describes the new method and notification, which 0.169's does not.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompatProfileName } from '../../../protocol/config.js';
import { shapesModule0171 } from '../../../scripts/protocol/shapes-0171.js';
import { codexBinary, codexSchemaDefinitions } from '../../../scripts/protocol/codex-schema.js';
import { schemaFiles } from '../../../src/app-server/schema-export.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let client: InProcessClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeTempDirs();
});

const CONFIG = '# providers\nmodel_provider = "mock" # the local one\n\n[model_providers.mock]\nname = "mock"\nbase_url = "http://127.0.0.1:9/v1"\n\n[model_providers.other]\nname = "other"\nbase_url = "http://127.0.0.1:9/v1"\n';

async function start(compat: CompatProfileName): Promise<{ home: string; file: string }> {
  const root = await tempDir('weft-0171-rpc-');
  const home = join(root, 'codex_home');
  const cwd = join(root, 'cwd');
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const file = join(home, 'config.toml');
  await writeFile(file, CONFIG);
  client = new InProcessClient({ env: { HOME: root, CODEX_HOME: home, OPENAI_API_KEY: 'unused', PATH: process.env.PATH ?? '/usr/bin:/bin' }, cwd, runtime: { compat } });
  await client.initialize();
  return { home, file };
}

type Err = { code: number; message: string; data?: { config_write_error_code?: string } };

describe('modelProvider/default/set (codex-0.171)', () => {
  it('writes model_provider to config.toml, keeping its comments, and answers as a config write', async () => {
    const { file } = await start('codex-0.171');
    const r = await client!.request('modelProvider/default/set', { providerId: 'other' });
    expect(r.error).toBeUndefined();
    const result = r.result as { status: string; version: string; filePath: string; overriddenMetadata: unknown };
    expect(result).toMatchObject({ status: 'ok', filePath: file, overriddenMetadata: null });
    expect(result.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('model_provider = "other" # the local one');
    expect(text).toContain('# providers');
    const read = (await client!.request('config/read', {})).result as { config: { model_provider: string } };
    expect(read.config.model_provider).toBe('other');
  });

  it('takes the built-in openai provider, which needs no table', async () => {
    const { file } = await start('codex-0.171');
    const r = await client!.request('modelProvider/default/set', { providerId: 'openai' });
    expect(r.error).toBeUndefined();
    expect(await readFile(file, 'utf8')).toContain('model_provider = "openai"');
  });

  it('refuses a provider the configuration does not define, writing nothing', async () => {
    const { file } = await start('codex-0.171');
    const r = await client!.request('modelProvider/default/set', { providerId: 'nope' });
    const err = r.error as Err;
    expect(err.code).toBe(-32600);
    expect(err.message).toBe('Model provider `nope` is not configured.');
    expect(err.data).toEqual({ config_write_error_code: 'configValidationError' });
    expect(await readFile(file, 'utf8')).toBe(CONFIG);
  });

  it('refuses params without providerId as Codex deserializes them', async () => {
    await start('codex-0.171');
    const err = (await client!.request('modelProvider/default/set', {})).error as Err;
    expect(err).toMatchObject({ code: -32600, message: 'Invalid request: missing field `providerId`' });
  });

  it('is not a method of 0.169, whose refusal lists only 0.169 methods', async () => {
    await start('codex-0.169');
    const err = (await client!.request('modelProvider/default/set', { providerId: 'other' })).error as Err;
    expect(err.code).toBe(-32600);
    expect(err.message).toContain('unknown variant `modelProvider/default/set`');
    const declared = err.message.slice(err.message.indexOf('expected one of'));
    expect(declared).toContain('`modelProvider/config/write`, `modelProvider/capabilities/read`');
    expect(declared).not.toContain('modelProvider/default/set');
  });
});

describe('thread/list includedThreadIds (codex-0.171)', () => {
  it('an empty list matches nothing, and a bad id is refused', async () => {
    await start('codex-0.171');
    const none = (await client!.request('thread/list', { includedThreadIds: [] })).result as { data: unknown[] };
    expect(none.data).toEqual([]);
    const bad = (await client!.request('thread/list', { includedThreadIds: ['not-a-thread'] })).error as Err;
    expect(bad.code).toBe(-32600);
    expect(bad.message).toContain('includedThreadIds');
  });
});

describe('0.171 protocol shapes', () => {
  const installed = existsSync(codexBinary('0.171.0'));
  it.skipIf(!installed)("protocol/app-server/v0171/generated/shapes.ts is what Codex 0.171's generated schema makes", () => {
    const current = readFileSync(new URL('../../../protocol/app-server/v0171/generated/shapes.ts', import.meta.url), 'utf8');
    expect(current, 'stale: run npx tsx scripts/generate-protocol-0171.ts').toBe(shapesModule0171(codexSchemaDefinitions('0.171.0')));
  });

  it.skipIf(!installed)('every schema file weft writes under codex-0.171 is at a path Codex 0.171 writes', async () => {
    const dir = await tempDir('weft-0171-schema-');
    const { execFileSync } = await import('node:child_process');
    const { readdirSync } = await import('node:fs');
    execFileSync(codexBinary('0.171.0'), ['app-server', 'generate-json-schema', '--out', dir], { stdio: 'pipe' });
    const walk = (d: string, prefix = ''): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
    const theirs = new Set(walk(dir));
    expect(schemaFiles({ generation: 'codex-0.171' }).map((f) => f.file).filter((f) => !theirs.has(f))).toEqual([]);
  });

  it("the exported schema describes 0.171's new method and notification under codex-0.171 only", () => {
    const paths = (compat: CompatProfileName) => new Set(schemaFiles({ generation: compat }).map((f) => f.file));
    const v171 = paths('codex-0.171');
    const v169 = paths('codex-0.169');
    expect(v171.has('v2/ModelProviderDefaultSetParams.json')).toBe(true);
    expect(v171.has('v2/ThreadSearchPartialNotification.json')).toBe(true);
    expect(v169.has('v2/ModelProviderDefaultSetParams.json')).toBe(false);
    expect(v169.has('v2/ThreadSearchPartialNotification.json')).toBe(false);
    const list = schemaFiles({ generation: 'codex-0.171' }).find((f) => f.file === 'v2/ThreadListParams.json');
    expect(JSON.stringify(list?.schema)).toContain('includedThreadIds');
  });
});
