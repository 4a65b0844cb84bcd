import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverProjectDocs, readGlobalInstructions } from '../../../src/context/agents-md.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('AGENTS.override.md wins within a directory', () => {
  it('reads AGENTS.override.md instead of AGENTS.md', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.override.md': 'override text', 'AGENTS.md': 'plain text' });
    const result = await discoverProjectDocs(cwd);
    expect(result).toEqual({ docs: [{ path: path.join(cwd, 'AGENTS.override.md'), text: 'override text' }], warnings: [] });
  });

  it('reads AGENTS.md when there is no override', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.md': 'plain text' });
    const result = await discoverProjectDocs(cwd);
    expect(result.docs).toEqual([{ path: path.join(cwd, 'AGENTS.md'), text: 'plain text' }]);
  });

  it('beats the fallback names too', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.override.md': 'override text', 'CLAUDE.md': 'fallback text' });
    const result = await discoverProjectDocs(cwd, { fallbackFilenames: ['CLAUDE.md'] });
    expect(result.docs.map((d) => d.text)).toEqual(['override text']);
  });

  it('is chosen per directory: an override in the root does not hide AGENTS.md in the cwd', async () => {
    const root = await tempDir();
    await writeTree(root, { '.git': null, 'AGENTS.override.md': 'root override', 'AGENTS.md': 'root plain', 'sub/AGENTS.md': 'sub plain' });
    const result = await discoverProjectDocs(path.join(root, 'sub'));
    expect(result.docs.map((d) => d.text)).toEqual(['root override', 'sub plain']);
  });

  it('ignores a directory named AGENTS.override.md', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.override.md': null, 'AGENTS.md': 'plain text' });
    expect((await discoverProjectDocs(cwd)).docs.map((d) => d.text)).toEqual(['plain text']);
  });
});

describe('global instructions in the home directory', () => {
  it('prefers AGENTS.override.md and trims the text', async () => {
    const home = await tempDir();
    await writeTree(home, { 'AGENTS.override.md': '\n  global override \n\n', 'AGENTS.md': 'global plain' });
    expect(await readGlobalInstructions(home)).toEqual({ text: 'global override', warnings: [] });
  });

  it('reads AGENTS.md without an override, and gives nothing for an empty file or none', async () => {
    const home = await tempDir();
    expect(await readGlobalInstructions(home)).toEqual({ warnings: [] });
    await writeTree(home, { 'AGENTS.md': 'global plain\n' });
    expect(await readGlobalInstructions(home)).toEqual({ text: 'global plain', warnings: [] });
    await writeTree(home, { 'AGENTS.override.md': '  \n' });
    expect(await readGlobalInstructions(home)).toEqual({ warnings: [] });
  });
});
