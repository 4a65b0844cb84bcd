import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, patchContext, patchOf } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('apply_patch Move to', () => {
  it('moves an updated file over an existing one (replacing it, as Codex does) and reports M <target>', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'src.txt'), 'keep\nold\n');
    await writeFile(path.join(dir, 'dst.txt'), 'will be replaced\n');
    const result = await applyPatch(patchOf('*** Update File: src.txt', '*** Move to: dst.txt', '@@', ' keep', '-old', '+new'), patchContext(dir));
    expect(result.success).toBe(true);
    expect(result.output).toMatch(/\nM dst.txt\n$/);
    expect(await readFile(path.join(dir, 'dst.txt'), 'utf8')).toBe('keep\nnew\n');
    await expect(readFile(path.join(dir, 'src.txt'))).rejects.toThrow();
  });

  it('moves into a directory that does not exist yet', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.txt'), 'a\n');
    const result = await applyPatch(patchOf('*** Update File: a.txt', '*** Move to: deep/er/b.txt', '@@', '-a', '+b'), patchContext(dir));
    expect(result.success).toBe(true);
    expect(await readFile(path.join(dir, 'deep/er/b.txt'), 'utf8')).toBe('b\n');
  });
});
