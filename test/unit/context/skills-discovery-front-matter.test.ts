import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoverSkills, skillsSection } from '../../../src/context/skills.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { loadCodexPack } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\nBody of ${name}.\n`;

describe('discoverSkills', () => {
  it('finds SKILL.md files, nested or bundled (.system), user skills before bundled ones, by front-matter name, with absolute paths', async () => {
    const home = await tempDir();
    await writeTree(home, {
      'skills/aaa/SKILL.md': skill('zeta', 'last by name'),
      'skills/.system/builtin/SKILL.md': skill('alpha', 'hidden folder skill'),
      'skills/nested/deeper/SKILL.md': skill('mid', 'nested skill'),
      'skills/other/README.md': 'not a skill',
    });
    const result = await discoverSkills(home);
    expect(result).toEqual({
      skills: [
        { name: 'mid', description: 'nested skill', path: path.join(home, 'skills', 'nested', 'deeper', 'SKILL.md'), root: path.join(home, 'skills'), rootRank: 0, scope: 'user' },
        { name: 'zeta', description: 'last by name', path: path.join(home, 'skills', 'aaa', 'SKILL.md'), root: path.join(home, 'skills'), rootRank: 0, scope: 'user' },
        {
          name: 'alpha',
          description: 'hidden folder skill',
          path: path.join(home, 'skills', '.system', 'builtin', 'SKILL.md'),
          root: path.join(home, 'skills', '.system'),
          rootRank: 1,
          scope: 'system',
        },
      ],
      warnings: [],
    });
    for (const s of result.skills) expect(path.isAbsolute(s.path)).toBe(true);
  });

  it('skips a SKILL.md with bad front matter, with a warning naming the file', async () => {
    const home = await tempDir();
    await writeTree(home, {
      'skills/good/SKILL.md': skill('good', 'works'),
      'skills/none/SKILL.md': '# no front matter\n',
      'skills/nodesc/SKILL.md': '---\nname: nodesc\n---\n',
      'skills/badyaml/SKILL.md': '---\nname: [unclosed\ndescription: x\n---\n',
    });
    const result = await discoverSkills(home);
    expect(result.skills.map((s) => s.name)).toEqual(['good']);
    const reason = 'front matter needs `name` and `description`; skill skipped';
    expect([...result.warnings].sort()).toEqual(
      ['badyaml', 'none', 'nodesc'].map((dir) => `${path.join(home, 'skills', dir, 'SKILL.md')}: ${reason}`).sort(),
    );
  });

  it('accepts CRLF front matter and a leading BOM', async () => {
    const home = await tempDir();
    await writeTree(home, {
      'skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: windows lines\r\n---\r\nbody\r\n',
      'skills/bom/SKILL.md': `\uFEFF${skill('bom', 'with bom')}`,
    });
    const result = await discoverSkills(home);
    expect(result.skills.map((s) => [s.name, s.description])).toEqual([
      ['bom', 'with bom'],
      ['crlf', 'windows lines'],
    ]);
  });

  it('gives nothing, without warnings, when there is no skills folder', async () => {
    const home = await tempDir();
    expect(await discoverSkills(home)).toEqual({ skills: [], warnings: [] });
  });
});

describe('skillsSection', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await loadCodexPack();
  });

  it('lists each skill as "- name: description (file: path)", one per line', () => {
    const section = skillsSection(pack, [
      { name: 'a', description: 'first', path: '/h/skills/a/SKILL.md' },
      { name: 'b', description: 'second', path: '/h/skills/b/SKILL.md' },
    ]);
    expect(section.startsWith('## Skills\n')).toBe(true);
    expect(section).toContain('### Available skills\n- a: first (file: /h/skills/a/SKILL.md)\n- b: second (file: /h/skills/b/SKILL.md)\n### How to use skills\n');
  });

  it('is empty without skills', () => {
    expect(skillsSection(pack, [])).toBe('');
  });
});
