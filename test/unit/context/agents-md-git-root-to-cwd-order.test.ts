import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverProjectDocs, findGitRoot, searchDirectories } from '../../../src/context/agents-md.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('project doc search order', () => {
  it('reads from the git root down to the cwd, root first', async () => {
    const outer = await tempDir();
    const root = path.join(outer, 'repo');
    await writeTree(outer, {
      'AGENTS.md': 'above the repo',
      'repo/.git': null,
      'repo/AGENTS.md': 'root doc',
      'repo/a/AGENTS.md': 'a doc',
      'repo/a/b/AGENTS.md': 'b doc',
    });
    const cwd = path.join(root, 'a', 'b');
    expect(await searchDirectories(cwd)).toEqual([root, path.join(root, 'a'), cwd]);
    const result = await discoverProjectDocs(cwd);
    expect(result.docs).toEqual([
      { path: path.join(root, 'AGENTS.md'), text: 'root doc' },
      { path: path.join(root, 'a', 'AGENTS.md'), text: 'a doc' },
      { path: path.join(cwd, 'AGENTS.md'), text: 'b doc' },
    ]);
  });

  it('treats a .git file (a worktree) as the root marker', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': 'gitdir: /elsewhere\n', 'AGENTS.md': 'root doc', 'sub/AGENTS.md': 'sub doc' });
    expect(await findGitRoot(path.join(root, 'sub'))).toBe(root);
    expect((await discoverProjectDocs(path.join(root, 'sub'))).docs.map((d) => d.text)).toEqual(['root doc', 'sub doc']);
  });

  it('reads only the cwd when there is no .git above it', async () => {
    const outer = await tempDir();
    // Guard: the temp area itself must not be inside a git checkout.
    expect(await findGitRoot(outer)).toBeUndefined();
    await writeTree(outer, { 'AGENTS.md': 'parent doc', 'child/AGENTS.md': 'child doc' });
    const cwd = path.join(outer, 'child');
    expect(await searchDirectories(cwd)).toEqual([cwd]);
    expect((await discoverProjectDocs(cwd)).docs).toEqual([{ path: path.join(cwd, 'AGENTS.md'), text: 'child doc' }]);
  });

  it('skips directories without a doc and files that are empty after trimming', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': null, 'AGENTS.md': '  \n\t\n', 'a/keep': '', 'a/b/AGENTS.md': 'deep doc\n' });
    const result = await discoverProjectDocs(path.join(root, 'a', 'b'));
    expect(result).toEqual({ docs: [{ path: path.join(root, 'a', 'b', 'AGENTS.md'), text: 'deep doc\n' }], warnings: [] });
  });

  it('keeps a doc text as it is (not trimmed)', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.md': '\n  indented\n\n' });
    expect((await discoverProjectDocs(cwd)).docs[0]?.text).toBe('\n  indented\n\n');
  });
});
