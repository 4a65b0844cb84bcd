// `skills/list` (0.169): the skills a thread in each asked cwd would see. weft finds skills under
// `<home>/skills/` only (see context/skills.ts), so every cwd gets the same list; those under its
// `.system` folder are the system's, the rest the user's. A SKILL.md that was skipped is reported
// with its path and reason. weft reads the disk on every call, so `forceReload` changes nothing.
// Codex's TUI asks for this at start and shows an error when it fails.
import path from 'node:path';
import { findSkills } from '../../context/skills.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

interface SkillEntry {
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly scope: 'user' | 'system';
  readonly enabled: true;
}

export interface SkillsListResult {
  readonly data: ReadonlyArray<{ cwd: string; skills: SkillEntry[]; errors: Array<{ path: string; message: string }> }>;
}

export async function skillsList(ctx: ServerContext, params: { cwds?: string[] | undefined }): Promise<HandlerResult<SkillsListResult>> {
  const home = ctx.base.home;
  const systemRoot = path.join(home, 'skills', '.system') + path.sep;
  const found = await findSkills(home);
  // The list is by name, whatever order the model's skills list takes.
  const byName = [...found.skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
  const skills = byName.map((s): SkillEntry => ({
    name: s.name,
    description: s.description,
    path: s.path,
    scope: s.path.startsWith(systemRoot) ? 'system' : 'user',
    enabled: true,
  }));
  const cwds = params.cwds && params.cwds.length > 0 ? params.cwds : [ctx.options.cwd];
  return { result: { data: cwds.map((cwd) => ({ cwd, skills, errors: found.problems.map((p) => ({ path: p.path, message: p.message })) })) } };
}
