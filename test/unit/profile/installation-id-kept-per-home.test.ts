import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installationId } from '../../../src/profile/codex-0.169/installation-id.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('installation id', () => {
  it('is made once per home, in <home>/installation_id, and read back by later processes', async () => {
    const home = await tempDir();
    const first = await installationId(home);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await readFile(path.join(home, 'installation_id'), 'utf8')).toBe(first);
    expect(await installationId(home)).toBe(first);
  });

  it("uses Codex's file when it is there", async () => {
    const home = await tempDir();
    await writeFile(path.join(home, 'installation_id'), 'D3798D00-3705-44C1-BF06-F1B8BFDFC093\n');
    expect(await installationId(home)).toBe('d3798d00-3705-44c1-bf06-f1b8bfdfc093');
  });

  it('ignores a file that does not hold a UUID', async () => {
    const home = await tempDir();
    await writeFile(path.join(home, 'installation_id'), 'garbage');
    const id = await installationId(home);
    expect(id).not.toBe('garbage');
  });
});
