// The `world_state` rollout line of codex-0.169: a snapshot of what the context told the model (AGENTS
// text, skills, permissions, environment, deferred tools…), some parts by value and some as
// fingerprints. Codex compares it with the present on resume and tells the model only what changed,
// so a rollout without it (or with a wrong fingerprint) makes Codex repeat the context.
import { createHash } from 'node:crypto';
import type { DeferredNamespaces } from '../../../protocol/pack-files.js';
import { localDate, localTimeZone, subagentsXml } from '../../context/environment-context.js';
import { filesystemXml, workspaceRoots } from '../../context/filesystem-profile.js';
import { skillsInstructionsText } from '../../context/skills-instructions.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { Pack } from '../../pack/load-pack.js';
import { collaborationPart, defersTools, permissionsPart } from './initial-context.js';

/** Codex's fingerprint of a rendered context fragment: SHA-1 over a tag, the role and the text. */
export function fragmentHash(role: string, text: string): string {
  const hash = createHash('sha1');
  hash.update('codex-world-state-fragment-v1\0');
  for (const value of [role, text.replace(/\r\n/g, '\n')]) {
    const bytes = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(bytes.length));
    hash.update(length);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * A wrapped fragment's body as Codex records it: the text between its opening and closing tags,
 * newlines included (the pack's wrapper puts one on each side of its placeholder).
 */
function unwrap(pack: Pack, wrapperFile: string, text: string): string {
  const wrapper = pack.text(wrapperFile);
  const cut = wrapper.indexOf('{{ ');
  const end = wrapper.indexOf(' }}', cut);
  if (cut < 0 || end < 0) return text;
  const before = wrapper.slice(0, cut);
  const after = wrapper.slice(end + 3);
  return text.startsWith(before) && text.endsWith(after) ? `\n${text.slice(before.length, text.length - after.length)}\n` : text;
}

export interface WorldStateInput {
  readonly settings: TurnSettings;
  readonly multiAgentVersion: string;
  readonly toolNames: ReadonlySet<string>;
  /** The base instructions the history holds (a code-mode model's window records them). */
  readonly windowInstructions?: string | undefined;
  /** What a code-mode window offers, by fingerprint (top-level-tools.ts). */
  readonly topLevelTools?: Readonly<Record<string, string>> | undefined;
  /** Multi-agent v2: the usage hint the window gave the agent (the root's or a spawned agent's text). */
  readonly multiAgentUsageHint?: string | undefined;
  /** The agents the thread spawned (canonical paths, in spawn order). */
  readonly subagents?: readonly string[] | undefined;
  readonly now?: Date;
}

export function worldState(pack: Pack, input: WorldStateInput): Record<string, unknown> {
  const { settings } = input;
  const skills = skillsInstructionsText(pack, settings.skills ?? [], { includeUsage: settings.model.include_skills_usage_instructions ?? false });
  const collaboration =
    collaborationPart(pack, settings, input.toolNames)?.text ?? pack.render('collaboration_mode/wrapper.md', { instructions: '' });
  const tools = input.multiAgentVersion === 'v1' && defersTools(settings.model) ? pack.json<DeferredNamespaces>('tools_message/deferred_namespaces.json') : {};
  const now = input.now ?? new Date();
  // Multi-agent v2 records the mode its instructions name (weft's pack gives the explicit-request-only
  // mode) and the fingerprint of the usage hint; v1 records neither.
  const hint = input.multiAgentVersion === 'v2' && input.multiAgentUsageHint !== undefined ? fragmentHash('developer', input.multiAgentUsageHint) : undefined;
  // Keys in Codex's (sorted) order.
  return {
    agents_md: settings.userInstructions !== undefined ? { directory: settings.cwd, text: settings.userInstructions } : {},
    apps_instructions: false,
    collaboration_mode: { mode: settings.collaborationMode.mode, model: settings.model.slug, instructions: fragmentHash('developer', collaboration) },
    context_window_guidance: '',
    environments: {
      environments: { local: { cwd: settings.cwd, status: 'available', shell: settings.shell } },
      current_date: localDate(now),
      timezone: localTimeZone(),
      filesystem: filesystemXml(settings.sandbox, settings.cwd),
      // Once the thread has spawned agents: each as an empty element naming it, one a line.
      ...(input.subagents !== undefined && input.subagents.length > 0 ? { subagents: subagentsXml(input.subagents) } : {}),
    },
    environments_instructions: false,
    git_attribution: false,
    host_skills: { body: skills === undefined ? '' : unwrap(pack, 'skills/wrapper.md', skills), includeInstructions: true },
    managed_developer_instructions: {},
    model:
      input.windowInstructions === undefined
        ? settings.model.slug
        : { model: settings.model.slug, instructions: fragmentHash('developer', input.windowInstructions) },
    multi_agent_mode: hint === undefined ? {} : { mode: 'explicitRequestOnly', usage_hint_hash: hint },
    ...(hint === undefined ? {} : { multi_agent_usage_hint: hint }),
    permissions: { instructions: fragmentHash('developer', permissionsPart(pack, settings).text), approved_command_prefixes: [] },
    persistent_mode: {},
    plugins_instructions: false,
    realtime: { active: false },
    skills: { includeInstructions: true },
    // No deferred tools: the key is left out, as Codex leaves it.
    ...(Object.keys(tools).length > 0 ? { tools } : {}),
    ...(input.topLevelTools !== undefined ? { top_level_tools: input.topLevelTools } : {}),
  };
}

/** Workspace roots as session_meta and thread settings list them. */
export function runtimeWorkspaceRoots(settings: TurnSettings): string[] {
  return workspaceRoots(settings.sandbox, settings.cwd);
}
