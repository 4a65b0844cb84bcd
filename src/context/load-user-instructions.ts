// Gathering the AGENTS.md message text for a cwd: global instructions, project docs and skills,
// with every warning collected for the caller to print (the skills' apart: Codex 0.169 shows the
// AGENTS.md ones as items of its exec stream, and not those). Profiles that list skills in a part of their
// own (codex-0.169) ask for the text without them and get the skills apart.
import type { ConfigToml } from '../../protocol/config.js';
import type { Pack } from '../pack/load-pack.js';
import { discoverProjectDocs, readGlobalInstructions } from './agents-md.js';
import { discoverSkills, skillsSection, type PluginSkillRoot, type Skill, type SkillScope } from './skills.js';
import { userInstructionsText } from './user-instructions.js';

export async function loadUserInstructions(
  pack: Pack,
  home: string,
  cwd: string,
  config: ConfigToml,
  opts: { skillsInline?: boolean; userHome?: string | undefined; skillScopeOrder?: readonly SkillScope[]; pluginRoots?: readonly PluginSkillRoot[] } = {},
): Promise<{ text: string | undefined; skills: Skill[]; warnings: string[]; skillWarnings: string[] }> {
  const [global, project, skills] = await Promise.all([
    readGlobalInstructions(home),
    discoverProjectDocs(cwd, { maxBytes: config.project_doc_max_bytes, fallbackFilenames: config.project_doc_fallback_filenames }),
    discoverSkills(home, { cwd, userHome: opts.userHome, ...(opts.skillScopeOrder ? { scopeOrder: opts.skillScopeOrder } : {}), ...(opts.pluginRoots ? { pluginRoots: opts.pluginRoots } : {}) }),
  ]);
  const text = userInstructionsText(pack, {
    global: global.text,
    projectDocs: project.docs,
    skillsSection: (opts.skillsInline ?? true) ? skillsSection(pack, skills.skills) : '',
  });
  return { text, skills: skills.skills, warnings: [...global.warnings, ...project.warnings], skillWarnings: skills.warnings };
}
