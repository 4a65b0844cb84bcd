import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DOC_MAX_BYTES, discoverProjectDocs } from '../../../src/context/agents-md.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const isRoot = process.getuid?.() === 0;

describe('project_doc_max_bytes budget', () => {
  it('defaults to 32 KiB', () => {
    expect(DEFAULT_PROJECT_DOC_MAX_BYTES).toBe(32768);
  });

  it('is shared across files: a later file is cut to what is left, never splitting a UTF-8 character', async () => {
    const root = await tempDir();
    // 'xyé€z' is 8 bytes: x y (1+1) é (2) € (3) z (1). 5 bytes remain after 'abcdef', which would end
    // inside '€', so the cut steps back to 'xyé' (4 bytes).
    await writeTree(root, { '.git': null, 'AGENTS.md': 'abcdef', 'sub/AGENTS.md': 'xyé€z' });
    const cut = path.join(root, 'sub', 'AGENTS.md');
    const result = await discoverProjectDocs(path.join(root, 'sub'), { maxBytes: 11 });
    expect(result.docs).toEqual([
      { path: path.join(root, 'AGENTS.md'), text: 'abcdef' },
      { path: cut, text: 'xyé' },
    ]);
    expect(result.warnings).toEqual([`${cut}: cut to 4 of 8 bytes by project_doc_max_bytes (11)`]);
  });

  it('skips every file after the budget is used up, with one warning naming the first (Codex 0.169 gives one)', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': null, 'AGENTS.md': '0123456789', 'a/AGENTS.md': 'second', 'a/b/AGENTS.md': 'third' });
    const cwd = path.join(root, 'a', 'b');
    const result = await discoverProjectDocs(cwd, { maxBytes: 4 });
    expect(result.docs).toEqual([{ path: path.join(root, 'AGENTS.md'), text: '0123' }]);
    expect(result.warnings).toEqual([
      `${path.join(root, 'AGENTS.md')}: cut to 4 of 10 bytes by project_doc_max_bytes (4)`,
      `${path.join(root, 'a', 'AGENTS.md')}: skipped with the docs below it, the project_doc_max_bytes budget is used up`,
    ]);
  });

  it('reads a file that fits exactly without a warning, and skips the next one with a warning', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': null, 'AGENTS.md': 'exact', 'sub/AGENTS.md': 'late' });
    const result = await discoverProjectDocs(path.join(root, 'sub'), { maxBytes: 5 });
    expect(result.docs.map((d) => d.text)).toEqual(['exact']);
    expect(result.warnings).toEqual([`${path.join(root, 'sub', 'AGENTS.md')}: skipped with the docs below it, the project_doc_max_bytes budget is used up`]);
  });

  it('gives no docs and no warnings with a budget of 0', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.md': 'ignored' });
    expect(await discoverProjectDocs(cwd, { maxBytes: 0 })).toEqual({ docs: [], warnings: [] });
  });

  it.skipIf(isRoot)('warns about an unreadable file and goes on with the next directory', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': null, 'AGENTS.md': 'locked', 'sub/AGENTS.md': 'readable' });
    const locked = path.join(root, 'AGENTS.md');
    await chmod(locked, 0o000);
    try {
      const result = await discoverProjectDocs(path.join(root, 'sub'));
      expect(result.docs.map((d) => d.text)).toEqual(['readable']);
      expect(result.warnings).toEqual([`${locked}: cannot be read (EACCES); skipped`]);
    } finally {
      await chmod(locked, 0o644);
    }
  });
});
