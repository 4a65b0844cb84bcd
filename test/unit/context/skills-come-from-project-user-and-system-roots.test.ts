// Skills are found where Codex looks (seen by differential testing against both generations): the
// project's `.codex/skills` (cwd up to the repository root), `<codex home>/skills`,
// `$HOME/.agents/skills`, the bundled `<codex home>/skills/.system`, then the project's
// `.agents/skills`. Codex 0.98 lists them repo, user, system; 0.169 system, repo, user; names sort
// within a scope, and 0.169 numbers its roots in that search order.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSkills } from '../../../src/context/skills.js';
import { skillRoots } from '../../../src/context/skills-instructions.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const skill = (name: string): string => `---\nname: ${name}\ndescription: ${name} skill\n---\n`;

async function workspace(): Promise<{ home: string; userHome: string; cwd: string; repo: string }> {
  const ws = await tempDir();
  await writeTree(ws, {
    'repo/.git/HEAD': 'ref: refs/heads/main\n',
    'repo/.codex/skills/beta/SKILL.md': skill('beta'),
    'repo/.agents/skills/gamma/SKILL.md': skill('gamma'),
    'repo/sub/.codex/skills/inner/SKILL.md': skill('inner'),
    'codex_home/skills/zeta/SKILL.md': skill('zeta'),
    'codex_home/skills/alpha/SKILL.md': skill('alpha'),
    'codex_home/skills/.system/creator/SKILL.md': skill('creator'),
    'home/.agents/skills/delta/SKILL.md': skill('delta'),
    'outside/.codex/skills/no/SKILL.md': skill('no'),
  });
  return { home: path.join(ws, 'codex_home'), userHome: path.join(ws, 'home'), cwd: path.join(ws, 'repo', 'sub'), repo: path.join(ws, 'repo') };
}

describe('skill discovery roots', () => {
  it('lists repo, user then system skills (codex-0.98)', async () => {
    const w = await workspace();
    const { skills } = await discoverSkills(w.home, { cwd: w.cwd, userHome: w.userHome, scopeOrder: ['repo', 'user', 'system'] });
    expect(skills.map((s) => s.name)).toEqual(['beta', 'gamma', 'inner', 'alpha', 'delta', 'zeta', 'creator']);
  });

  it('lists system, repo then user skills and numbers roots in search order (codex-0.169)', async () => {
    const w = await workspace();
    const { skills } = await discoverSkills(w.home, { cwd: w.cwd, userHome: w.userHome, scopeOrder: ['system', 'repo', 'user'] });
    expect(skills.map((s) => s.name)).toEqual(['creator', 'beta', 'gamma', 'inner', 'alpha', 'delta', 'zeta']);
    const { roots, listed } = skillRoots(skills);
    expect(roots).toEqual([
      path.join(w.cwd, '.codex', 'skills'),
      path.join(w.repo, '.codex', 'skills'),
      path.join(w.home, 'skills'),
      path.join(w.userHome, '.agents', 'skills'),
      path.join(w.home, 'skills', '.system'),
      path.join(w.repo, '.agents', 'skills'),
    ]);
    expect(listed.map((l) => l.shortPath)).toEqual(['r4/creator/SKILL.md', 'r1/beta/SKILL.md', 'r5/gamma/SKILL.md', 'r0/inner/SKILL.md', 'r2/alpha/SKILL.md', 'r3/delta/SKILL.md', 'r2/zeta/SKILL.md']);
  });

  it('finds only the codex home skills without a cwd', async () => {
    const w = await workspace();
    const { skills } = await discoverSkills(w.home);
    expect(skills.map((s) => s.name)).toEqual(['alpha', 'zeta', 'creator']);
  });
});
