// `skills/list` (0.169): the skills a thread in each asked cwd would see, found as a thread finds
// them (context/skills.ts: the project's folders from that cwd up, the home's, `~/.agents`, the
// bundled `.system`), each with its scope. A SKILL.md that was skipped is reported with its path and
// reason; a skill switched off in config.toml is listed disabled. weft reads the disk on every
// call, so `forceReload` changes nothing. Codex's TUI asks for
// this at start and shows an error when it fails.
import { readUserConfig } from '../../config/config-layers.js';
import { skillEnabled, skillSwitches } from '../../config/skill-switches.js';
import { findSkills } from '../../context/skills.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';
import { pluginSkillRoots } from '../../plugins/plugin-skill-roots.js';

interface SkillEntry {
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly scope: 'repo' | 'user' | 'system';
  readonly enabled: boolean;
}

export interface SkillsListResult {
  readonly data: ReadonlyArray<{ cwd: string; skills: SkillEntry[]; errors: Array<{ path: string; message: string }> }>;
}

export async function skillsList(ctx: ServerContext, params: { cwds?: string[] | undefined }): Promise<HandlerResult<SkillsListResult>> {
  const cwds = params.cwds && params.cwds.length > 0 ? params.cwds : [ctx.options.cwd];
  const data = await Promise.all(cwds.map(async (cwd) => ({ cwd, ...(await skillsFor(ctx, cwd)) })));
  return { result: { data } };
}

async function skillsFor(ctx: ServerContext, cwd: string): Promise<{ skills: SkillEntry[]; errors: Array<{ path: string; message: string }> }> {
  const pluginRoots = await pluginSkillRoots(ctx.base.home, ctx.base.runtime.config.plugins);
  const found = await findSkills(ctx.base.home, { cwd, userHome: ctx.options.env.HOME, extraRoots: ctx.skillExtraRoots, pluginRoots });
  // The list is by name, whatever order the model's skills list takes.
  const byName = [...found.skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
  // Switched off in config.toml (`[[skills.config]]`, skills/config/write) shows as disabled.
  const switches = skillSwitches((await readUserConfig(ctx.base.home)).table);
  const skills = byName.map((s): SkillEntry => ({ name: s.name, description: s.description, path: s.path, scope: s.scope ?? 'user', enabled: skillEnabled(switches, s) }));
  return { skills, errors: found.problems.map((p) => ({ path: p.path, message: p.message })) };
}
