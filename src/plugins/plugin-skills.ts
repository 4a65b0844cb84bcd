// A plugin's skills: each SKILL.md under its skills folder, named `<plugin>:<skill>` as Codex names
// plugin skills so they cannot collide with the user's own.
import type { PluginManifest } from '../../protocol/plugins.js';
import { skillsUnder, type Skill } from '../context/skills.js';
import { skillsDirOf } from './plugin-manifest.js';

export async function pluginSkills(pluginName: string, dir: string | undefined, manifest: PluginManifest | undefined): Promise<Skill[]> {
  if (dir === undefined) return [];
  const { skills } = await skillsUnder(skillsDirOf(dir, manifest));
  return skills.map((s) => ({ ...s, name: `${pluginName}:${s.name}` }));
}
