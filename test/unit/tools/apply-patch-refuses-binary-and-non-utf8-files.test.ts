import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, patchContext, patchOf, snapshot, weftPatchTexts } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('apply_patch on files that are not text', () => {
  for (const [name, bytes] of [
    ['non-UTF-8 (Latin-1)', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
    ['binary (NUL bytes)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x0a])],
  ] as const) {
    it(`refuses to update a ${name} file with a clear error and leaves it byte for byte`, async () => {
      const dir = await tempDir();
      const file = path.join(dir, 'data.bin');
      await writeFile(file, bytes);
      const before = await snapshot(dir);
      const result = await applyPatch(patchOf('*** Update File: data.bin', '@@', '-caf', '+cafe'), patchContext(dir, { texts: weftPatchTexts }));
      expect(result).toEqual({ output: weftPatchTexts.failed({ kind: 'not_text', path: file }), success: false });
      expect(result.output).toContain('not a UTF-8 text file');
      expect(await snapshot(dir)).toEqual(before);
      expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
    });
  }
});
