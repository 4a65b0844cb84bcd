// Skills discovery: every SKILL.md under `<home>/skills/` (hidden folders such as `.system`
// included), described by its front matter `name` and `description`. A SKILL.md without usable
// front matter is skipped with a warning. A skill's `agents/openai.yaml` may say that the model must
// not pick it by itself (`policy.allow_implicit_invocation: false`); profiles that list only
// implicitly usable skills (codex-0.169) leave those out. globby and yaml are loaded on first use:
// opening a thread looks for skills, importing weft or listing threads does not, and together they
// weigh megabytes of memory.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Pack } from '../pack/load-pack.js';

export interface Skill {
  readonly name: string;
  readonly description: string;
  /** Absolute path of the SKILL.md. */
  readonly path: string;
  /** False when the skill's agents/openai.yaml forbids implicit invocation; absent when it allows it. */
  readonly allowImplicitInvocation?: false;
}

type ParseYaml = (text: string) => unknown;

const FrontMatter = z.looseObject({ name: z.string().min(1), description: z.string() });
const AgentsPolicy = z.looseObject({ policy: z.looseObject({ allow_implicit_invocation: z.boolean().optional() }).optional() });

/** `policy.allow_implicit_invocation` of the skill's agents/openai.yaml; absent or unreadable: allowed. */
async function allowsImplicitInvocation(skillFile: string, parseYaml: ParseYaml): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(path.join(path.dirname(skillFile), 'agents', 'openai.yaml'), 'utf8');
  } catch {
    return true;
  }
  try {
    const parsed = AgentsPolicy.safeParse(parseYaml(text));
    return parsed.success ? parsed.data.policy?.allow_implicit_invocation !== false : true;
  } catch {
    return true;
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** A SKILL.md that was skipped, and why. */
export interface SkillProblem {
  readonly path: string;
  readonly message: string;
}

export async function discoverSkills(home: string): Promise<{ skills: Skill[]; warnings: string[] }> {
  const found = await findSkills(home);
  return { skills: found.skills, warnings: found.problems.map((p) => `${p.path}: ${p.message}`) };
}

/** Every skill under `<home>/skills/`, and each SKILL.md skipped with its reason. */
export async function findSkills(home: string): Promise<{ skills: Skill[]; problems: SkillProblem[] }> {
  const root = path.join(home, 'skills');
  // No skills folder, no search: globby alone takes a noticeable part of a one-shot `weft exec`.
  if (!(await isDirectory(root))) return { skills: [], problems: [] };
  const { globby } = await import('globby');
  const files = await globby('**/SKILL.md', { cwd: root, dot: true, absolute: true, followSymbolicLinks: true, suppressErrors: true });
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  if (files.length === 0) return { skills, problems };
  const { parse: parseYaml } = await import('yaml');
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      problems.push({ path: file, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); skill skipped` });
      continue;
    }
    const parsed = parseFrontMatter(text, parseYaml);
    const meta = parsed === undefined ? undefined : FrontMatter.safeParse(parsed);
    if (!meta?.success) {
      problems.push({ path: file, message: 'front matter needs `name` and `description`; skill skipped' });
      continue;
    }
    skills.push({
      name: meta.data.name,
      description: meta.data.description,
      path: path.normalize(file),
      ...((await allowsImplicitInvocation(file, parseYaml)) ? {} : { allowImplicitInvocation: false as const }),
    });
  }
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
  return { skills, problems };
}

function parseFrontMatter(text: string, parseYaml: ParseYaml): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(body);
  if (!match) return undefined;
  try {
    return parseYaml(match[1] as string);
  } catch {
    return undefined;
  }
}

/** The skills list section of the AGENTS.md message; empty when there are no skills. */
export function skillsSection(pack: Pack, skills: readonly Skill[]): string {
  if (skills.length === 0) return '';
  const lines = skills.map((s) => pack.render('skills/list_item.md', { name: s.name, description: s.description, path: s.path }));
  return pack.render('skills/section.md', { skills: lines.join(pack.text('skills/list_separator.txt')) });
}
