import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { candidateNames, discoverProjectDocs } from '../../../src/context/agents-md.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

describe('candidateNames', () => {
  it('puts the override and AGENTS.md first, then the fallbacks in configured order', () => {
    expect(candidateNames(['B.md', 'A.md'])).toEqual(['AGENTS.override.md', 'AGENTS.md', 'B.md', 'A.md']);
  });

  it('drops blank and repeated fallback names', () => {
    expect(candidateNames(['', '  ', 'AGENTS.md', 'X.md', 'X.md'])).toEqual(['AGENTS.override.md', 'AGENTS.md', 'X.md']);
    expect(candidateNames()).toEqual(['AGENTS.override.md', 'AGENTS.md']);
  });
});

describe('fallback file names', () => {
  it('are used when neither AGENTS.override.md nor AGENTS.md exists', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'CLAUDE.md': 'fallback text' });
    const result = await discoverProjectDocs(cwd, { fallbackFilenames: ['CLAUDE.md'] });
    expect(result).toEqual({ docs: [{ path: path.join(cwd, 'CLAUDE.md'), text: 'fallback text' }], warnings: [] });
  });

  it('are not used when AGENTS.md exists', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'AGENTS.md': 'agents text', 'CLAUDE.md': 'fallback text' });
    const result = await discoverProjectDocs(cwd, { fallbackFilenames: ['CLAUDE.md'] });
    expect(result.docs.map((d) => d.text)).toEqual(['agents text']);
  });

  it('are tried in configured order, first existing one wins', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'FIRST.md': 'first', 'SECOND.md': 'second' });
    expect((await discoverProjectDocs(cwd, { fallbackFilenames: ['SECOND.md', 'FIRST.md'] })).docs.map((d) => d.text)).toEqual(['second']);
    expect((await discoverProjectDocs(cwd, { fallbackFilenames: ['FIRST.md', 'SECOND.md'] })).docs.map((d) => d.text)).toEqual(['first']);
    expect((await discoverProjectDocs(cwd, { fallbackFilenames: ['MISSING.md', 'SECOND.md'] })).docs.map((d) => d.text)).toEqual(['second']);
  });

  it('are ignored unless configured', async () => {
    const cwd = await tempDir();
    await writeTree(cwd, { 'CLAUDE.md': 'fallback text' });
    expect(await discoverProjectDocs(cwd)).toEqual({ docs: [], warnings: [] });
  });
});
