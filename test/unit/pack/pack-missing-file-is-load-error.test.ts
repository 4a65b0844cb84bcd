import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PackError } from '../../../src/errors.js';
import { loadPack } from '../../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../../src/profile/codex-0.98/pack.js';
import { CODEX_PACK_DIR, WEFT_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function copyOfCodexPack(): Promise<string> {
  const dir = path.join(await tempDir(), 'pack');
  await cp(CODEX_PACK_DIR, dir, { recursive: true });
  return dir;
}

async function packError(dir: string): Promise<PackError> {
  try {
    await loadPack(dir, codex098PackLayout);
  } catch (err) {
    if (err instanceof PackError) return err;
    throw err;
  }
  throw new Error('expected a PackError');
}

describe('loading a pack with the codex-0.98 layout', () => {
  it("loads Codex's recorded pack", async () => {
    const pack = await loadPack(CODEX_PACK_DIR, codex098PackLayout);
    expect(pack.layout).toBe('codex-0.98');
    for (const spec of codex098PackLayout.files) if (!spec.optional) expect(pack.has(spec.path)).toBe(true);
    expect(pack.text('tool_output/aborted.txt')).toBe('aborted');
  });

  it("loads weft's own templates/ pack", async () => {
    const pack = await loadPack(WEFT_PACK_DIR, codex098PackLayout);
    expect(pack.layout).toBe('codex-0.98');
    for (const spec of codex098PackLayout.files) if (!spec.optional) expect(pack.has(spec.path)).toBe(true);
  });

  it('keeps file bytes exactly, CRLF included', async () => {
    const dir = await copyOfCodexPack();
    await writeTree(dir, { 'turn_aborted.md': 'line one\r\nline two\r\n' });
    const pack = await loadPack(dir, codex098PackLayout);
    expect(pack.text('turn_aborted.md')).toBe('line one\r\nline two\r\n');
  });
});

describe('a pack missing a file', () => {
  it('is a PackError naming the missing file', async () => {
    const dir = await copyOfCodexPack();
    await rm(path.join(dir, 'personality', 'spec_update.md'));
    const err = await packError(dir);
    expect(err.code).toBe('pack');
    expect(err.file).toBe(path.join(dir, 'personality', 'spec_update.md'));
    expect(err.message).toBe(`pack ${dir}: personality/spec_update.md is missing (layout codex-0.98 needs it)`);
  });

  it('names a missing JSON file too', async () => {
    const dir = await copyOfCodexPack();
    await rm(path.join(dir, 'models.json'));
    expect((await packError(dir)).message).toContain('models.json is missing');
  });

  it('is a PackError for a pack directory that does not exist', async () => {
    const dir = path.join(await tempDir(), 'nowhere');
    expect((await packError(dir)).message).toContain(`pack ${dir}: `);
  });
});

describe('a pack with a malformed JSON file', () => {
  it('is a PackError naming the file when the JSON does not parse', async () => {
    const dir = await copyOfCodexPack();
    await writeTree(dir, { 'permissions/network_access.json': '{ "enabled": ' });
    const err = await packError(dir);
    expect(err.file).toBe(path.join(dir, 'permissions', 'network_access.json'));
    expect(err.message).toContain('permissions/network_access.json is not valid JSON');
  });

  it('is a PackError naming the file and field when the shape is wrong', async () => {
    const dir = await copyOfCodexPack();
    await writeTree(dir, { 'permissions/network_access.json': '{ "enabled": "on" }' });
    const err = await packError(dir);
    expect(err.message).toContain('permissions/network_access.json has the wrong shape at restricted');
  });
});
