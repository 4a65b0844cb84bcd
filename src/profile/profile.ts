// A behaviour profile (config `compat`): the structural choices of one Codex generation — which pack
// files exist, how the initial context is grouped, what changes between turns produce, which body
// fields are sent. The pack supplies every text; the profile only arranges it.
import type { CompatProfileName, Personality } from '../../protocol/config.js';
import type { CollaborationMode } from '../../protocol/rollout.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { WireOutputItem } from '../../protocol/responses-events.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ResponsesRequestBody, ToolSpec } from '../../protocol/responses-request.js';
import type { CompactionTrigger } from '../compaction/compaction-trigger.js';
import type { InitialContextOptions } from '../context/initial-context.js';
import type { PreviousTurn } from '../context/settings-update.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { Pack } from '../pack/load-pack.js';
import type { PackLayout } from '../pack/pack-layout.js';
import type { Prompt } from '../prompt/prompt.js';
import type { RenderOptions } from '../prompt/responses.js';
import type { ForkRolloutOptions, ForkRolloutResult } from '../thread/rollout-fork.js';
import type { RolloutRecord } from '../thread/rollout-reader.js';
import type { RolloutLineFormat, RolloutLineInput } from '../thread/rollout-writer.js';
import type { ThreadState } from '../thread/thread-state.js';
import type { ToolOutputStyle } from '../tools/tool-output-style.js';
import type { TurnDeps } from '../thread/turn-loop.js';

export interface CompatProfile {
  readonly name: CompatProfileName;
  /** The `cli_version` written into session_meta, so Codex of that generation resumes the rollout. */
  readonly cliVersion: string;
  /**
   * The client-facing protocol generation this profile speaks (app-server JSON-RPC shapes, `exec
   * --json` usage fields). Absent: the codex-0.98 generation.
   */
  readonly protocolGeneration?: '0.169';
  readonly packLayout: PackLayout;
  buildInitialContext(pack: Pack, settings: TurnSettings, baseInstructions: string, opts?: InitialContextOptions): ResponseItem[];
  settingsUpdateItems(
    pack: Pack,
    previous: PreviousTurn,
    next: TurnSettings,
    baseInstructions: string,
    opts?: { afterFreshContext?: boolean },
  ): ResponseItem[];
  renderBody(prompt: Prompt, settings: TurnSettings, opts: RenderOptions): ResponsesRequestBody;

  // ---- Optional: what a later generation changes. Absent = the codex-0.98 behaviour. ----

  /** How tool outcomes are shaped where generations differ (default: codex-0.98's). */
  readonly toolOutputs?: ToolOutputStyle;
  /** Loads this profile's pack (default: the layout's files from the directory). */
  loadPack?(dir: string): Promise<Pack>;
  /** The tools of a normal request (default: the pack's `tools.json`). */
  packTools?(pack: Pack): ToolSpec[];
  /** The catalog's base instructions for a model (default: its template with the personality in it). */
  modelInstructions?(pack: Pack, model: ModelInfo, personality: Personality | undefined): string;
  /** A collaboration mode a client asked for, with its preset's instructions when it names none. */
  collaborationPreset?(pack: Pack, mode: CollaborationMode): CollaborationMode;
  /** False when skills get a context part of their own instead of joining the AGENTS.md text. */
  readonly skillsInUserInstructions?: boolean;
  /** False when a resumed or forked thread goes on without a fresh copy of its initial context. */
  readonly contextOnReopen?: boolean;
  /** Per-thread behaviour: ids, metadata, rollout format, compaction. */
  openThread?(init: ProfileThreadInit): Promise<ProfileThread>;
  /** Writes a fork's rollout (default: the parent's lines copied after the fork's session_meta). */
  forkRollout?(opts: ForkRolloutOptions): Promise<ForkRolloutResult>;
  /** An item read back from a rollout, as this generation would send it (default: unchanged). */
  storedItem?(item: ResponseItem): ResponseItem | undefined;
  /**
   * What this profile cannot do yet, by surface interface (`app-server`) or scenario op (`compact`),
   * each with the reason. The conformance harness reports steps that need them as pending.
   */
  readonly unsupported?: {
    readonly interfaces?: Readonly<Record<string, string>>;
    readonly ops?: Readonly<Record<string, string>>;
  };
}

export interface ProfileThreadInit {
  readonly kind: 'new' | 'resume' | 'fork';
  readonly threadId: string;
  /** weft's home (CODEX_HOME): where per-installation state lives. */
  readonly home: string;
  readonly pack: Pack;
  readonly packTools: readonly ToolSpec[];
  /** The settings the thread opens with. */
  readonly settings: TurnSettings;
  /** The configured provider's id (`openai` is the built-in one). */
  readonly providerId: string;
  /** session_meta `source` (`exec` for `weft exec`). */
  readonly source: string;
  readonly baseInstructions: string;
  /** config `instructions` / `model_instructions_file`, which replace the catalog's base instructions. */
  readonly instructionsOverride?: string | undefined;
  /** A reopened thread's rollout records, the history base of a paginated fork first. */
  readonly records?: readonly RolloutRecord[];
}

/**
 * One thread's view of a stateful profile. The turn loop uses it instead of the profile when present
 * (initial context, updates, body) and calls the hooks below at fixed points of a turn.
 */
export interface ProfileThread {
  buildInitialContext: CompatProfile['buildInitialContext'];
  settingsUpdateItems: CompatProfile['settingsUpdateItems'];
  renderBody: CompatProfile['renderBody'];
  /** How this thread's rollout lines are written. */
  readonly rolloutFormat: RolloutLineFormat;
  /** A turn begins: lines to record before anything else of the turn. */
  turnStarted(turnId: string, settings: TurnSettings): Promise<RolloutLineInput[]>;
  /** Lines to record right before the user's prompt (after a pre-turn compaction). */
  beforePrompt(settings: TurnSettings): RolloutLineInput[];
  /** The turn completed: lines to record before the rollout is flushed. */
  turnCompleted(lastMessage: string | undefined): RolloutLineInput[];
  /** An item weft created (prompt, tool output…), as this thread keeps it (ids, metadata). */
  decorateItem(item: ResponseItem): ResponseItem;
  /** A response completed (its usage is recorded next). */
  responseCompleted?(responseId: string): void;
  /** A model output item as this thread keeps it; `raw` is the item as streamed. */
  modelItem(item: ResponseItem, raw: WireOutputItem): ResponseItem;
  /** True when the next turn must compact first (e.g. the model changed generation). */
  compactsBeforeTurn(previous: PreviousTurn, next: TurnSettings): boolean;
  /** This thread's compaction; replaces the codex-0.98 local compaction. */
  compact(state: ThreadState, deps: TurnDeps, settings: TurnSettings, trigger: CompactionTrigger, signal: AbortSignal): Promise<void>;
}
