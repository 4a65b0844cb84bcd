// A pack may be a stack of directories (weft's own codex-0.169 pack is templates/codex-0.169/ over
// templates/): each file comes from the first directory that has it, is checked like any other, and
// a file no directory has is reported under the top one.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPack } from '../../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../../src/profile/codex-0.98/pack.js';
import { CODEX_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function stack(top: Record<string, string>): Promise<{ upper: string; lower: string }> {
  const base = await tempDir();
  const lower = path.join(base, 'lower');
  const upper = path.join(base, 'upper');
  await cp(CODEX_PACK_DIR, lower, { recursive: true });
  await writeTree(upper, top);
  return { upper, lower };
}

describe('a pack of stacked directories', () => {
  it('takes each file from the top directory that has it, the rest from below', async () => {
    const { upper, lower } = await stack({ 'turn_aborted.md': 'stopped by the user' });
    const pack = await loadPack([upper, lower], codex098PackLayout);
    expect(pack.dir).toBe(upper);
    expect(pack.dirs).toEqual([upper, lower]);
    expect(pack.text('turn_aborted.md')).toBe('stopped by the user');
    expect(pack.text('tool_output/aborted.txt')).toBe('aborted');
  });

  it('checks a file of the top directory as strictly, naming that directory', async () => {
    const { upper, lower } = await stack({ 'turn_aborted.md': 'stopped {{ why }}' });
    await expect(loadPack([upper, lower], codex098PackLayout)).rejects.toThrow(`pack ${upper}: turn_aborted.md uses unknown placeholder {{ why }}`);
  });

  it('names the top directory when no directory has a required file', async () => {
    const { upper } = await stack({ 'turn_aborted.md': 'x' });
    await expect(loadPack([upper], codex098PackLayout)).rejects.toThrow(`pack ${upper}: models.json is missing`);
  });
});
