import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PackError } from '../../../src/errors.js';
import { loadPack } from '../../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../../src/profile/codex-0.98/pack.js';
import { CODEX_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function copyWith(files: Record<string, string>): Promise<string> {
  const dir = path.join(await tempDir(), 'pack');
  await cp(CODEX_PACK_DIR, dir, { recursive: true });
  await writeTree(dir, files);
  return dir;
}

describe('unknown placeholders in a pack', () => {
  it('are a PackError naming the file, the placeholder and the allowed ones', async () => {
    const dir = await copyWith({ 'model_switch.md': '<model_switch>{{ instructions }} {{ nope }}</model_switch>' });
    const load = loadPack(dir, codex098PackLayout);
    await expect(load).rejects.toBeInstanceOf(PackError);
    await expect(load).rejects.toThrow(`pack ${dir}: model_switch.md uses unknown placeholder {{ nope }} (allowed: {{ instructions }})`);
  });

  it('are an error in a file that allows none', async () => {
    const dir = await copyWith({ 'tool_output/aborted.txt': 'aborted {{ reason }}' });
    await expect(loadPack(dir, codex098PackLayout)).rejects.toThrow('tool_output/aborted.txt uses unknown placeholder {{ reason }} (allowed: none)');
  });

  it('are an error in a JSON file too', async () => {
    const dir = await copyWith({
      'permissions/writable_roots.json': '{"one":"{{ roots }}","many":"{{ roots }}","item":"{{ path }}","separator":", "}',
    });
    await expect(loadPack(dir, codex098PackLayout)).rejects.toThrow('permissions/writable_roots.json uses unknown placeholder {{ path }}');
  });

  it('do not include text that is not exactly a placeholder', async () => {
    const dir = await copyWith({ 'tool_output/aborted.txt': 'aborted {{KNOWN}} {{ Upper }} {{  spaced }} {x}' });
    const pack = await loadPack(dir, codex098PackLayout);
    expect(pack.text('tool_output/aborted.txt')).toBe('aborted {{KNOWN}} {{ Upper }} {{  spaced }} {x}');
  });
});
