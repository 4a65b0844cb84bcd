import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, codexPatchTexts, patchContext, patchOf, snapshot } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('apply_patch is all or nothing', () => {
  it('writes nothing when the second file of a patch does not apply, and says which lines were missing', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'one.txt': 'alpha\nbeta\n', 'two.txt': 'gamma\ndelta\n', 'gone.txt': 'bye\n' });
    const before = await snapshot(dir);
    const patch = patchOf(
      '*** Add File: new/added.txt',
      '+fresh',
      '*** Update File: one.txt',
      '@@',
      '-alpha',
      '+ALPHA',
      '*** Delete File: gone.txt',
      '*** Update File: two.txt',
      '@@',
      ' not here',
      '-delta',
      '+DELTA',
    );
    const result = await applyPatch(patch, patchContext(dir));
    expect(result.success).toBe(false);
    expect(result.output).toBe(
      codexPatchTexts.failed({ kind: 'lines_not_found', path: path.join(dir, 'two.txt'), lines: ['not here', 'delta'] }),
    );
    expect(result.output).toBe(`apply_patch verification failed: Failed to find expected lines in ${dir}/two.txt:\nnot here\ndelta`);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('puts back every file already written when a later write fails', async () => {
    const dir = await tempDir();
    // `blocker` is a file, so `blocker/x.txt` cannot be created: the failure comes after one.txt was written.
    await writeTree(dir, { 'one.txt': 'alpha\n', blocker: 'a file\n' });
    const before = await snapshot(dir);
    const patch = patchOf('*** Update File: one.txt', '@@', '-alpha', '+ALPHA', '*** Add File: blocker/x.txt', '+x');
    const result = await applyPatch(patch, patchContext(dir));
    expect(result.success).toBe(false);
    expect(result.output).toContain(path.join(dir, 'blocker/x.txt'));
    expect(await snapshot(dir)).toEqual(before);
  });

  it('applies a whole multi-file patch and lists added, then modified, then deleted files', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'one.txt': 'alpha\nbeta\n', 'gone.txt': 'bye\n' });
    const patch = patchOf('*** Delete File: gone.txt', '*** Update File: one.txt', '@@', ' alpha', '-beta', '+BETA', '*** Add File: sub/new.txt', '+n');
    const result = await applyPatch(patch, patchContext(dir));
    expect(result.success).toBe(true);
    expect(result.output).toMatch(/^Exit code: 0\nWall time: [0-9.]+ seconds\nOutput:\nSuccess. Updated the following files:\nA sub\/new.txt\nM one.txt\nD gone.txt\n$/);
    expect(await readFile(path.join(dir, 'one.txt'), 'utf8')).toBe('alpha\nBETA\n');
    expect(await readFile(path.join(dir, 'sub/new.txt'), 'utf8')).toBe('n\n');
    await expect(readFile(path.join(dir, 'gone.txt'))).rejects.toThrow();
  });

  it('sees its own earlier hunks when two hunks touch the same file', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'f.txt'), 'a\nb\n');
    const patch = patchOf('*** Update File: f.txt', '@@', '-a', '+A', '*** Update File: f.txt', '@@', '-A', '+AA');
    const result = await applyPatch(patch, patchContext(dir));
    expect(result.success).toBe(true);
    expect(await readFile(path.join(dir, 'f.txt'), 'utf8')).toBe('AA\nb\n');
  });
});
