// An installed, enabled plugin's skills join the thread's skills as Codex 0.169 loads them (observed
// with a real `codex exec` on a mock): named `<plugin>:<skill>`, user scope (sorted by name among
// the user's own), from a root that is the marketplace's plugin cache folder, numbered after the
// bundled `.system` root and before the project's `.agents/skills`. A plugin switched off or not
// installed contributes nothing.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findSkills } from '../../../src/context/skills.js';
import { skillRoots } from '../../../src/context/skills-instructions.js';
import { pluginSkillRoots } from '../../../src/plugins/plugin-skill-roots.js';
import { writeMarketplace } from '../../support/plugin-marketplace.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

function skill(dir: string, name: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${name} skill\n---\nbody\n`);
}

describe('installed plugin skills', () => {
  it('are user skills named <plugin>:<skill> under the marketplace cache root, between .system and .agents/skills', async () => {
    const root = await tempDir('weft-plugin-skills-');
    const home = join(root, 'codex_home');
    const cwd = join(root, 'cwd');
    const mkt = await writeMarketplace(join(root, 'mkt'));
    cpSync(join(mkt.root, 'plugins', 'alpha'), join(home, 'plugins', 'cache', 'local-mkt', 'alpha', '1.2.3'), { recursive: true });
    cpSync(join(mkt.root, 'plugins', 'alpha'), join(home, 'plugins', 'cache', 'local-mkt', 'off', 'local'), { recursive: true });
    skill(join(home, 'skills'), 'aaa');
    skill(join(home, 'skills'), 'zeta');
    skill(join(home, 'skills', '.system'), 'sys');
    skill(join(cwd, '.agents', 'skills'), 'rrr');

    const pluginRoots = await pluginSkillRoots(home, { 'alpha@local-mkt': { enabled: true }, 'off@local-mkt': { enabled: false }, 'beta@local-mkt': { enabled: true } });
    const cacheRoot = join(home, 'plugins', 'cache', 'local-mkt');
    expect(pluginRoots).toEqual([{ root: cacheRoot, plugins: [{ plugin: 'alpha', dir: join(cacheRoot, 'alpha', '1.2.3', 'skills') }] }]);

    const { skills } = await findSkills(home, { cwd, scopeOrder: ['system', 'repo', 'user'], pluginRoots });
    expect(skills.map((s) => s.name)).toEqual(['sys', 'rrr', 'aaa', 'alpha:hello', 'zeta']);
    expect(skills.find((s) => s.name === 'alpha:hello')?.scope).toBe('user');
    const { roots, listed } = skillRoots(skills);
    expect(roots).toEqual([join(home, 'skills'), join(home, 'skills', '.system'), cacheRoot, join(cwd, '.agents', 'skills')]);
    expect(listed.find((l) => l.skill.name === 'alpha:hello')?.shortPath).toBe('r2/alpha/1.2.3/skills/hello/SKILL.md');
  });

  it('reads nothing when config.toml names no plugin', async () => {
    const home = await tempDir('weft-plugin-skills-');
    expect(await pluginSkillRoots(home, undefined)).toEqual([]);
    expect(await pluginSkillRoots(home, { '../x@y': { enabled: true } })).toEqual([]);
  });
});
