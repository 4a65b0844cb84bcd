import { describe, expect, it } from 'vitest';
import { applyInstructionFilter, filterForAbsentTools, filterForPersonality } from '../../../src/context/instructions-filters.js';
import type { InstructionFilters } from '../../../protocol/pack-files.js';
import { loadPack0169, model0169, recordedPart, recordedRollout } from '../../support/codex-0169.js';

describe('applyInstructionFilter', () => {
  it('drops each line starting with a listed prefix, its newline included', () => {
    const text = 'keep 1\n- drop me please\nkeep 2\n- drop me too\n';
    expect(applyInstructionFilter(text, { drop_line_prefixes: ['- drop me'] })).toBe('keep 1\nkeep 2\n');
  });

  it('drops a section from its heading up to the next heading of the same or a higher level', () => {
    const text = '# A\na\n## B\nb\n### B1\nb1\n## C\nc\n# D\nd\n';
    expect(applyInstructionFilter(text, { drop_sections: ['## B'] })).toBe('# A\na\n## C\nc\n# D\nd\n');
    expect(applyInstructionFilter(text, { drop_sections: ['# A'] })).toBe('# D\nd\n');
  });

  it('drops a last section up to the end of the text, with or without a final newline', () => {
    expect(applyInstructionFilter('x\n# P\np1\np2', { drop_sections: ['# P'] })).toBe('x\n');
  });

  it('leaves text without a listed heading or prefix byte for byte', () => {
    const text = 'line\n\n  # not a heading at column 0\n## Personality\n';
    expect(applyInstructionFilter(text, { drop_sections: ['# Personality'], drop_line_prefixes: ['nothing'] })).toBe(text);
  });
});

describe('the recorded 0.169 instructions', () => {
  it('session_meta keeps the template; what is sent loses the update_plan checklist line', async () => {
    const pack = await loadPack0169();
    const filters = pack.json<InstructionFilters>('filters.json');
    const template = model0169(pack, 'gpt-5.5').model_messages?.instructions_template ?? '';
    const session = filterForPersonality(template, filters, undefined);
    const meta = recordedRollout('basic')[0]?.payload as { base_instructions: { text: string } };
    expect(session).toBe(meta.base_instructions.text);
    expect(filterForAbsentTools(session, filters, new Set(['exec_command']))).toBe(recordedPart('basic', 0));
  });

  it('personality none removes the # Personality section before the text is recorded', async () => {
    const pack = await loadPack0169();
    const filters = pack.json<InstructionFilters>('filters.json');
    const template = model0169(pack, 'gpt-5.5').model_messages?.instructions_template ?? '';
    const session = filterForPersonality(template, filters, 'none');
    expect(session).not.toContain('# Personality');
    expect(filterForAbsentTools(session, filters, new Set())).toBe(recordedPart('personality_none', 0));
  });

  it('a tool the request offers keeps the text about it', async () => {
    const pack = await loadPack0169();
    const filters = pack.json<InstructionFilters>('filters.json');
    const text = 'a\n- If you create a checklist or task list, update it.\nb\n';
    expect(filterForAbsentTools(text, filters, new Set(['update_plan']))).toBe(text);
    expect(filterForAbsentTools(text, filters, new Set())).toBe('a\nb\n');
  });
});
