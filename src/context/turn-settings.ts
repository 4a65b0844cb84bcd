// The effective settings of one turn: everything the initial context, the settings-update items and
// the request body are derived from. Plain data, resolved once per turn from config and overrides.
import type { ApprovalPolicy, Personality } from '../../protocol/config.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { ReasoningEffort, ReasoningSummary } from '../../protocol/responses-request.js';
import type { CollaborationMode, SandboxPolicy } from '../../protocol/rollout.js';
import type { WebSearchMode } from '../config/web-search-mode.js';
import type { Skill } from './skills.js';

export interface TurnSettings {
  readonly cwd: string;
  readonly model: ModelInfo;
  readonly approvalPolicy: ApprovalPolicy;
  readonly sandbox: SandboxPolicy;
  readonly personality: Personality | undefined;
  /** The `personality` feature flag (on unless `[features] personality = false`). */
  readonly personalityEnabled: boolean;
  readonly collaborationMode: CollaborationMode;
  readonly developerInstructions: string | undefined;
  /** The composed AGENTS.md + skills text, undefined when empty (without skills under codex-0.169). */
  readonly userInstructions: string | undefined;
  /** The discovered skills, for profiles that list them in a part of their own (codex-0.169). */
  readonly skills?: readonly Skill[];
  /** The user's shell by name. */
  readonly shell: string;
  readonly tmpdir: string | undefined;
  readonly reasoningEffort: ReasoningEffort | undefined;
  readonly reasoningSummary: ReasoningSummary;
  /** The summary config.toml or a turn asked for (absent when the model's default applies): codex-0.169 records it among its thread settings. */
  readonly chosenReasoningSummary?: ReasoningSummary;
  /** The configured web search mode (web-search-mode.ts); absent: it follows the sandbox. */
  readonly webSearch?: WebSearchMode;
  /** The enabled `[mcp_servers]`, by name in name order (their namespaces are listed as deferred tools). */
  readonly mcpServers?: readonly string[];
}

/**
 * The default collaboration mode: no extra instructions, the turn's model and the configured
 * reasoning effort (null when none is configured: the model's default then applies), as Codex
 * records it in every `turn_context`.
 */
export function defaultCollaborationMode(model: string, reasoningEffort?: ReasoningEffort): CollaborationMode {
  return { mode: 'default', settings: { model, reasoning_effort: reasoningEffort ?? null, developer_instructions: null } };
}
