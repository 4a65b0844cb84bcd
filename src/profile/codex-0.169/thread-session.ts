// One thread under codex-0.169: the per-thread knowledge its requests and rollout need (installation,
// context window, how the history was initialized, the current turn, the git state of the
// workspace) and the hooks the turn loop calls. See profile.ts for the order of the calls.
import type { RateLimitSnapshot } from '../../client/rate-limits.js';
import type { InitialContextOptions, McpCallRecord, TeamView, TurnAbortRecord, TurnAttribution } from '../../thread/turn-ports.js';
import { framedPatchOutputs } from '../codex-0.98/recorded-patch-output.js';
import { newThreadId } from '../../rollout/store/thread-id.js';
import type { ModelCatalog, ModelInfo } from '../../../protocol/model-catalog.js';
import type { WireOutputItem } from '../../../protocol/responses-events.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import type { SessionMeta } from '../../../protocol/rollout.js';
import type { CompactionTrigger } from '../../compaction/compaction-trigger.js';
import type { PreviousTurn } from '../../context/previous-turn.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { GoalView } from '../../tools/goals/thread-goal.js';
import type { Pack } from '../../pack/load-pack.js';
import type { Prompt } from '../../prompt/prompt.js';
import type { RenderOptions } from '../../prompt/responses.js';
import type { PromptRendering } from '../../prompt/render-for-wire.js';
import type { RolloutLineInput } from '../../rollout/format/writer.js';
import type { ThreadState } from '../../thread/thread-state.js';
import type { TurnDeps } from '../../thread/turn-loop.js';
import type { ProfileThread, ProfileThreadInit } from '../profile.js';
import type { TokenInfo } from '../../rollout/format/token-info.js';
import { interruptionMarker } from './interruption-marker.js';
import type { ToolItemRecord } from '../../thread/tool-item-records.js';
import { toolTurnItem } from './tool-call-items.js';
import { compactThread, type CompactingThread } from './compaction.js';
import { windowContext } from './initial-context.js';
import { subagentText } from './subagent-text.js';
import { installationId } from './installation-id.js';
import { decorateCreatedItem, messageId, modelOutputItem, type ItemMeta } from './items.js';
import { sentInstructions0169, sessionInstructions0169, toolNames } from './model-instructions.js';
import { baseInstructionsMessage, bodyFor0169, sentPrompt0169, windowWithInstructions } from './render-body.js';
import { isCodeMode } from './pack.js';
import { Codex0169RolloutFormat } from './rollout-format.js';
import { usage0169 } from './token-usage-0169.js';
import { windowTokenEstimate } from './window-estimate.js';
import { ContextWindows } from './context-windows.js';
import { turnAbortedEvent } from '../../rollout/format/records.js';
import { codex0169Records } from './records.js';
import { sessionMeta0169, writtenMeta } from './session-meta.js';
import { settingsUpdates0169 } from './settings-update.js';
import { startingInputOrder, threadRecordsState } from './thread-records.js';
import { spawnedBy, teamSession, turnLines, type TurnRecord } from './turn-lines.js';
import { SettingsEvents } from './settings-events.js';
import type { CompactionInfo, HistoryInitialization, RequestContext } from './turn-metadata.js';
import { WorldStateRecord } from './world-state-record.js';
import { runtimeWorkspaceRoots, worldState } from './world-state.js';
import { topLevelTools } from './top-level-tools.js';
import { workspaceStates } from './workspace-states.js';
import { mcpToolCallItem } from './mcp-call-item.js';
import { createTimeNow } from './create-time.js';
import { errorCategory, storedErrorCategory } from '../../client/error-category.js';
import { errorMessage } from '../../errors.js';

export class Codex0169Thread implements ProfileThread, CompactingThread {
  readonly rolloutFormat: Codex0169RolloutFormat;
  readonly records = codex0169Records;
  readonly threadId: string;
  readonly forkedFrom: { readonly threadId: string; readonly ordinalExclusive: number } | undefined;
  #turn: TurnRecord | undefined;
  /** Which context window the history is in, and the windows' ids (context-windows.ts). */
  readonly #windows: ContextWindows;
  #historyInitialization: HistoryInitialization;
  #contextRebuilt = false;
  /** When the thread's settings are recorded besides a rebuilt window (settings-events.ts). */
  readonly #settingsEvents: SettingsEvents;
  /** The context state as last recorded in a world_state line (partial updates are patches on it). */
  readonly #worldState = new WorldStateRecord();
  /** The thread's team as the last sampling saw it (a rebuilt window lists the agents spawned). */
  #team: TeamView | undefined;
  /** The settings of a manual compaction running as its own turn (see #standaloneCompaction). */
  #standaloneSettings: TurnSettings | undefined;
  /** Lines closing a pre-turn compaction: recorded after the new turn context, as Codex does. */
  #afterCompaction: RolloutLineInput[] = [];
  readonly #multiAgentVersion: string;
  readonly #toolNames: Set<string>;

  private constructor(
    private readonly init: ProfileThreadInit,
    private readonly installation: string,
  ) {
    this.threadId = init.threadId;
    const state = threadRecordsState(init.records ?? []);
    this.#windows = new ContextWindows(state.windowNumber, state.contextWindowId);
    this.#historyInitialization = init.kind === 'new' ? 'new' : init.kind === 'fork' ? 'cold_fork' : 'cold_resume';
    this.#multiAgentVersion = state.multiAgentVersion ?? init.settings.model.multi_agent_version ?? 'v1';
    this.#toolNames = toolNames(init.packTools);
    this.forkedFrom = state.forkedFrom;
    this.#settingsEvents = new SettingsEvents({ kind: init.kind, exec: init.source === 'exec', lastModel: state.lastModel, model: init.settings.model.slug });
    const agentFork = init.kind === 'fork' && init.subagent !== undefined && init.subagent.kind === undefined;
    this.rolloutFormat = new Codex0169RolloutFormat(
      { nextOrdinal: state.nextOrdinal, historySequence: state.historySequence, lastUsageIncludesReasoning: state.lastUsageIncludesReasoning, nextInputOrder: startingInputOrder(state.inputOrders, agentFork, this.#multiAgentVersion) },
      { threadId: init.threadId, turnId: () => this.#turn?.turnId, sessionMeta: (payload) => this.sessionMeta(writtenMeta(payload)), itemMetadata: init.itemMetadata, truncationPolicy: init.settings.model.truncation_policy, ...state.formatFacts, ...teamSession(init.subagent, () => this.#turn) },
    );
  }

  static async open(init: ProfileThreadInit): Promise<Codex0169Thread> {
    const thread = new Codex0169Thread(init, await installationId(init.home));
    if (init.subagent !== undefined && init.subagent.kind === undefined) thread.#subagentText = await subagentText(init.pack);
    return thread;
  }

  /** A spawned agent's multi-agent message (the root's text otherwise). */
  #subagentText: string | undefined;
  /** The base instructions the window was built with, when it holds them (world_state fingerprints them). */
  #windowInstructions: string | undefined;
  /** What the window's tools item offers, by fingerprint (world_state records it). */
  #topLevelTools: Record<string, string> | undefined;

  private get pack(): Pack {
    return this.init.pack;
  }

  private sessionMeta(meta: SessionMeta): Record<string, unknown> {
    const settings = this.init.settings;
    const catalogText = sessionInstructions0169(this.pack, settings.model, settings.personality);
    return sessionMeta0169(meta, {
      runtimeWorkspaceRoots: runtimeWorkspaceRoots(settings),
      threadSource: this.init.threadSource ?? (this.init.source === 'exec' ? 'user' : undefined),
      subagent: this.init.subagent,
      // A spawned agent's session_meta names its multi-agent version (a root's leaves it to turn_context).
      // A review thread has no agents of its own to collaborate with.
      ...(this.init.subagent !== undefined ? { multiAgentVersion: this.init.subagent.kind === 'review' ? 'disabled' : this.#multiAgentVersion } : {}),
      instructionsModel: meta.base_instructions?.text === catalogText ? settings.model.slug : undefined,
      contextWindowId: this.#windows.id,
    });
  }

  itemMeta(createTime = false): ItemMeta {
    return { turnId: this.#turn?.turnId, ...(createTime ? { createTime: createTimeNow() } : {}) };
  }

  buildInitialContext(pack: Pack, settings: TurnSettings, base: string, opts: InitialContextOptions = {}): ResponseItem[] {
    this.#contextRebuilt = true;
    const meta = this.itemMeta(this.#windows.number === 0);
    const window = windowContext(pack, settings, {
      ...meta,
      multiAgentVersion: this.#multiAgentVersion,
      toolNames: this.#toolNames,
      includeDeveloperInstructions: opts.includeDeveloperInstructions,
      subagentText: this.#subagentText,
      subagents: this.#team?.subagents,
    });
    // A code-mode model's window holds its base instructions, behind its tools: Codex 0.169 records
    // them with the window; other models get them at send time only (inputWithInstructions).
    this.#windowInstructions = isCodeMode(settings.model) ? this.sent(base) : undefined;
    this.#topLevelTools = topLevelTools(window);
    return this.#windowInstructions !== undefined ? windowWithInstructions(window, baseInstructionsMessage(this.threadId, this.#windowInstructions, meta, messageId())) : window;
  }

  settingsUpdateItems(pack: Pack, previous: PreviousTurn, next: TurnSettings, _base: string, opts: { afterFreshContext?: boolean } = {}): ResponseItem[] {
    const subagents = this.#team?.subagents;
    return settingsUpdates0169(pack, previous, next, { afterFreshContext: opts.afterFreshContext ?? false, toolNames: this.#toolNames, meta: this.itemMeta(true), subagents });
  }

  private requestContext(compaction?: CompactionInfo): RequestContext {
    const turn = this.#turn;
    return {
      threadId: this.threadId,
      turnId: turn?.turnId ?? newThreadId(),
      installationId: this.installation,
      windowNumber: this.#windows.number,
      contextWindowId: this.#windows.id,
      historyInitialization: this.#historyInitialization,
      forkedFrom: this.forkedFrom,
      exec: this.init.source === 'exec',
      trigger: turn?.attribution?.trigger,
      threadSource: this.init.threadSource,
      subagent: this.init.subagent,
      builtinProvider: this.init.providerId === 'openai',
      signedInWithChatGpt: this.init.signedInWithChatGpt,
      turnStartedAtMs: turn?.startedAtMs ?? Date.now(),
      workspaces: turn?.workspaces ?? {},
      compaction,
    };
  }

  /** Base instructions as sent (config ones untouched, catalog ones cut for absent tools). */
  private sent(text: string): string {
    const custom = this.init.instructionsOverride !== undefined && text === this.init.instructionsOverride;
    return sentInstructions0169(this.pack, text, this.#toolNames, custom);
  }

  sentPrompt(prompt: Prompt, settings: TurnSettings, opts: RenderOptions): Prompt {
    return sentPrompt0169({ ...prompt, instructions: this.sent(prompt.instructions) }, settings, {
      threadId: this.threadId,
      builtinProvider: this.init.providerId === 'openai',
      wire: opts.wire,
    });
  }

  bodyFor(sent: Prompt, settings: TurnSettings, _opts: RenderOptions): ResponsesRequestBody {
    return bodyFor0169(sent, settings, this.requestContext());
  }

  compactionRendering(compaction: CompactionInfo): PromptRendering {
    return {
      sentPrompt: (prompt, settings, opts) => this.sentPrompt(prompt, settings, opts),
      bodyFor: (sent, settings) => bodyFor0169(sent, settings, this.requestContext(compaction)),
    };
  }

  async turnStarted(turnId: string, settings: TurnSettings, attribution?: TurnAttribution): Promise<RolloutLineInput[]> {
    this.#turn = { turnId, startedAtMs: Date.now(), workspaces: await workspaceStates(settings.cwd), exec: this.init.source === 'exec', attribution, spawnedBy: spawnedBy(this.init.subagent) };
    this.rolloutFormat.noteTurnStarted(settings.model.truncation_policy);
    const lines = turnLines(this.rolloutFormat);
    const opened = Array.from({ length: this.#settingsEvents.forTurn(settings) }, () => lines.settingsApplied(this.threadId, settings, this.init.providerId));
    return [...opened, ...lines.started(this.#turn, settings)];
  }

  responseCompleted(responseId: string, model: ModelInfo): void {
    // Codex 0.169 counts reasoning in the last usage of a model its catalog marks `use_responses_lite`.
    this.rolloutFormat.noteResponse(responseId, model.use_responses_lite === true);
  }

  goalSet(goal: GoalView, settings: TurnSettings): RolloutLineInput[] {
    const lines = turnLines(this.rolloutFormat);
    const first = this.#settingsEvents.afterGoalSet();
    return [lines.goalUpdated(this.threadId, goal), ...(first ? [lines.settingsApplied(this.threadId, settings, this.init.providerId)] : [])];
  }

  rateLimitsReported(snapshot: RateLimitSnapshot): void {
    this.rolloutFormat.noteRateLimits(snapshot);
  }

  /** The context state as it stands (what a world_state line records); the team as last seen is kept for the next window. */
  #currentWorldState(settings: TurnSettings, team: TeamView | undefined): Record<string, unknown> {
    this.#team = team ?? this.#team;
    const multiAgentUsageHint = this.#subagentText ?? (this.pack.has('multi_agent/v2_root.md') ? this.pack.text('multi_agent/v2_root.md') : undefined);
    const window = { windowInstructions: this.#windowInstructions, topLevelTools: this.#topLevelTools };
    return worldState(this.pack, { settings, multiAgentVersion: this.#multiAgentVersion, toolNames: this.#toolNames, ...window, multiAgentUsageHint, subagents: this.#team?.subagents });
  }

  beforePrompt(settings: TurnSettings, team?: TeamView): RolloutLineInput[] {
    const lines = turnLines(this.rolloutFormat);
    const rebuilt = this.#contextRebuilt;
    this.#contextRebuilt = false;
    const out: RolloutLineInput[] = [];
    const world = this.#worldState.update(this.#currentWorldState(settings, team), rebuilt);
    if (world !== undefined) out.push(lines.worldState(world.state, world.full));
    out.push(lines.turnContext(this.#turn, settings, this.#multiAgentVersion));
    if (rebuilt) out.push(lines.settingsApplied(this.threadId, settings, this.init.providerId));
    out.push(...this.#afterCompaction.splice(0));
    return out;
  }

  /** Codex 0.169 records, at each sampling, what changed in the context state since the last line (a spawned agent). */
  samplingStarted(settings: TurnSettings, team?: TeamView): RolloutLineInput[] {
    const world = this.#worldState.update(this.#currentWorldState(settings, team), false);
    return world === undefined ? [] : [turnLines(this.rolloutFormat).worldState(world.state, world.full)];
  }

  turnCompleted(lastMessage: string | undefined): RolloutLineInput[] {
    const turn = this.#turn;
    return turn ? turnLines(this.rolloutFormat).completed(turn, lastMessage) : [];
  }

  turnFailed(lastMessage: string | undefined, error: unknown): RolloutLineInput[] {
    const turn = this.#turn;
    return turn ? turnLines(this.rolloutFormat).completed(turn, lastMessage, { message: errorMessage(error), codex_error_info: storedErrorCategory(errorCategory(error)) }) : [];
  }

  /**
   * Codex 0.169 stops a turn whose answer was streaming (its rate limits reported, no token count
   * written since) by writing where the token counts stand (null before any usage) before the
   * marker: a user's interrupt (appserver-0.169 d), an agent's (interrupt_agent) or the thread
   * closing. The marker's role follows the thread's multi-agent version (interruption-marker.ts);
   * `turn_aborted` closes the turn.
   */
  turnAborted(pack: Pack, tokenInfo: TokenInfo | null | undefined): TurnAbortRecord {
    const turn = this.#turn;
    return {
      before: this.rolloutFormat.rateLimitsUncounted ? [this.rolloutFormat.tokenCount(tokenInfo ?? null)] : [],
      marker: interruptionMarker(pack, this.#multiAgentVersion),
      after: [turn ? turnLines(this.rolloutFormat).aborted(turn, 'interrupted') : turnAbortedEvent('interrupted')],
    };
  }

  mcpCallCompleted(call: McpCallRecord): RolloutLineInput[] {
    this.rolloutFormat.noteMcpCall(call.callId, call.server, call.tool);
    return [turnLines(this.rolloutFormat).itemCompleted(this.threadId, this.#turn?.turnId ?? null, mcpToolCallItem(call), call.durationMs)];
  }

  toolItemCompleted(record: ToolItemRecord): RolloutLineInput[] {
    const done = toolTurnItem(record, this.threadId);
    return done === undefined ? [] : [turnLines(this.rolloutFormat).itemCompleted(this.threadId, this.#turn?.turnId ?? null, done.item, done.durationMs)];
  }

  decorateItem(item: ResponseItem): ResponseItem {
    return decorateCreatedItem(item, this.itemMeta(true));
  }

  /** The input counter's places taken as Codex takes them (rollout-format.ts). */
  readonly modelItemStarted = (raw: WireOutputItem): void => this.rolloutFormat.noteItemStarted(raw);
  readonly userInputAccepted = (): void => this.rolloutFormat.noteUserInputAccepted();

  modelItem(item: ResponseItem, raw: WireOutputItem): ResponseItem {
    if (this.#turn !== undefined) this.#turn.firstOutputAtMs ??= Date.now();
    const kept = modelOutputItem(item, raw, this.#turn?.turnId);
    this.rolloutFormat.noteModelItem(kept as unknown as Record<string, unknown>);
    return kept;
  }

  private catalogModel(slug: string): ModelInfo | undefined {
    return this.pack.json<ModelCatalog>('models.json').models.find((m) => m.slug === slug);
  }

  compHashChanged(previousModel: string, next: TurnSettings): boolean {
    const before = this.catalogModel(previousModel)?.comp_hash;
    const after = next.model.comp_hash;
    return before !== undefined && after !== undefined && before !== after;
  }

  /**
   * A 0.169 thread may carry on a rollout codex-0.98 wrote: its recorded apply_patch results are sent
   * framed, as 0.98 sent them (0.169's own results are text, which this leaves as they are).
   */
  requestHistory(items: readonly ResponseItem[], pack: Pack): ResponseItem[] {
    return framedPatchOutputs(items, pack);
  }

  compactsBeforeTurn(previous: PreviousTurn, next: TurnSettings): boolean {
    return this.compHashChanged(previous.model, next);
  }

  requestSettings(settings: TurnSettings, previousModel: string | undefined): TurnSettings {
    const previous = previousModel !== undefined ? this.catalogModel(previousModel) : undefined;
    return previous ? { ...settings, model: previous } : settings;
  }

  nextWindow(state: ThreadState, settings: TurnSettings): ResponseItem[] {
    this.#windows.next();
    const window = this.buildInitialContext(this.pack, settings, state.baseInstructions, { includeDeveloperInstructions: state.includeDeveloperInstructions });
    const text = this.init.instructionsOverride ?? sessionInstructions0169(this.pack, settings.model, settings.personality);
    if (text === state.baseInstructions) return window;
    // New base instructions live in the history; the ones in session_meta no longer apply.
    return windowWithInstructions(window, baseInstructionsMessage(this.threadId, this.sent(text), { turnId: this.#turn?.turnId }));
  }

  compactionStarted(state: ThreadState): RolloutLineInput[] {
    this.rolloutFormat.noteCompacting(true);
    return [this.rolloutFormat.tokenCount(state.tokenInfo)];
  }

  compactionFinished(state: ThreadState, trigger: CompactionTrigger): RolloutLineInput[] {
    // A manual compaction's turn records the rebuilt window's context, as a turn does before its prompt.
    const opened = trigger === 'manual' && this.#standaloneSettings ? this.beforePrompt(this.#standaloneSettings) : [];
    // The usage of the new window is an estimate until its first response (window-estimate.ts).
    const info = state.tokenInfo;
    const estimate = { ...usage0169(undefined), total_tokens: windowTokenEstimate(state.history, state.baseInstructions) };
    const lines: RolloutLineInput[] = [
      ...opened,
      ...(info ? [this.rolloutFormat.tokenCount({ ...info, last_token_usage: estimate }, true)] : []),
      // Written as the compaction's item, under the id clients saw live (rollout-format.ts).
      { type: 'event_msg', payload: { type: 'context_compacted', item_id: state.compactionItemId } },
    ];
    if (trigger !== 'pre-turn') return lines;
    this.#afterCompaction = lines;
    return [];
  }

  windowCompacted(message: string, replacement: readonly ResponseItem[]): RolloutLineInput {
    const retained = { replacement_history_metadata: this.rolloutFormat.replacementMetadata(replacement), retained_context: this.rolloutFormat.retainedContext() };
    return this.rolloutFormat.native('compacted', { message, replacement_history: replacement, ...retained, ...this.#windows.compacted() });
  }

  compact(state: ThreadState, deps: TurnDeps, settings: TurnSettings, trigger: CompactionTrigger, signal: AbortSignal): Promise<void> {
    if (trigger !== 'manual') return compactThread(this, state, deps, settings, trigger, signal);
    return this.#standaloneCompaction(state, deps, settings, signal);
  }

  /**
   * Codex 0.169 runs a manual compaction as a turn of its own (appserver-0.169 d): its request
   * carries that turn's id, and the rollout records the turn around it (task_started without
   * attribution, the rebuilt window's context after `compacted`, task_complete).
   */
  async #standaloneCompaction(state: ThreadState, deps: TurnDeps, settings: TurnSettings, signal: AbortSignal): Promise<void> {
    const turn: TurnRecord = { turnId: deps.turnId ?? newThreadId(), startedAtMs: Date.now(), workspaces: await workspaceStates(settings.cwd), exec: this.init.source === 'exec' };
    this.#turn = turn;
    this.rolloutFormat.noteTurnStarted();
    const lines = turnLines(this.rolloutFormat);
    await state.writer.append(lines.compactionStarted(turn, settings));
    this.#standaloneSettings = settings;
    try {
      await compactThread(this, state, deps, settings, 'manual', signal);
    } catch (err) {
      if (signal.aborted) await state.writer.append(turnAbortedEvent('interrupted'));
      else await state.writer.append(lines.completed(turn, undefined));
      await state.writer.flush().catch(() => undefined);
      throw err;
    } finally {
      this.#standaloneSettings = undefined;
    }
    await state.writer.append(lines.completed(turn, undefined));
    await state.writer.flush();
  }
}
