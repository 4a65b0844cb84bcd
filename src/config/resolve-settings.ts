// From config.toml + per-thread/per-turn overrides to the effective TurnSettings. Pure: the AGENTS.md
// text is discovered elsewhere (I/O) and passed in.
import type { ApprovalPolicy, ConfigToml, Personality, SandboxMode } from '../../protocol/config.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ReasoningEffort, ReasoningSummary } from '../../protocol/responses-request.js';
import type { CollaborationMode, SandboxPolicy } from '../../protocol/rollout.js';
import type { Skill } from '../context/skills.js';
import { defaultCollaborationMode, type TurnSettings } from '../context/turn-settings.js';
import { shellName } from '../context/environment-context.js';
import { ConfigError } from '../errors.js';
import { enabledServers } from '../mcp/enabled-servers.js';
import { fallbackFor } from './fallback-model.js';
import { configuredWebSearchMode, type WebSearchMode, type WebSearchRules } from './web-search-mode.js';

/** Settings a caller (CLI flag, protocol param, resumed thread) sets over config.toml. */
export interface SettingsOverrides {
  readonly model?: string | undefined;
  readonly cwd?: string | undefined;
  readonly approvalPolicy?: ApprovalPolicy | undefined;
  readonly sandboxMode?: SandboxMode | undefined;
  readonly personality?: Personality | undefined;
  readonly collaborationMode?: CollaborationMode | undefined;
  readonly reasoningEffort?: ReasoningEffort | undefined;
  /** A turn's reasoning summary (the app-server's `turn/start` `summary`). */
  readonly reasoningSummary?: ReasoningSummary | undefined;
  readonly developerInstructions?: string | undefined;
  readonly additionalWritableRoots?: readonly string[] | undefined;
}

export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = 'on-request';
export const DEFAULT_SANDBOX_MODE: SandboxMode = 'read-only';

export function sandboxPolicyFor(mode: SandboxMode, config: ConfigToml, extraRoots: readonly string[] = []): SandboxPolicy {
  switch (mode) {
    case 'read-only':
      return { type: 'read-only' };
    case 'danger-full-access':
      return { type: 'danger-full-access' };
    case 'workspace-write': {
      const ws = config.sandbox_workspace_write ?? {};
      // A root named twice (in config.toml and with --add-dir) is one root, as Codex has it.
      const roots = [...new Set([...(ws.writable_roots ?? []), ...extraRoots])];
      return {
        type: 'workspace-write',
        ...(roots.length > 0 ? { writable_roots: roots } : {}),
        network_access: ws.network_access ?? false,
        exclude_tmpdir_env_var: ws.exclude_tmpdir_env_var ?? false,
        exclude_slash_tmp: ws.exclude_slash_tmp ?? false,
      };
    }
    default: {
      const never: never = mode;
      return never;
    }
  }
}

/** The model a thread uses when neither config nor a flag names one: the catalog's first by priority. */
export function defaultModelSlug(catalog: readonly ModelInfo[]): string {
  const sorted = [...catalog].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  const first = sorted[0];
  if (!first) throw new ConfigError('the model catalog (models.json) of the pack is empty: no default model');
  return first.slug;
}

/**
 * A catalog entry for `slug`. A slug the catalog does not know still works, as in Codex: it gets the
 * generation's fallback entry (its own facts and base instructions, see fallback-model.ts), never
 * the settings of some catalog model.
 */
export function findModel(catalog: readonly ModelInfo[], slug: string, fallback: ModelInfo): { model: ModelInfo; known: boolean } {
  const known = catalog.find((m) => m.slug === slug);
  if (known) return { model: known, known: true };
  return { model: fallbackFor(fallback, slug), known: false };
}

/**
 * The catalog's model with what config.toml says of it: `model_context_window` replaces its window
 * (compaction and token counts follow it), `model_verbosity` its default verbosity (sent only to
 * models that support verbosity, as Codex does).
 */
function withConfiguredModelFacts(model: ModelInfo, config: ConfigToml): ModelInfo {
  if (config.model_context_window === undefined && config.model_verbosity === undefined) return model;
  return {
    ...model,
    ...(config.model_context_window !== undefined ? { context_window: config.model_context_window } : {}),
    ...(config.model_verbosity !== undefined ? { default_verbosity: config.model_verbosity } : {}),
  };
}

/** The sandbox mode a turn runs with: the thread's override, else config.toml's, else the default. */
export function sandboxModeFor(config: ConfigToml, overrides: SettingsOverrides): SandboxMode {
  return overrides.sandboxMode ?? config.sandbox_mode ?? DEFAULT_SANDBOX_MODE;
}

export function resolveTurnSettings(input: {
  readonly config: ConfigToml;
  readonly overrides: SettingsOverrides;
  readonly catalog: readonly ModelInfo[];
  /** The generation's entry for a slug the catalog lacks. */
  readonly fallbackModel: ModelInfo;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How this generation reads the web search settings (default: Codex 0.98's rules). */
  readonly webSearchRules?: WebSearchRules | undefined;
  /** The user's shell by name (user-shell.ts); by default the name `$SHELL` gives. */
  readonly shell?: string | undefined;
  readonly userInstructions: string | undefined;
  readonly skills?: readonly Skill[] | undefined;
}): TurnSettings {
  const { config, overrides } = input;
  const slug = overrides.model ?? config.model ?? defaultModelSlug(input.catalog);
  const model = withConfiguredModelFacts(findModel(input.catalog, slug, input.fallbackModel).model, config);
  const sandboxMode = sandboxModeFor(config, overrides);
  const reasoningEffort = overrides.reasoningEffort ?? config.model_reasoning_effort;
  // Newer catalogs name the model's default (codex-0.169: `none`, no summary requested).
  const chosenSummary = overrides.reasoningSummary ?? config.model_reasoning_summary;
  const summary: ReasoningSummary = chosenSummary ?? model.default_reasoning_summary ?? 'auto';
  return {
    cwd: overrides.cwd ?? input.cwd,
    model,
    approvalPolicy: overrides.approvalPolicy ?? config.approval_policy ?? DEFAULT_APPROVAL_POLICY,
    sandbox: sandboxPolicyFor(sandboxMode, config, overrides.additionalWritableRoots),
    personality: overrides.personality ?? config.personality,
    personalityEnabled: config.features?.personality ?? true,
    collaborationMode: overrides.collaborationMode ?? defaultCollaborationMode(model.slug, reasoningEffort),
    developerInstructions: overrides.developerInstructions ?? config.developer_instructions,
    userInstructions: input.userInstructions,
    ...(input.skills !== undefined ? { skills: input.skills } : {}),
    shell: input.shell ?? shellName(input.env.SHELL),
    tmpdir: input.env.TMPDIR || undefined,
    reasoningEffort,
    ...withWebSearch(configuredWebSearchMode(config, input.webSearchRules)),
    reasoningSummary: summary,
    ...(chosenSummary !== undefined ? { chosenReasoningSummary: chosenSummary } : {}),
    ...(config.mcp_servers !== undefined ? { mcpServers: enabledServers(config.mcp_servers).map(([name]) => name) } : {}),
  };
}

const withWebSearch = (mode: WebSearchMode | undefined): { webSearch?: WebSearchMode } => (mode === undefined ? {} : { webSearch: mode });
