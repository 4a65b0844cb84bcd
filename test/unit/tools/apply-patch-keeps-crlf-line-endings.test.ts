import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, patchContext, patchOf } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('apply_patch line endings', () => {
  it('keeps a CRLF file CRLF: untouched lines as they were, new lines with CRLF', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'win.txt');
    await writeFile(file, 'one\r\ntwo\r\nthree\r\n');
    const result = await applyPatch(patchOf('*** Update File: win.txt', '@@', ' one', '-two', '+TWO', '+two and a half', ' three'), patchContext(dir));
    expect(result.success).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('one\r\nTWO\r\ntwo and a half\r\nthree\r\n');
  });

  it('keeps the ending of each line outside the chunk in a mixed file and gives an unterminated last line one', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'mixed.txt');
    await writeFile(file, 'a\r\nb\nc\nd');
    await applyPatch(patchOf('*** Update File: mixed.txt', '@@', ' a', '+inserted'), patchContext(dir));
    expect(await readFile(file, 'utf8')).toBe('a\r\ninserted\r\nb\nc\nd\r\n');
  });

  it('leaves an LF file LF', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'unix.txt');
    await writeFile(file, 'x\ny\n');
    await applyPatch(patchOf('*** Update File: unix.txt', '@@', '-y', '+Y'), patchContext(dir));
    expect(await readFile(file, 'utf8')).toBe('x\nY\n');
  });
});
