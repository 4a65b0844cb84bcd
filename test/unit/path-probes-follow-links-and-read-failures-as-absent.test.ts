import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDirectory, isFile, pathExists } from '../../src/path-probes.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';

afterEach(removeTempDirs);

const isRoot = process.getuid?.() === 0;

describe('path probes', () => {
  it('tell a file, a folder and nothing apart', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'f'), 'x');
    await mkdir(path.join(root, 'd'));
    const probe = async (p: string) => [await pathExists(p), await isFile(p), await isDirectory(p)];
    expect(await probe(path.join(root, 'f'))).toEqual([true, true, false]);
    expect(await probe(path.join(root, 'd'))).toEqual([true, false, true]);
    expect(await probe(path.join(root, 'none'))).toEqual([false, false, false]);
  });

  it('follow symbolic links: a link is what it points to, a dangling link is nothing', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'f'), 'x');
    await mkdir(path.join(root, 'd'));
    await symlink(path.join(root, 'f'), path.join(root, 'to-file'));
    await symlink(path.join(root, 'd'), path.join(root, 'to-dir'));
    await symlink(path.join(root, 'gone'), path.join(root, 'dangling'));
    expect([await pathExists(path.join(root, 'to-file')), await isFile(path.join(root, 'to-file'))]).toEqual([true, true]);
    expect([await pathExists(path.join(root, 'to-dir')), await isDirectory(path.join(root, 'to-dir'))]).toEqual([true, true]);
    expect([await pathExists(path.join(root, 'dangling')), await isFile(path.join(root, 'dangling'))]).toEqual([false, false]);
  });

  it('read a path through a file as absent rather than throwing', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'f'), 'x');
    expect(await pathExists(path.join(root, 'f', 'below'))).toBe(false);
    expect(await isDirectory(path.join(root, 'f', 'below'))).toBe(false);
  });

  it.skipIf(isRoot)('read a folder it may not look into as holding nothing', async () => {
    const root = await tempDir();
    await mkdir(path.join(root, 'closed'));
    await writeFile(path.join(root, 'closed', 'f'), 'x');
    await chmod(path.join(root, 'closed'), 0o000);
    try {
      expect(await pathExists(path.join(root, 'closed', 'f'))).toBe(false);
    } finally {
      await chmod(path.join(root, 'closed'), 0o700);
    }
  });
});
