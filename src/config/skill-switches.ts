// Per-skill switches of config.toml as Codex 0.169 keeps them: `[[skills.config]]` entries, each
// naming one skill by `name` or by `path` with `enabled`. Only switched-off skills are listed:
// switching one off replaces the entries of that selector with one `enabled = false` entry, switching
// it on removes them. A skill is on unless an entry naming it (by name or by its SKILL.md path) says off.
import { z } from 'zod';
import type { TomlTable } from './config-overrides.js';

const SkillSwitch = z.object({ name: z.string().optional(), path: z.string().optional(), enabled: z.boolean() }).passthrough();
export type SkillSwitch = z.infer<typeof SkillSwitch>;
export type SkillSelector = { readonly name: string } | { readonly path: string };

/** The entries of `skills.config` that have a valid shape (others are kept as they are, unread). */
export function skillSwitches(table: TomlTable): unknown[] {
  const skills = table.skills;
  const list = skills !== null && typeof skills === 'object' && !Array.isArray(skills) ? (skills as TomlTable).config : undefined;
  return Array.isArray(list) ? list : [];
}

const matches = (entry: unknown, selector: SkillSelector): boolean => {
  const parsed = SkillSwitch.safeParse(entry);
  if (!parsed.success) return false;
  return 'name' in selector ? parsed.data.name === selector.name && parsed.data.path === undefined : parsed.data.path === selector.path;
};

/** The `skills.config` list after switching the selected skill on or off. */
export function switchSkill(entries: readonly unknown[], selector: SkillSelector, enabled: boolean): unknown[] {
  const kept = entries.filter((e) => !matches(e, selector));
  return enabled ? kept : [...kept, { ...selector, enabled: false }];
}

/** Whether a skill found at `path` under `name` is on. */
export function skillEnabled(entries: readonly unknown[], skill: { name: string; path: string }): boolean {
  return !entries.some((e) => {
    const parsed = SkillSwitch.safeParse(e);
    return parsed.success && !parsed.data.enabled && (parsed.data.path === skill.path || (parsed.data.path === undefined && parsed.data.name === skill.name));
  });
}
