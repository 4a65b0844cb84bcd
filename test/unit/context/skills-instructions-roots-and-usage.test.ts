import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSkills } from '../../../src/context/skills.js';
import { skillRoots, skillsInstructionsText } from '../../../src/context/skills-instructions.js';
import { CODEX_0169_DIR, loadPack0169, recordedPart } from '../../support/codex-0169.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

/** The scenario's files under {{CODEX_HOME}}, written into `home`. */
async function installScenarioSkills(scenario: string, home: string): Promise<void> {
  const s = JSON.parse(readFileSync(`${CODEX_0169_DIR}scenarios/${scenario}/scenario.json`, 'utf8')) as { files: Record<string, string> };
  const files: Record<string, string> = {};
  for (const [p, text] of Object.entries(s.files)) if (p.startsWith('{{CODEX_HOME}}/')) files[p.slice('{{CODEX_HOME}}/'.length)] = text;
  await writeTree(home, files);
}

describe('skills discovery', () => {
  it('marks a skill whose agents/openai.yaml forbids implicit invocation', async () => {
    const home = await tempDir();
    await writeTree(home, {
      'skills/a/SKILL.md': '---\nname: a\ndescription: first\n---\n',
      'skills/b/SKILL.md': '---\nname: b\ndescription: second\n---\n',
      'skills/b/agents/openai.yaml': 'policy:\n  allow_implicit_invocation: false\n',
      'skills/c/SKILL.md': '---\nname: c\ndescription: third\n---\n',
      'skills/c/agents/openai.yaml': 'interface:\n  display_name: C\n',
    });
    const { skills } = await discoverSkills(home);
    expect(skills.map((s) => [s.name, s.allowImplicitInvocation])).toEqual([
      ['a', undefined],
      ['b', false],
      ['c', undefined],
    ]);
  });
});

describe('skillsInstructionsText', () => {
  it('numbers roots by first appearance and lists short paths under them', () => {
    const { roots, listed } = skillRoots([
      { name: 'a', description: '', path: '/h/skills/.system/a/SKILL.md' },
      { name: 'b', description: '', path: '/h/skills/mine/b/SKILL.md' },
      { name: 'c', description: '', path: '/h/skills/.system/c/SKILL.md' },
    ]);
    expect(roots).toEqual(['/h/skills/.system', '/h/skills/mine']);
    expect(listed.map((l) => l.shortPath)).toEqual(['r0/a/SKILL.md', 'r1/b/SKILL.md', 'r0/c/SKILL.md']);
  });

  it('reproduces the recorded part: roots table, implicit skills only, usage for gpt-5.5', async () => {
    const home = await tempDir();
    await installScenarioSkills('agents_md', home);
    const { skills } = await discoverSkills(home);
    expect(skills.map((s) => s.name)).toContain('review-agent');
    const pack = await loadPack0169();
    const text = skillsInstructionsText(pack, skills, { includeUsage: true });
    expect(text?.split(home).join('{{CODEX_HOME}}')).toBe(recordedPart('agents_md', 1, 1));
    expect(text).not.toContain('review-agent');
  });

  it('leaves the usage text out for a model without include_skills_usage_instructions', async () => {
    const home = await tempDir();
    await installScenarioSkills('model_switch', home);
    const pack = await loadPack0169();
    const text = skillsInstructionsText(pack, (await discoverSkills(home)).skills, { includeUsage: false });
    expect(text?.split(home).join('{{CODEX_HOME}}')).toBe(recordedPart('model_switch', 2, 0, 3));
  });

  it('gives no part when no skill may be used implicitly', async () => {
    const pack = await loadPack0169();
    const only = [{ name: 'x', description: 'd', path: path.join('/h', 'skills', 'x', 'SKILL.md'), allowImplicitInvocation: false as const }];
    expect(skillsInstructionsText(pack, only, { includeUsage: true })).toBeUndefined();
    expect(skillsInstructionsText(pack, [], { includeUsage: true })).toBeUndefined();
  });
});
