// The turn loop's ports: every collaborator the loop is handed, as an interface declared here, beside
// it. Compaction, the profiles and the extensions implement these and import nothing back from the
// loop, so the imports point one way (plug-ins → thread → what a turn is made of).
import type { RateLimitSnapshot } from '../client/rate-limits.js';
import type { McpSession } from '../mcp/mcp-session.js';
import type { WireOutputItem } from '../../protocol/responses-events.js';
import type { FunctionCallItem, MessageItem, ResponseItem } from '../../protocol/responses-items.js';
import type { CompactRequestBody, ToolSpec } from '../../protocol/responses-request.js';
import type { ClientEventBatch } from '../client/client-events.js';
import type { ProviderSettings } from '../client/provider.js';
import type { PreviousTurn } from '../context/previous-turn.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { Pack } from '../pack/load-pack.js';
import type { PromptRendering, RenderFn } from '../prompt/render-for-wire.js';
import type { WireRequest } from '../../protocol/wire-request.js';
import type { ToolContext, ToolRegistry, ToolResult } from '../tools/tool-registry.js';
import type { ExecSessionManager } from '../tools/unified-exec/session-manager.js';
import type { GoalStore } from '../tools/goals/goal-store.js';
import type { GoalView } from '../tools/goals/thread-goal.js';
import type { AgentPort } from '../tools/agents/agent-port.js';
import type { CodeModeSession } from '../tools/code-mode/code-mode-session.js';
import type { RolloutLineFormat, RolloutLineInput, RolloutWriter } from '../rollout/format/writer.js';
import type { ThreadEventListener } from './thread-events.js';
import type { ToolItemRecord } from './tool-item-records.js';
import type { TokenInfo } from '../rollout/format/token-info.js';
import type { RolloutRecords } from '../rollout/format/record-format.js';

/**
 * The in-memory state of an open thread: its history (what the next request carries), the settings
 * of its last turn, and its token totals. Mutated only by the turn loop and compaction.
 */
/** How a thread's initial context is built (every generation's `buildInitialContext` takes them). */
export interface InitialContextOptions {
  /** App-server resumes and forks do not repeat the thread's configured developer instructions. */
  readonly includeDeveloperInstructions?: boolean;
}

export interface ThreadState {
  readonly id: string;
  readonly rolloutPath: string;
  readonly writer: RolloutWriter;
  readonly baseInstructions: string;
  history: ResponseItem[];
  /** The settings the previous turn ran with; what settings-update items are computed against. */
  previousTurn: PreviousTurn;
  /**
   * True when the next turn must first record a fresh initial context: a new thread, or a thread
   * reopened by resume or fork (0.98 appends a fresh copy before the next user message).
   */
  needsInitialContext: boolean;
  /** App-server resumes and forks leave the configured developer instructions out of that copy. */
  includeDeveloperInstructions: boolean;
  tokenInfo: TokenInfo | null;
  /** This thread's tool handlers: the process-wide ones plus any added to the thread. */
  readonly tools: ToolRegistry;
  /** Specs of tools added to this thread (app-server dynamic tools), sent after the pack's tools. */
  readonly extraToolSpecs: ToolSpec[];
  /** User input steered into the running turn, recorded before its next request. */
  pendingInput?: PendingInput[];
  /** Aborts the response streaming now (not the turn): steered input that should not wait for it. */
  cutSample?: AbortController;
  /** Commands exec_command left running (write_stdin sessions); created on the first tool call. */
  execSessions?: ExecSessionManager;
  /** Tool calls that ended and are not recorded yet (see tool-item-records.ts). */
  pendingToolItems?: ToolItemRecord[];
  /** Code mode's running `exec` cells and stored values; created on the first `exec` call. */
  codeMode?: CodeModeSession;
  /**
   * The id of the compaction under way: clients see it as their item's id, and codex-0.169's
   * rollout records the same id, so a thread read later shows the item clients saw live.
   */
  compactionItemId?: string;
  /** The profile's per-thread behaviour (codex-0.169: ids, metadata, rollout format, compaction). */
  readonly profileThread: ProfileThread;
  /** Items other agents sent this thread (multi-agent v2), recorded at the turn's next boundary. */
  pendingItems?: DeliveredItem[];
  /** Goal tokens of responses whose usage came in and is not counted against a goal yet (goal-usage.ts). */
  uncountedGoalTokens?: number;
  /**
   * Items recorded at the running turn's next boundary that continue the turn as steered input does
   * (a user's shell command that ended while the turn ran: the model is asked again with it).
   */
  pendingContinuing?: ResponseItem[];
  /** Items queued between turns for the next one: recorded when it starts, before its context (Codex's next-turn queue). */
  queuedForNextTurn?: ResponseItem[];
  /** The team of agents this thread belongs to (the collaboration tools); set by the engine. */
  agents?: AgentPort;
}

/**
 * An item handed to the thread from outside its turn: a message from another agent of its team (with
 * whether it was one that starts a turn, which 0.169 records beside it), or an item the thread queued itself.
 */
export interface DeliveredItem {
  readonly item: ResponseItem;
  /** For a message between agents: true for a task (it starts a turn on an idle agent), false for a message or an answer. */
  readonly triggerTurn?: boolean | undefined;
}

export interface PendingInput {
  readonly text: string;
  /** Image URLs (data URLs for local files), sent as `input_image` parts before the text. */
  readonly images: readonly string[];
}

/** Sends one rendered request and yields its events (the client, for the request's wire). */
/** Sends a rendered request: the answer's events, in batches (see ClientEventBatch). */
export type StreamFn = (opts: { provider: ProviderSettings; request: WireRequest; signal?: AbortSignal }) => AsyncIterable<ClientEventBatch>;

/** Posts a remote compaction (`POST /responses/compact`): the items that replace the history. */
export type PostCompactFn = (opts: { provider: ProviderSettings; body: CompactRequestBody; signal?: AbortSignal }) => Promise<ResponseItem[]>;

export type CompactionTrigger = 'manual' | 'pre-turn' | 'mid-turn';

/** What a generation decides about one request: the initial context, the updates, how it is rendered. */
export interface TurnProfile extends PromptRendering {
  buildInitialContext(pack: Pack, settings: TurnSettings, baseInstructions: string, opts?: InitialContextOptions): ResponseItem[];
  settingsUpdateItems(
    pack: Pack,
    previous: PreviousTurn,
    next: TurnSettings,
    baseInstructions: string,
    opts?: { afterFreshContext?: boolean },
  ): ResponseItem[];
}

/** An MCP tool call as the rollout records it. */
export interface McpCallRecord {
  readonly callId: string;
  readonly server: string;
  readonly tool: string;
  readonly arguments: unknown;
  /** The tool's result as it sent it (null when the call failed on the way). */
  readonly result: { content: unknown[]; structuredContent: unknown; isError: boolean | undefined } | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/**
 * One thread's view of its profile (every generation opens one). The turn loop builds the context
 * and the body through it and calls the hooks below at fixed points of a turn.
 */
export interface ProfileThread extends TurnProfile {
  /** How this thread's rollout lines are written. */
  readonly rolloutFormat: RolloutLineFormat;
  /** The lines this thread's generation records for what the loop and compaction report. */
  readonly records: RolloutRecords;
  /** A turn begins: lines to record before anything else of the turn. */
  turnStarted(turnId: string, settings: TurnSettings, attribution?: TurnAttribution): Promise<RolloutLineInput[]>;
  /** Lines to record right before the user's prompt (after a pre-turn compaction). */
  beforePrompt(settings: TurnSettings, team?: TeamView): RolloutLineInput[];
  /**
   * A sampling request of the turn is about to be built (after the turn's first, whose lines
   * `beforePrompt` wrote): lines to record for what changed since the last one (an agent spawned).
   */
  samplingStarted(settings: TurnSettings, team?: TeamView): RolloutLineInput[];
  /** The turn completed: lines to record before the rollout is flushed. */
  turnCompleted(lastMessage: string | undefined): RolloutLineInput[];
  /** The turn failed with `error` (not an interruption): lines to record before the rollout is flushed. */
  turnFailed(lastMessage: string | undefined, error: unknown): RolloutLineInput[];
  /**
   * The turn was stopped (an interrupt, or its thread closing), the thread's token counts standing
   * at `tokenInfo`: the lines to record before the generation's model-visible `<turn_aborted>`
   * marker, the marker (from `pack`), and the lines after it.
   */
  turnAborted(pack: Pack, tokenInfo: TokenInfo | null | undefined): TurnAbortRecord;
  /** An MCP tool call finished: lines to record before its output. */
  mcpCallCompleted(call: McpCallRecord): RolloutLineInput[];
  /** A command, patch or image view ended: lines to record before the output of the call that saw it. */
  toolItemCompleted(record: ToolItemRecord): RolloutLineInput[];
  /** An item weft created (prompt, tool output…), as this thread keeps it (ids, metadata). */
  decorateItem(item: ResponseItem): ResponseItem;
  /** A response of `model` completed (its usage is recorded next). */
  responseCompleted(responseId: string, model: ModelInfo): void;
  /** A client set the thread's goal (app-server thread/goal/set): lines to record, `settings` the thread's. */
  goalSet(goal: GoalView, settings: TurnSettings): RolloutLineInput[];
  /** The account's rate limits an answer reported (the next token count carries them). */
  rateLimitsReported(snapshot: RateLimitSnapshot): void;
  /** A model output item as this thread keeps it; `raw` is the item as streamed. */
  modelItem(item: ResponseItem, raw: WireOutputItem): ResponseItem;
  /** A model output item began to stream (it may never complete: the turn can be cut first). */
  modelItemStarted?(raw: WireOutputItem): void;
  /** The turn's user input was accepted; it is recorded later (after a pre-turn compaction). */
  userInputAccepted?(): void;
  /** The history as this generation sends it in a request (codex-0.98 frames the apply_patch results its rollouts record as JSON). */
  requestHistory(items: readonly ResponseItem[], pack: Pack): ResponseItem[];
  /** True when the next turn must compact first (e.g. the model changed generation). */
  compactsBeforeTurn(previous: PreviousTurn, next: TurnSettings): boolean;
  /** This thread's compaction; replaces the codex-0.98 local compaction. */
  compact(state: ThreadState, deps: TurnDeps, settings: TurnSettings, trigger: CompactionTrigger, signal: AbortSignal): Promise<void>;
}

/** What a stopped turn records: lines, the model-visible marker, lines. */
export interface TurnAbortRecord {
  readonly before: RolloutLineInput[];
  readonly marker: ResponseItem;
  readonly after: RolloutLineInput[];
}

/** What a thread's generation may record of its team as a sampling request is built. */
export interface TeamView {
  /** The canonical paths of the agents the thread spawned, in spawn order. */
  readonly subagents: readonly string[];
}

/** Who started a turn that no user input started (a goal's continuation): its trigger and the turn before it. */
export interface TurnAttribution {
  readonly trigger: string;
  /** The turn before it (none for a goal turn started on a thread that has run none). */
  readonly parentTurnId?: string | undefined;
  readonly rootTurnId?: string | undefined;
}

/** Compaction as the loop sees it: whether to compact now, and doing it. */
export interface Compactor {
  /** True when the history must be compacted before the next request of this phase. */
  isDue(state: ThreadState, deps: TurnDeps, settings: TurnSettings, phase: 'pre-turn' | 'mid-turn'): boolean;
  compact(state: ThreadState, deps: TurnDeps, settings: TurnSettings, trigger: CompactionTrigger, signal: AbortSignal): Promise<void>;
}

/** What one request carries before the profile renders it. */
export interface TurnRequest {
  readonly instructions: string;
  readonly input: readonly ResponseItem[];
}

export type QueueName = 'steering' | 'followUp';

export interface TurnStart {
  readonly turnId: string;
  readonly text: string;
  readonly images: readonly string[];
  readonly settings: TurnSettings;
  readonly signal: AbortSignal;
  readonly emit: ThreadEventListener;
}

export type TurnBegin =
  /** A command or an input handler took the input: record nothing, send nothing. */
  | { readonly kind: 'handled'; readonly reply: string | undefined }
  /** Record `userItem` (made of `text` and `images`) and run the turn. */
  | { readonly kind: 'run'; readonly userItem: MessageItem; readonly text: string; readonly images: readonly string[] };

export interface TurnEnd {
  readonly turnId: string;
  readonly status: 'completed' | 'interrupted' | 'failed';
}

/** What the turn loop calls (extensions implement it). Every method passes through when unused. */
export interface TurnHooks {
  beginTurn(state: ThreadState, turn: TurnStart): Promise<TurnBegin>;
  /** The loop recorded the turn's user item as `item`: a profile may keep it as a new object (with an id). */
  userItemRecorded(item: ResponseItem): void;
  /** Before each request: the request to send instead of `request`. Never changes `state`. */
  context(state: ThreadState, request: TurnRequest): Promise<TurnRequest>;
  /** Runs one tool call through the steering check and the tool hooks; `execute` runs the tool. */
  runTool(state: ThreadState, call: FunctionCallItem, execute: () => Promise<ToolResult>): Promise<ToolResult>;
  /** Queued messages to record as user input now (emptied from the queue). */
  takeQueued(state: ThreadState, which: QueueName): PendingInput[];
  endTurn(state: ThreadState, turn: TurnEnd): Promise<void>;
}

export interface TurnDeps {
  readonly profile: TurnProfile;
  readonly pack: Pack;
  readonly packTools: readonly ToolSpec[];
  readonly provider: ProviderSettings;
  /** Renders each sample for the provider's wire, once (prompt/render-for-wire.ts). */
  readonly render: RenderFn;
  readonly stream: StreamFn;
  readonly compactor: Compactor;
  readonly toolContext: (settings: TurnSettings, signal: AbortSignal, emit: ThreadEventListener) => ToolContext;
  readonly emit: ThreadEventListener;
  /** config `compact_prompt`: replaces the pack's compaction prompt. */
  readonly compactPrompt?: string | undefined;
  /** Set when the provider compacts remotely (`POST /responses/compact`). */
  readonly remoteCompact?: PostCompactFn | undefined;
  /** config `model_auto_compact_token_limit`. */
  readonly autoCompactTokenLimit?: number | undefined;
  /** A JSON schema the final answer must follow. */
  readonly outputSchema?: unknown;
  /** No user input: the model goes on from the history (0.169's turn/start with empty input). */
  readonly withoutInput?: boolean | undefined;
  /** Who started a turn no user input started (a goal's continuation). */
  readonly attribution?: TurnAttribution | undefined;
  /** The id this turn gets (the app-server names it in its answer first); a fresh UUID otherwise. */
  readonly turnId?: string | undefined;
  /** Extension hooks (src/extensions/); absent, the turn runs exactly as without extensions. */
  readonly hooks?: TurnHooks | undefined;
  /** The thread's MCP servers, when the configuration has any. */
  readonly mcp?: McpSession | undefined;
  /** Lets go of a connection the stream keeps between requests (the Responses WebSocket). */
  readonly closeStream?: (() => void) | undefined;
  /** The home's goals (Codex 0.169's goal database): the goal tools and each response's usage. */
  readonly goals?: GoalStore | undefined;
  /** The pack's message of a goal's continuation turn (the objective filled in). */
  readonly goalContinuation?: ((objective: string) => string) | undefined;
}
