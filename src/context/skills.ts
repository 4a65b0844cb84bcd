// Skills discovery: every SKILL.md under the skill roots (skillRootsFor: the project's, the user's,
// the bundled `.system` ones), described by its front matter `name` and `description`. A SKILL.md without usable
// front matter is skipped with a warning. A skill's `agents/openai.yaml` may say that the model must
// not pick it by itself (`policy.allow_implicit_invocation: false`); profiles that list only
// implicitly usable skills (codex-0.169) leave those out. globby and yaml are loaded on first use:
// opening a thread looks for skills, importing weft or listing threads does not, and together they
// weigh megabytes of memory.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Pack } from '../pack/load-pack.js';
import { isDirectory } from '../path-probes.js';
import { searchDirectories } from './agents-md.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

export interface Skill {
  readonly name: string;
  readonly description: string;
  /** Absolute path of the SKILL.md. */
  readonly path: string;
  /** False when the skill's agents/openai.yaml forbids implicit invocation; absent when it allows it. */
  readonly allowImplicitInvocation?: false;
  /** The skill root it was found under, that root's place in the search order, and its scope. */
  readonly root?: string;
  readonly rootRank?: number;
  readonly scope?: SkillScope;
}

type ParseYaml = (text: string) => unknown;

const FrontMatter = lazySchema(() => z.looseObject({ name: z.string().min(1), description: z.string() }));
const AgentsPolicy = lazySchema(() => z.looseObject({ policy: z.looseObject({ allow_implicit_invocation: z.boolean().optional() }).optional() }));

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

/** Where a skill comes from; the generations list the scopes in different orders. */
export type SkillScope = 'repo' | 'user' | 'system';

/** A folder searched for skills, in Codex's order (the order 0.169 numbers its roots in). */
export interface SkillRoot {
  readonly dir: string;
  readonly scope: SkillScope;
  /** A root of installed plugins (`<home>/plugins/cache/<marketplace>`): only these skills folders, each skill named `<plugin>:<name>`. */
  readonly plugins?: readonly PluginSkillDir[];
}

/** The skills folder of one installed, enabled plugin. */
export interface PluginSkillDir {
  readonly plugin: string;
  readonly dir: string;
}

/** The installed plugins of one marketplace, under its plugin cache folder. */
export interface PluginSkillRoot {
  readonly root: string;
  readonly plugins: readonly PluginSkillDir[];
}

/**
 * The skill roots of a thread, as Codex searches them: the project's `.codex/skills` folders (from
 * the cwd up to the repository root), `<home>/skills`, `$HOME/.agents/skills`, the bundled
 * `<home>/skills/.system`, the installed plugins' (user skills, by marketplace), then the project's
 * `.agents/skills` folders (cwd upwards).
 */
export async function skillRootsFor(
  home: string,
  opts: { cwd?: string | undefined; userHome?: string | undefined; extraRoots?: readonly string[]; pluginRoots?: readonly PluginSkillRoot[] } = {},
): Promise<SkillRoot[]> {
  const project = opts.cwd === undefined ? [] : (await searchDirectories(opts.cwd)).reverse();
  const roots: SkillRoot[] = [
    ...project.map((dir) => ({ dir: path.join(dir, '.codex', 'skills'), scope: 'repo' as const })),
    { dir: path.join(home, 'skills'), scope: 'user' },
    ...(opts.userHome ? [{ dir: path.join(opts.userHome, '.agents', 'skills'), scope: 'user' as const }] : []),
    ...(opts.extraRoots ?? []).map((dir) => ({ dir, scope: 'user' as const })),
    { dir: path.join(home, 'skills', SYSTEM_DIR), scope: 'system' },
    ...(opts.pluginRoots ?? []).map((r) => ({ dir: r.root, scope: 'user' as const, plugins: r.plugins })),
    ...project.map((dir) => ({ dir: path.join(dir, '.agents', 'skills'), scope: 'repo' as const })),
  ];
  return roots.filter((r, i) => roots.findIndex((o) => o.dir === r.dir) === i);
}

const SYSTEM_DIR = '.system';

export interface DiscoverOptions {
  /** The thread's cwd: its project's skill folders are searched too. */
  readonly cwd?: string | undefined;
  /** The user's home (`$HOME`), for `~/.agents/skills`. */
  readonly userHome?: string | undefined;
  /** The order of scopes in the list (names sort within a scope); default repo, user, system. */
  readonly scopeOrder?: readonly SkillScope[];
  /** More folders of user skills (an app-server client's `skills/extraRoots/set`). */
  readonly extraRoots?: readonly string[];
  /** The installed, enabled plugins' skills folders (src/plugins/plugin-skill-roots.ts). */
  readonly pluginRoots?: readonly PluginSkillRoot[];
}

/** A SKILL.md that was skipped, and why. */
export interface SkillProblem {
  readonly path: string;
  readonly message: string;
}

export async function discoverSkills(home: string, opts: DiscoverOptions = {}): Promise<{ skills: Skill[]; warnings: string[] }> {
  const found = await findSkills(home, opts);
  return { skills: found.skills, warnings: found.problems.map((p) => `${p.path}: ${p.message}`) };
}

/** Every skill under the skill roots, and each SKILL.md skipped with its reason. */
export async function findSkills(home: string, opts: DiscoverOptions = {}): Promise<{ skills: Skill[]; problems: SkillProblem[] }> {
  const roots: SkillRoot[] = [];
  for (const root of await skillRootsFor(home, opts)) if (await isDirectory(root.dir)) roots.push(root);
  // No skills folder, no search: globby alone takes a noticeable part of a one-shot `weft exec`.
  if (roots.length === 0) return { skills: [], problems: [] };
  const { globby } = await import('globby');
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  let parseYaml: ParseYaml | undefined;
  for (const [rank, root] of roots.entries()) {
    // `<home>/skills/.system` is a root of its own, not part of the user's.
    const ignore = root.dir === path.join(home, 'skills') ? [`${SYSTEM_DIR}/**`] : [];
    const folders = root.plugins ?? [{ plugin: undefined, dir: root.dir }];
    for (const folder of folders) {
      const files = await globby('**/SKILL.md', { cwd: folder.dir, dot: true, absolute: true, followSymbolicLinks: true, suppressErrors: true, ignore });
      if (files.length === 0) continue;
      parseYaml ??= (await import('yaml')).parse as ParseYaml;
      for (const file of files.sort()) {
        const skill = await readSkill(file, parseYaml, problems);
        const name = skill && folder.plugin !== undefined ? `${folder.plugin}:${skill.name}` : skill?.name;
        if (skill && name !== undefined) skills.push({ ...skill, name, root: root.dir, rootRank: rank, scope: root.scope });
      }
    }
  }
  const order = opts.scopeOrder ?? ['repo', 'user', 'system'];
  const rank = (s: Skill): number => order.indexOf(s.scope ?? 'user');
  skills.sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
  return { skills, problems };
}

/** The skills of every SKILL.md under `dir` (a plugin's skills folder), sorted by path, read as discovery reads them. */
export async function skillsUnder(dir: string): Promise<{ skills: Skill[]; problems: SkillProblem[] }> {
  if (!(await isDirectory(dir))) return { skills: [], problems: [] };
  const { globby } = await import('globby');
  const files = await globby('**/SKILL.md', { cwd: dir, dot: true, absolute: true, followSymbolicLinks: false, suppressErrors: true });
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  if (files.length === 0) return { skills, problems };
  const parseYaml = (await import('yaml')).parse as ParseYaml;
  for (const file of files.sort()) {
    const skill = await readSkill(file, parseYaml, problems);
    if (skill) skills.push(skill);
  }
  return { skills, problems };
}

async function readSkill(file: string, parseYaml: ParseYaml, problems: SkillProblem[]): Promise<Skill | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    problems.push({ path: file, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); skill skipped` });
    return undefined;
  }
  const parsed = parseFrontMatter(text, parseYaml);
  const meta = parsed === undefined ? undefined : FrontMatter.safeParse(parsed);
  if (!meta?.success) {
    problems.push({ path: file, message: 'front matter needs `name` and `description`; skill skipped' });
    return undefined;
  }
  return {
    name: meta.data.name,
    description: meta.data.description,
    path: path.normalize(file),
    ...((await allowsImplicitInvocation(file, parseYaml)) ? {} : { allowImplicitInvocation: false as const }),
  };
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
