// What a new thread starts from: its turn settings, its BaseInstructions and its initial context.
// Shared by `weft prompt` (which only prints the first body) and by thread start.
import type { Personality } from '../../protocol/config.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import { resolveTurnSettings, type SettingsOverrides } from '../config/resolve-settings.js';
import { resolveBaseInstructions } from '../context/base-instructions.js';
import { loadUserInstructions } from '../context/load-user-instructions.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { userShell } from '../context/user-shell.js';
import type { Runtime } from './runtime.js';
import { pluginSkillRoots } from '../plugins/plugin-skill-roots.js';

export interface ThreadContextInput {
  readonly cwd: string;
  readonly overrides: SettingsOverrides;
  /** The resumed thread's session_meta instructions, when resuming. */
  readonly sessionInstructions?: string | undefined;
  /** Base instructions for this thread only, over the configured ones (a review's guidelines). */
  readonly instructions?: string | undefined;
}

export interface ThreadContext {
  readonly settings: TurnSettings;
  readonly baseInstructions: string;
  readonly initialContext: ResponseItem[];
  readonly warnings: string[];
}

export async function turnSettingsFor(rt: Runtime, input: ThreadContextInput): Promise<{ settings: TurnSettings; warnings: string[]; skillWarnings: string[] }> {
  const cwd = input.overrides.cwd ?? input.cwd;
  const user = await loadUserInstructions(rt.pack, rt.home, cwd, rt.config, {
    skillsInline: rt.profile.skillsInUserInstructions,
    userHome: rt.env.HOME,
    skillScopeOrder: rt.profile.skillScopeOrder,
    pluginRoots: await pluginSkillRoots(rt.home, rt.config.plugins),
  });
  // A requested collaboration mode without instructions gets its preset's (codex-0.169 fills them in).
  const requested = input.overrides.collaborationMode;
  const filled = requested ? rt.profile.collaborationPreset(rt.pack, requested) : requested;
  const settings = resolveTurnSettings({
    config: rt.config,
    overrides: filled === requested ? input.overrides : { ...input.overrides, collaborationMode: filled },
    catalog: rt.catalog,
    fallbackModel: rt.fallbackModel,
    cwd,
    env: rt.env,
    shell: userShell(rt.env).name,
    webSearchRules: rt.profile.webSearchRules,
    userInstructions: user.text,
    skills: user.skills,
  });
  return { settings, warnings: user.warnings, skillWarnings: user.skillWarnings };
}

/** The profile's catalog instructions for a model, when the profile has its own rule. */
export function catalogInstructions(rt: Runtime): ((model: ModelInfo, personality: Personality | undefined) => string) | undefined {
  const own = rt.profile.modelInstructions;
  return own ? (model, personality) => own(rt.pack, model, personality) : undefined;
}

export async function newThreadContext(rt: Runtime, input: ThreadContextInput): Promise<ThreadContext> {
  const { settings, warnings } = await turnSettingsFor(rt, input);
  const base = resolveBaseInstructions({
    override: input.instructions ?? rt.instructionsOverride,
    sessionText: input.sessionInstructions,
    model: settings.model,
    personality: settings.personality,
    catalogText: catalogInstructions(rt),
  });
  return {
    settings,
    baseInstructions: base.text,
    initialContext: rt.profile.buildInitialContext(rt.pack, settings, base.text),
    warnings,
  };
}
