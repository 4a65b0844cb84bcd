// The initial context of one codex-0.169 context window (MANIFEST rules X, D, U): an
// `additional_tools` item for code-mode models, one developer message bundling the developer
// context as parts, the multi-agent v2 messages for v2 threads, and one user message with AGENTS.md
// and the environment. The base-instructions message is not part of it: the body renderer puts it
// in front (see render-body.ts), because Codex keeps it in session_meta rather than in the history.
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import type { InstructionFilters } from '../../../protocol/pack-files.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { deferredToolsText } from '../../context/deferred-tools.js';
import { mcpNamespace } from '../../mcp/mcp-tool-names.js';
import { environmentContextText, localDate, localTimeZone } from '../../context/environment-context.js';
import { filesystemXml } from '../../context/filesystem-profile.js';
import { filterForAbsentTools } from '../../context/instructions-filters.js';
import { permissionsText } from '../../context/permissions.js';
import { skillsInstructionsText } from '../../context/skills-instructions.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import { userInstructionsMessageText } from '../../context/user-instructions.js';
import type { Pack } from '../../pack/load-pack.js';
import { isCodeMode } from './pack.js';
import { additionalToolsId, COLLABORATION_TOOLS, contextMessage, HARNESS, type ContextPart, type ItemMeta } from './items.js';

export interface WindowContextOptions extends ItemMeta {
  /** The thread's multi-agent version, fixed when the thread was created (`v1`, `v2`). */
  readonly multiAgentVersion: string;
  /** Names of the tools the turn offers (instruction filters apply to absent ones). */
  readonly toolNames: ReadonlySet<string>;
  /** App-server resumes and forks leave the configured developer instructions out. */
  readonly includeDeveloperInstructions?: boolean | undefined;
  readonly now?: Date;
  /** A spawned agent's first multi-agent message, in place of the root's (subagent-text.ts). */
  readonly subagentText?: string | undefined;
  /** The agents the thread has spawned (the environment context lists them). */
  readonly subagents?: readonly string[] | undefined;
}

export function permissionsPart(pack: Pack, settings: TurnSettings): ContextPart {
  const text = permissionsText(pack, {
    sandbox: settings.sandbox,
    approvalPolicy: settings.approvalPolicy,
    cwd: settings.cwd,
    tmpdir: settings.tmpdir,
    rootsOrder: 'sorted',
  });
  return { text, kind: 'permissions.instructions', provenance: HARNESS };
}

/** The collaboration-mode part, when the turn's mode carries instructions. */
export function collaborationPart(pack: Pack, settings: TurnSettings, toolNames: ReadonlySet<string>): ContextPart | undefined {
  const instructions = settings.collaborationMode.settings.developer_instructions;
  if (instructions === null || instructions === undefined) return undefined;
  const filtered = filterForAbsentTools(instructions, pack.json<InstructionFilters>('filters.json'), toolNames);
  return { text: pack.render('collaboration_mode/wrapper.md', { instructions: filtered }), kind: 'collaboration_mode.instructions', provenance: HARNESS };
}

export function environmentPart(settings: TurnSettings, now: Date = new Date(), subagents: readonly string[] = []): ContextPart {
  const text = environmentContextText({
    cwd: settings.cwd,
    shell: settings.shell,
    currentDate: localDate(now),
    timezone: localTimeZone(),
    filesystem: filesystemXml(settings.sandbox, settings.cwd),
    subagents,
  });
  return { text, kind: 'environments.environment_context', provenance: HARNESS };
}

/** False for a model without tool_search (the fallback entry): its namespaces are not announced as deferred. */
export function defersTools(model: ModelInfo): boolean {
  return model.supports_search_tool !== false;
}

export function developerBundleParts(pack: Pack, settings: TurnSettings, opts: WindowContextOptions): ContextPart[] {
  const parts: ContextPart[] = [];
  if (settings.developerInstructions !== undefined && (opts.includeDeveloperInstructions ?? true)) {
    parts.push({
      text: settings.developerInstructions,
      kind: 'generic.developer_instructions',
      provenance: { type: 'developer_instructions', from_additional_requirements: false },
    });
  }
  const skills = skillsInstructionsText(pack, settings.skills ?? [], { includeUsage: settings.model.include_skills_usage_instructions ?? false });
  if (skills !== undefined) parts.push({ text: skills, kind: 'host_skills.instructions', provenance: { type: 'skills' } });
  parts.push(permissionsPart(pack, settings));
  const collaboration = collaborationPart(pack, settings, opts.toolNames);
  if (collaboration) parts.push(collaboration);
  if (opts.multiAgentVersion === 'v1' && defersTools(settings.model)) {
    const tools = deferredToolsText(pack, (settings.mcpServers ?? []).map(mcpNamespace));
    if (tools !== undefined) parts.push({ text: tools, kind: 'tools.deferred_namespaces', provenance: { type: 'tool', namespace: 'tool_search' } });
  }
  return parts;
}

export function userContextParts(pack: Pack, settings: TurnSettings, now?: Date, subagents?: readonly string[]): ContextPart[] {
  const parts: ContextPart[] = [];
  if (settings.userInstructions !== undefined) {
    parts.push({
      text: userInstructionsMessageText(pack, settings.cwd, settings.userInstructions),
      kind: 'agents_md.instructions',
      provenance: { type: 'agents_md' },
    });
  }
  parts.push(environmentPart(settings, now, subagents));
  return parts;
}

export function windowContext(pack: Pack, settings: TurnSettings, opts: WindowContextOptions): ResponseItem[] {
  const items: ResponseItem[] = [];
  const v2 = opts.multiAgentVersion === 'v2';
  if (isCodeMode(settings.model)) {
    const tools = [
      ...(pack.has('tools/code_mode/functions.json') ? [pack.json<{ type: string }>('tools/code_mode/functions.json')] : []),
      ...(v2 && pack.has('tools/code_mode/collaboration.json') ? [pack.json<{ type: string }>('tools/code_mode/collaboration.json')] : []),
    ];
    items.push({ type: 'additional_tools', id: additionalToolsId(), role: 'developer', tools });
  }
  items.push(contextMessage('developer', developerBundleParts(pack, settings, opts), opts));
  if (v2) {
    // Codex 0.169 credits these to the collaboration tools' namespace.
    const parts: ReadonlyArray<readonly [string, string]> = [
      ['multi_agent/v2_root.md', 'multi_agent.usage_hint'],
      ['multi_agent/v2_mode_explicit_request_only.md', 'multi_agent.mode_instructions'],
    ];
    for (const [file, kind] of parts) {
      const text = file === 'multi_agent/v2_root.md' && opts.subagentText !== undefined ? opts.subagentText : pack.text(file);
      items.push(contextMessage('developer', [{ text, kind, provenance: COLLABORATION_TOOLS }], opts));
    }
  }
  items.push(contextMessage('user', userContextParts(pack, settings, opts.now, opts.subagents), opts));
  return items;
}
