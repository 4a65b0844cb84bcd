// A behaviour profile (config `compat`): the structural choices of one Codex generation — which pack
// files exist, how the initial context is grouped, what changes between turns produce, which body
// fields are sent, which rollout lines a thread records (its thread's `records`, behind the rollout
// room's RolloutRecords) and how a fork is stored (`forkRollout`, a ForkPolicy). The pack supplies
// every text; the profile only arranges it.
import type { CompatProfileName, Personality } from '../../protocol/config.js';
import type { CollaborationMode } from '../../protocol/rollout.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { FallbackModelFacts } from '../config/fallback-model.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { SkillScope } from '../context/skills.js';
import type { WebSearchRules } from '../config/web-search-mode.js';
import type { Pack, PackDirs } from '../pack/load-pack.js';
import type { PackLayout } from '../pack/pack-layout.js';
import type { ProfileThread, TurnProfile } from '../thread/turn-ports.js';
import type { ForkPolicy } from '../rollout/store/fork-policy.js';
import type { RolloutRecord } from '../rollout/format/reader.js';
import type { ToolOutputStyle } from '../tools/tool-output-style.js';
import type { SandboxMechanism } from '../tools/sandbox/sandbox-mechanism.js';
import type { ConfigProfileStyle } from '../config/load-config.js';
import type { RetiredSetting } from '../config/retired-settings.js';
import type { WireRequest } from '../../protocol/wire-request.js';
import type { RequestHeaderContext } from '../client/request-header-context.js';
import type { ProtocolGeneration } from './profile-delta.js';

/** A generation: what it decides about one request (TurnProfile, declared with the loop's ports) and beyond. */
export interface CompatProfile extends TurnProfile {
  readonly name: CompatProfileName;
  /** The `cli_version` written into session_meta, so Codex of that generation resumes the rollout. */
  readonly cliVersion: string;
  /**
   * The client-facing protocol generation this profile speaks (app-server JSON-RPC shapes, `exec
   * --json` usage fields, file-change items).
   */
  readonly protocolGeneration: ProtocolGeneration;
  readonly packLayout: PackLayout;
  /** One thread of this generation: its ids, metadata, rollout format, turn lines and compaction. */
  openThread(init: ProfileThreadInit): Promise<ProfileThread>;

  // ---- Where the generations differ beyond the request itself. ----

  /** How tool outcomes are shaped where generations differ. */
  readonly toolOutputs: ToolOutputStyle;
  /**
   * What confines the model's commands on Linux: the generation's own mechanism, since the model reads
   * how a refused write fails (0.98's Landlock: EACCES; bubblewrap: EROFS).
   */
  readonly commandSandbox: SandboxMechanism;
  /** weft's own pack for this profile, top directory first. */
  readonly weftPack: readonly string[];
  /** Loads this profile's pack from a directory (or a stack of them, top first). */
  loadPack(dirs: PackDirs): Promise<Pack>;
  /** The tools of a normal request, from the pack. */
  packTools(pack: Pack): ToolSpec[];
  /** What this generation assumes of a model its catalog lacks (its base instructions come from the pack). */
  readonly fallbackModel: FallbackModelFacts;
  /** The catalog's base instructions for a model. */
  modelInstructions(pack: Pack, model: ModelInfo, personality: Personality | undefined): string;
  /** A collaboration mode a client asked for, with its preset's instructions when it names none. */
  collaborationPreset(pack: Pack, mode: CollaborationMode): CollaborationMode;
  /** False when skills get a context part of their own instead of joining the AGENTS.md text. */
  readonly skillsInUserInstructions: boolean;
  /** How the web search settings are read (web-search-mode.ts). */
  readonly webSearchRules: WebSearchRules;
  /** The order of skill scopes in the skills list (names sort within a scope). */
  readonly skillScopeOrder: readonly SkillScope[];
  /** False when a resumed or forked thread goes on without a fresh copy of its initial context. */
  readonly contextOnReopen: boolean;
  /** Configuration this generation's Codex refuses at start; weft refuses it too. */
  readonly retiredSettings: readonly RetiredSetting[];
  /** What `--profile NAME` selects: a `[profiles.NAME]` table of config.toml, or the file NAME.config.toml beside it (load-config.ts). */
  readonly configProfiles: ConfigProfileStyle;
  /**
   * True when this generation's Codex finds threads in a SQLite index in the home (state_<n>.sqlite)
   * and locks the threads it writes (thread-writer-locks/): weft keeps both for the threads it writes.
   */
  readonly codexThreadIndex: boolean;
  /**
   * True when the generation uses the home's sign-in as Codex 0.169 does (src/auth/): auth.json's API
   * key, or its ChatGPT tokens toward the ChatGPT backend (workspace routing, refresh, the catalog
   * request, compressed bodies, the ChatGPT-mode headers and metadata).
   */
  readonly chatgptSignIn: boolean;
  /** True when the generation lays the service's model catalog over its bundled one before its first request (catalog-refresh.ts). */
  readonly refreshesModelCatalog: boolean;
  /** True when the generation tries the Responses WebSocket first for the built-in provider (responses-websocket.ts). */
  readonly responsesWebSocket: boolean;
  /** The headers of one model request (and of a WebSocket upgrade), from the request as rendered. */
  requestHeaders(request: WireRequest, ctx: RequestHeaderContext): Record<string, string>;
  /** Writes a fork's rollout, as this generation stores forks (a copy of the parent, or a pointer to it). */
  readonly forkRollout: ForkPolicy;
  /** An item read back from a rollout of the other generation, as this one would send it. */
  storedItem(item: ResponseItem): ResponseItem | undefined;
  /**
   * What this profile cannot do yet, by surface interface (`app-server`) or scenario op (`compact`),
   * each with the reason. The conformance harness reports steps that need them as pending.
   */
  readonly unsupported: {
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
  /** The thread's requests go to the ChatGPT backend under a ChatGPT sign-in (metadata says so). */
  readonly signedInWithChatGpt?: boolean | undefined;
  /** session_meta `source` (`exec` for `weft exec`). */
  readonly source: string;
  /** Codex 0.169's `--thread-source`: the new thread's source classification, where the generation records one. */
  readonly threadSource?: string | undefined;
  readonly baseInstructions: string;
  /** config `instructions` / `model_instructions_file`, which replace the catalog's base instructions. */
  readonly instructionsOverride?: string | undefined;
  /** A reopened thread's rollout records, the history base of a paginated fork first. */
  readonly records?: readonly RolloutRecord[];
  /** A sub-agent's thread: its team (root and parent threads, its task path and depth). */
  readonly subagent?: SubagentLink | undefined;
  /** Fields a release adds to every response item's rollout metadata (profile-delta.ts), where the generation writes metadata. */
  readonly itemMetadata?: Readonly<Record<string, string>>;
}

/** How a sub-agent's thread is linked to its team, as Codex 0.169 records it. */
export interface SubagentLink {
  readonly rootThreadId: string;
  readonly parentThreadId: string;
  readonly agentPath: string;
  readonly depth: number;
  /** The name the team gave the agent (Codex picks one from its list of scientists and philosophers). */
  readonly nickname?: string | undefined;
  /** The parent's turn that spawned the agent, and the root's turn that turn belongs to. */
  readonly parentTurnId?: string | undefined;
  readonly rootTurnId?: string | undefined;
  /** A review thread (Codex's `review` sub-agent) rather than an agent a team spawned. */
  readonly kind?: 'review' | undefined;
}

export type { ProfileThread };
