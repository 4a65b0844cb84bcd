import { beforeAll, describe, expect, it } from 'vitest';
import { userInstructionsMessageText, userInstructionsText } from '../../../src/context/user-instructions.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { loadCodexPack, packWith } from '../../support/packs.js';

let codex: Pack;
/** The Codex pack with distinct separators, so each join shows which separator it used. */
let marked: Pack;
beforeAll(async () => {
  codex = await loadCodexPack();
  marked = packWith(codex, {
    'user_instructions/doc_separator.txt': '<DOC>',
    'user_instructions/project_doc_separator.txt': '<PROJECT>',
    'user_instructions/section_separator.txt': '<SECTION>',
  });
});

const docs = (...texts: string[]) => texts.map((text, i) => ({ path: `/r/${i}/AGENTS.md`, text }));

describe('userInstructionsText separators', () => {
  it('joins global and project docs with project_doc_separator, docs with doc_separator', () => {
    expect(userInstructionsText(marked, { global: 'G', projectDocs: docs('A', 'B'), skillsSection: '' })).toBe('G<PROJECT>A<DOC>B');
  });

  it('uses no project_doc_separator without global instructions', () => {
    expect(userInstructionsText(marked, { projectDocs: docs('A', 'B', 'C'), skillsSection: '' })).toBe('A<DOC>B<DOC>C');
  });

  it('uses no project_doc_separator without project docs', () => {
    expect(userInstructionsText(marked, { global: 'G', projectDocs: [], skillsSection: '' })).toBe('G');
  });

  it('puts section_separator before skills only when something precedes them', () => {
    expect(userInstructionsText(marked, { projectDocs: [], skillsSection: 'S' })).toBe('S');
    expect(userInstructionsText(marked, { global: '', projectDocs: [], skillsSection: 'S' })).toBe('S');
    expect(userInstructionsText(marked, { global: 'G', projectDocs: [], skillsSection: 'S' })).toBe('G<SECTION>S');
    expect(userInstructionsText(marked, { projectDocs: docs('A'), skillsSection: 'S' })).toBe('A<SECTION>S');
    expect(userInstructionsText(marked, { global: 'G', projectDocs: docs('A', 'B'), skillsSection: 'S' })).toBe('G<PROJECT>A<DOC>B<SECTION>S');
  });

  it('is undefined when everything is empty', () => {
    expect(userInstructionsText(marked, { projectDocs: [], skillsSection: '' })).toBeUndefined();
    expect(userInstructionsText(marked, { global: '', projectDocs: [], skillsSection: '' })).toBeUndefined();
  });

  it('uses the Codex separators: blank line between docs, "--- project-doc ---" after global', () => {
    expect(userInstructionsText(codex, { global: 'G', projectDocs: docs('A', 'B'), skillsSection: 'S' })).toBe(
      'G\n\n--- project-doc ---\n\nA\n\nB\n\nS',
    );
  });
});

describe('userInstructionsMessageText', () => {
  it('wraps the text with the cwd', () => {
    expect(userInstructionsMessageText(codex, '/work/repo', 'TEXT')).toBe('# AGENTS.md instructions for /work/repo\n\n<INSTRUCTIONS>\nTEXT\n</INSTRUCTIONS>');
  });
});
