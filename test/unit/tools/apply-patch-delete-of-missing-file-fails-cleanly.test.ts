import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, patchContext, patchOf, snapshot } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('apply_patch Delete File', () => {
  it('fails cleanly for a file that does not exist: a verification error naming it, nothing else touched', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'other.txt'), 'x\n');
    const before = await snapshot(dir);
    const events: unknown[] = [];
    const result = await applyPatch(patchOf('*** Add File: new.txt', '+n', '*** Delete File: missing.txt'), patchContext(dir, { events: events as never }));
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/^apply_patch verification failed: /);
    expect(result.output).toContain(path.join(dir, 'missing.txt'));
    expect(await snapshot(dir)).toEqual(before);
    expect(events).toEqual([]);
  });

  it('fails for a file the same patch already deleted', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'once.txt'), 'x\n');
    const before = await snapshot(dir);
    const result = await applyPatch(patchOf('*** Delete File: once.txt', '*** Delete File: once.txt'), patchContext(dir));
    expect(result.success).toBe(false);
    expect(await snapshot(dir)).toEqual(before);
  });
});
