// The `<skills_instructions>` part (codex-0.169): skills listed with short paths against a table of
// skill roots, instead of absolute paths inside the AGENTS.md message. A root is the folder that holds
// skills (see skillRootsFor); roots are numbered `r0, r1…` in Codex's search order, counting only
// roots that hold a listed skill.
// Skills the model must not pick by itself are left out; the usage text is added per model.
import path from 'node:path';
import type { Pack } from '../pack/load-pack.js';
import type { Skill } from './skills.js';

export interface SkillsInstructionsOptions {
  /** The model's `include_skills_usage_instructions`. */
  readonly includeUsage: boolean;
}

interface ListedSkill {
  readonly skill: Skill;
  readonly shortPath: string;
}

/** Roots in search order, and each skill's `r<i>/<path from its root>`. */
export function skillRoots(skills: readonly Skill[]): { roots: string[]; listed: ListedSkill[] } {
  // A skill found without a root (built by hand) counts the folder holding its folder as one.
  const rootOf = (s: Skill): string => s.root ?? path.dirname(path.dirname(s.path));
  const ranked = skills.map((s, i) => ({ root: rootOf(s), rank: s.rootRank ?? Number.MAX_SAFE_INTEGER, first: i }));
  ranked.sort((a, b) => a.rank - b.rank || a.first - b.first);
  const roots = [...new Set(ranked.map((r) => r.root))];
  const listed = skills.map((skill) => {
    const root = rootOf(skill);
    const index = roots.indexOf(root);
    const relative = path.relative(root, skill.path).split(path.sep).join('/');
    return { skill, shortPath: `r${index}/${relative}` };
  });
  return { roots, listed };
}

/** The part's text, or undefined when no skill is listed. */
export function skillsInstructionsText(pack: Pack, skills: readonly Skill[], opts: SkillsInstructionsOptions): string | undefined {
  const usable = skills.filter((s) => s.allowImplicitInvocation !== false);
  if (usable.length === 0) return undefined;
  const { roots, listed } = skillRoots(usable);
  const rootLines = roots.map((root, index) =>
    pack.render('skills/root_item.md', { alias: pack.render('skills/root_alias.md', { index: String(index) }), path: root }),
  );
  const skillLines = listed.map(({ skill, shortPath }) =>
    pack.render('skills/list_item.md', { name: skill.name, description: skill.description, path: shortPath }),
  );
  let section = pack.render('skills/section.md', {
    roots: rootLines.join(pack.text('skills/root_separator.txt')),
    skills: skillLines.join(pack.text('skills/list_separator.txt')),
  });
  if (opts.includeUsage) section += pack.text('skills/usage_separator.txt') + pack.text('skills/usage.md');
  return pack.render('skills/wrapper.md', { section });
}
