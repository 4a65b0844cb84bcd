// An open thread: runs turns one at a time against its state. Surfaces hold a Thread and call run().
import { randomUUID } from 'node:crypto';
import { injectItems } from './inject-items.js';
import { recordInterruptionOf } from './turn-loop.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import { continuationItems, goalView, type ThreadGoal } from '../tools/goals/thread-goal.js';
import type { AgentPort } from '../tools/agents/agent-port.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { ToolHandler } from '../tools/tool-registry.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { McpSession } from '../mcp/mcp-session.js';
import { UsageError } from '../errors.js';
import type { ThreadEventListener } from './thread-events.js';
import type { PendingInput, ThreadState, TurnDeps, TurnAttribution } from './turn-ports.js';
import type { TokenInfo } from '../rollout/format/token-info.js';
import type { SubAgentActivityRecord } from '../rollout/format/record-format.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { rollbackThreadState } from './thread-rollback.js';
import { threadNameEvent } from '../rollout/store/thread-name.js';
import { runTurn, type TurnOutcome } from './turn-loop.js';
import { DurableEvents } from './durable-events.js';
import { record } from './record-items.js';
import { runUserShellCommand, runUserShellCommandTurn, type UserShellOptions } from './user-shell-command.js';
import { recordReviewEntered, recordReviewExited, type ReviewEntered, type ReviewExited } from './review-records.js';
import { definedOnly } from '../defined-only.js';

export interface RunOptions {
  /** Settings for this turn only, over the thread's. */
  readonly overrides?: SettingsOverrides;
  readonly signal?: AbortSignal;
  readonly onEvent?: ThreadEventListener;
  readonly outputSchema?: unknown;
  /** Images sent with the text (URLs; data URLs for local files), as `input_image` parts before it. */
  readonly images?: readonly string[];
  /** The turn's id, when the caller named the turn before it ran (app-server); a fresh UUID otherwise. */
  readonly turnId?: string;
  /** Run without user input: the model goes on from the history. */
  readonly withoutInput?: boolean;
  /** Who started a turn no user input started (a goal's continuation): recorded and sent as Codex does. */
  readonly attribution?: TurnAttribution;
}

export type ThreadDeps = Omit<TurnDeps, 'emit' | 'outputSchema' | 'turnId' | 'withoutInput' | 'attribution'>;

/** A turn's settings and what reading them found wrong: with the user instructions, and (apart) with the skills. */
export type SettingsFor = (input: { cwd: string; overrides: SettingsOverrides }) => Promise<{ settings: TurnSettings; warnings: string[]; skillWarnings?: string[] }>;

export class Thread {
  #running = false;
  #inTurn = false;
  #lastTurnId: string | undefined;
  #currentTurnId: string | undefined;

  constructor(
    private readonly state: ThreadState,
    private readonly settingsFor: SettingsFor,
    private readonly deps: ThreadDeps,
    /** Settings fixed for the thread's life in this process (CLI flags, protocol params). */
    private threadOverrides: SettingsOverrides,
    private readonly defaultCwd: string,
  ) {}

  get id(): string {
    return this.state.id;
  }

  /** The running turn's id (undefined between turns). */
  get currentTurnId(): string | undefined {
    return this.#currentTurnId;
  }

  /** The settings fixed for the thread's life (a spawned agent starts from its parent's). */
  get overrides(): SettingsOverrides {
    return { ...this.threadOverrides };
  }

  get rolloutPath(): string {
    return this.state.rolloutPath;
  }

  /** A copy of the history the next request would carry. */
  get history() {
    return structuredClone(this.state.history);
  }

  get baseInstructions(): string {
    return this.state.baseInstructions;
  }

  /** Offer the model one more tool on this thread only; later requests carry its spec. */
  addTool(spec: ToolSpec, handler: ToolHandler): void {
    const name = spec.name;
    if (!name) throw new UsageError('a thread tool needs a name');
    this.state.extraToolSpecs.push(spec);
    this.state.tools.register(name, handler);
  }

  /** Make later turns use these settings too (model, sandbox…). */
  updateSettings(overrides: SettingsOverrides): void {
    this.threadOverrides = { ...this.threadOverrides, ...definedOnly(overrides) };
  }

  /** The settings the next turn would run with, without turn options (what a surface shows before it). */
  async nextTurnSettings(): Promise<TurnSettings> {
    return (await this.settingsFor({ cwd: this.defaultCwd, overrides: this.threadOverrides })).settings;
  }

  /** Run one user turn to its end (tool calls included). Turns of one thread never overlap. */
  async run(input: string, opts: RunOptions = {}): Promise<TurnOutcome> {
    if (this.#running) throw new UsageError(`thread ${this.id} is already running a turn`);
    this.#running = true;
    this.#inTurn = true;
    try {
      const overrides = { ...this.threadOverrides, ...definedOnly(opts.overrides ?? {}) };
      const { settings, warnings, skillWarnings = [] } = await this.settingsFor({ cwd: this.defaultCwd, overrides });
      // Told to the listener once what they report is committed (durable-events.ts).
      const events = new DurableEvents(() => this.state.writer, opts.onEvent ?? (() => undefined));
      const emit = events.emit;
      for (const message of warnings) emit({ type: 'warning', message, about: 'instructions' });
      for (const message of skillWarnings) emit({ type: 'warning', message, about: 'skills' });
      const signal = opts.signal ?? new AbortController().signal;
      const turnId = opts.turnId ?? randomUUID();
      this.#currentTurnId = turnId;
      let outcome: TurnOutcome;
      try {
        outcome = await runTurn(this.state, { ...this.deps, emit, outputSchema: opts.outputSchema, turnId, withoutInput: opts.withoutInput, attribution: opts.attribution }, settings, input, signal, opts.images ?? []);
        // A user's shell command that ended after the turn's last boundary: kept all the same.
        for (let left = this.state.pendingContinuing?.splice(0) ?? []; left.length > 0; left = this.state.pendingContinuing?.splice(0) ?? []) await record(this.state, left);
      } catch (err) {
        await events.drained().catch(() => undefined);
        throw err;
      }
      await events.drained();
      this.#lastTurnId = outcome.turnId;
      return outcome;
    } finally {
      this.#currentTurnId = undefined;
      this.#running = false;
      this.#inTurn = false;
    }
  }

  /**
   * Summarize the history now and rebuild it (manual compaction). `turnId` names the turn a
   * generation that runs compaction as a turn of its own records it under (0.169's app-server).
   */
  async compact(opts: { signal?: AbortSignal; onEvent?: ThreadEventListener; turnId?: string } = {}): Promise<void> {
    await this.#exclusive('running a turn; compact it after the turn', async () => {
      const settings = await this.nextTurnSettings();
      const events = new DurableEvents(() => this.state.writer, opts.onEvent ?? (() => undefined));
      try {
        await this.deps.compactor.compact(this.state, { ...this.deps, emit: events.emit, turnId: opts.turnId }, settings, 'manual', opts.signal ?? new AbortController().signal);
      } catch (err) {
        await events.drained().catch(() => undefined);
        throw err;
      }
      await events.drained();
    });
  }

  /** The thread's goal is active and a turn has ended: Codex 0.169 would run a continuation turn now. */
  goalWantsContinuation(): boolean {
    if (this.deps.goals?.exists() !== true || this.deps.goalContinuation === undefined || this.#running) return false;
    return this.deps.goals.get(this.id)?.status === 'active';
  }

  /**
   * Runs the continuation turn Codex 0.169 runs when a turn ends with the thread's goal active: no
   * user input, the objective (unless the model has it already) and the pack's continuation message
   * as its opening items, recorded and sent as a turn started by the goal. Undefined (nothing run)
   * when no goal is active.
   */
  async continueGoal(opts: Omit<RunOptions, 'withoutInput' | 'attribution'> = {}): Promise<TurnOutcome | undefined> {
    const goal = this.goalWantsContinuation() ? this.deps.goals?.get(this.id) : undefined;
    const text = this.deps.goalContinuation;
    if (goal === undefined || goal === null || text === undefined) return undefined;
    const pending = [...this.state.history, ...(this.state.pendingItems ?? []).map((d) => d.item)];
    for (const item of continuationItems(pending, goal.objective, text(goal.objective))) this.deliver(item);
    // Started by the goal, not by a turn: Codex 0.169 records no parent, and the turn as its own root.
    return this.run('', { ...opts, withoutInput: true, attribution: { trigger: 'goal' } });
  }

  /**
   * Runs turns until the goal no longer asks for one: the user's turn, then a continuation turn after
   * every completed turn that leaves the goal active (it ends complete, paused, blocked or out of
   * budget). Codex 0.169 does this for a thread whose goal is active. Resolves with the last outcome.
   */
  async runWithGoal(input: string, opts: RunOptions = {}): Promise<TurnOutcome> {
    let outcome = await this.run(input, opts);
    while (outcome.status === 'completed' && opts.signal?.aborted !== true) {
      const next = await this.continueGoal({ ...opts, turnId: undefined });
      if (next === undefined) break;
      outcome = next;
    }
    return outcome;
  }

  /**
   * The thread's goal is active after its turn: Codex 0.169 starts a goal continuation turn, and a
   * process that ends now (exec) stops that turn at once. This records the continuation started and
   * stopped, as Codex does; false (nothing recorded) when no goal is active.
   */
  async abandonGoalContinuation(): Promise<boolean> {
    // No goal database in the home: no goal, and no SQLite opened (nor file made) to learn it.
    if (this.deps.goals?.exists() !== true) return false;
    const goal = this.deps.goals.get(this.id);
    const parent = this.#lastTurnId;
    if (goal === undefined || goal === null || goal.status !== 'active' || parent === undefined || this.#running) return false;
    const pt = this.state.profileThread;
    await this.state.writer.append(await pt.turnStarted(randomUUID(), await this.nextTurnSettings(), { trigger: 'goal', parentTurnId: parent, rootTurnId: parent }));
    await recordInterruptionOf(this.state, this.deps.pack);
    return true;
  }

  /**
   * Appends raw Responses items to the model-visible history between turns (thread/inject_items);
   * items weft does not know are dropped. Returns how many were kept.
   */
  async injectItems(items: readonly unknown[]): Promise<number> {
    return this.#exclusive('running a turn; inject items after it ends', async () => injectItems(this.state, this.deps.pack, await this.nextTurnSettings(), items));
  }

  /**
   * Runs a user's own shell command (app-server `thread/shellCommand`), outside the sandbox. With a
   * turn running it joins that turn (the model is asked again with its result); between turns it is
   * a turn of its own, named `turnId`, that asks the model nothing (user-shell-command.ts).
   */
  async shellCommand(command: string, opts: UserShellOptions & { turnId?: string }): Promise<void> {
    if (this.#inTurn) {
      const item = await runUserShellCommand(this.state, this.deps, await this.nextTurnSettings(), command, opts);
      if (this.#inTurn) (this.state.pendingContinuing ??= []).push(item);
      else {
        await record(this.state, [item]);
        await this.state.writer.flush();
      }
      return;
    }
    const turnId = opts.turnId ?? randomUUID();
    await this.#exclusive('compacting; run the command after it', async () => {
      this.#currentTurnId = turnId;
      try {
        await runUserShellCommandTurn(this.state, this.deps, await this.nextTurnSettings(), turnId, command, opts);
      } finally {
        this.#currentTurnId = undefined;
      }
    });
  }

  /**
   * A review of this thread's work begins (the app-server's inline review): the review is a turn of
   * this thread, held until `exitReview`, while a review thread of its own does the reviewing.
   */
  async enterReview(entered: ReviewEntered): Promise<void> {
    if (this.#running) throw new UsageError(`thread ${this.id} is running a turn; start the review after it ends`);
    this.#running = true;
    try {
      await recordReviewEntered(this.state, await this.nextTurnSettings(), entered);
      this.#currentTurnId = entered.turnId;
    } catch (err) {
      this.#running = false;
      throw err;
    }
  }

  /** The review ends: with its result handed back to this thread, or (undefined) with none. */
  async exitReview(exited: ReviewExited | undefined): Promise<void> {
    try {
      if (exited !== undefined) await recordReviewExited(this.state, exited);
      else await this.state.writer.append(this.state.profileThread.turnCompleted(undefined));
      this.#lastTurnId = this.#currentTurnId;
    } finally {
      this.#currentTurnId = undefined;
      this.#running = false;
    }
  }

  /**
   * Tells the model something the user decided outside a turn (an action automatic review denied,
   * approved after all): with a turn running, the item joins it at its next boundary and the model is
   * asked again; otherwise it waits for the next turn, recorded before that turn's context.
   */
  tellModel(item: ResponseItem): void {
    if (this.#inTurn) (this.state.pendingContinuing ??= []).push(item);
    else (this.state.queuedForNextTurn ??= []).push(item);
  }

  /** How many steered inputs wait for a turn (they start one of their own). */
  pendingInputCount(): number {
    return this.state.pendingInput?.length ?? 0;
  }

  /** How many items other agents delivered wait to be recorded (at the running turn's next boundary, or the next turn). */
  pendingItemCount(): number {
    return this.state.pendingItems?.length ?? 0;
  }

  /** True while a turn (or a manual compaction) runs. */
  get running(): boolean {
    return this.#running;
  }

  /** The token totals recorded so far (null before the first response). */
  get tokenInfo(): TokenInfo | null {
    return this.state.tokenInfo;
  }

  /**
   * Adds user input to the running turn: it is recorded before the turn's next request (after the
   * current one and its tool calls, or at once with `cutResponse`). Returns false when no turn is running.
   */
  steer(text: string, images: readonly string[] = [], opts: { cutResponse?: boolean } = {}): boolean {
    if (!this.#inTurn) return false;
    (this.state.pendingInput ??= []).push({ text, images });
    // Cut the response streaming now: the turn asks again with the input (as Codex 0.169 does).
    if (opts.cutResponse) this.state.cutSample?.abort();
    return true;
  }

  /**
   * Hands the thread an item another agent sent it (multi-agent v2): recorded at the running turn's
   * next boundary, or when the next turn starts. `triggerTurn` says, for a message between agents,
   * whether it is one that starts a turn (recorded beside it where the generation records that).
   */
  deliver(item: ResponseItem, opts: { triggerTurn?: boolean } = {}): void {
    (this.state.pendingItems ??= []).push({ item, triggerTurn: opts.triggerTurn });
  }

  /** Records what an agent of its team did, where the thread's generation records it (see RolloutRecords). */
  async recordAgentActivity(activity: SubAgentActivityRecord): Promise<void> {
    const line = this.state.profileThread.records.subAgentActivity?.(activity);
    if (line !== undefined) await this.state.writer.append(line);
  }

  /** Joins the thread to a team of agents: its collaboration tools act through `port`. */
  joinTeam(port: AgentPort): void {
    this.state.agents = port;
  }

  /** The team the thread belongs to, once joined. */
  get team(): AgentPort | undefined {
    return this.state.agents;
  }

  /** Writes what the rollout holds so far (before another thread copies it). */
  async flush(): Promise<void> {
    await this.state.writer.flush();
  }

  /** Steered input the last turn ended before recording (it arrived as the turn finished). */
  takePendingInput(): PendingInput[] {
    return this.state.pendingInput?.splice(0) ?? [];
  }

  /** Drops the last `numTurns` user turns from the history the model sees (not from disk). */
  async rollback(numTurns: number): Promise<void> {
    if (this.#running) throw new UsageError(`thread ${this.id} is running; roll it back after the turn`);
    const prefixes = contextPrefixes(this.deps.pack);
    await rollbackThreadState(this.state, numTurns, (item) => isRealUserMessage(item, prefixes));
  }

  /** Records a goal a client set on the thread (app-server thread/goal/set), where its generation records one. */
  async recordGoalSet(goal: ThreadGoal): Promise<void> {
    await this.state.writer.append(this.state.profileThread.goalSet(goalView(goal), await this.nextTurnSettings()));
    await this.state.writer.flush();
  }

  /** Records the thread's user-facing name in its rollout. */
  async setName(name: string): Promise<void> {
    await this.state.writer.append(threadNameEvent(this.id, name));
    await this.state.writer.flush();
  }

  /** The thread's MCP servers, when its configuration has any. */
  get mcp(): McpSession | undefined {
    return this.deps.mcp;
  }

  /** Runs `work` as the thread's only work (no turn, compaction or other such work beside it); `busy` says why not. */
  async #exclusive<T>(busy: string, work: () => Promise<T>): Promise<T> {
    if (this.#running) throw new UsageError(`thread ${this.id} is ${busy}`);
    this.#running = true;
    try {
      return await work();
    } finally {
      this.#running = false;
    }
  }

  /** Finish pending writes, kill the commands the thread left running and stop its MCP servers. */
  async close(): Promise<void> {
    await this.state.agents?.close?.();
    await this.state.execSessions?.closeAll();
    await this.state.codeMode?.closeAll();
    await this.deps.mcp?.close();
    this.deps.closeStream?.();
    await this.state.writer.close();
  }
}
