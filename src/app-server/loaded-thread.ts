// A thread open in the server: its turns and compactions run one after another (a queue), each
// reporting through its own notifier. Turn ids follow the generation spoken: the thread's
// submission counter under 0.98 ("0", "1", …: settings changes and interrupts use up numbers too),
// UUIDs shared with the rollout under 0.169. A `turn/start` that arrives while a turn runs is
// steered into that turn; 0.169 also frames every turn with thread/status/changed.
import { randomUUID } from 'node:crypto';
import type { Turn, UserInput } from '../../protocol/app-server/common.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { turnSettingsFor } from '../engine/new-thread-context.js';
import type { Weft } from '../engine/weft.js';
import { errorMessage } from '../errors.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { Thread } from '../thread/thread.js';
import type { TurnOutcome } from '../thread/turn-loop.js';
import type { ThreadStatus } from './generation/generation.js';
import type { EphemeralHome } from './ephemeral-home.js';
import { rpcError } from './rpc-errors.js';
import { threadSettingsReporter, type ThreadSettingsReporter } from './thread-settings-notice.js';
import { readStateOrNone, type ThreadReadState } from './thread-read-state.js';
import { turnError } from './turn-error.js';
import { TurnNotifier, type Notify, type RateLimitMemory } from './turn-notifier.js';
import { reportSubAgents } from './sub-agent-notifier.js';
import { turnScope, type TurnScope } from './turn-scope.js';
import { resolveInput, steeredInput } from './user-input.js';
import { userShellNotifications } from './user-shell-items.js';
import type { ReviewWork, ThreadChannel, TurnRequest } from './loaded-thread-ports.js';

interface Active {
  /** `shell`: a user's shell command run between turns, as a turn of its own. */
  readonly kind: 'turn' | 'compact' | 'shell';
  readonly id: string;
  readonly controller: AbortController;
  readonly notifier: TurnNotifier;
}

type TurnTimes = { startedAtMs: number | null; completedAtMs: number | null };
type Outcome = TurnOutcome | { status: 'failed'; error: unknown };

/** What work run as a turn of its own gets (#queueAsTurn). */
interface QueuedRun {
  readonly signal: AbortSignal;
  readonly notifier: TurnNotifier;
  /** Turns the thread active and sends turn/started (for `turnId`, by default the work's own). */
  announce(turnId?: string, extra?: Partial<Turn>): void;
}

export class LoadedThread {
  #submissions = 0;
  #active: Active | undefined;
  /** Controllers of turns accepted but not started yet (queued behind another). */
  readonly #waiting = new Set<AbortController>();
  #queue: Promise<void> = Promise.resolve();
  #overrides: SettingsOverrides;
  /** How the last turn ended (0.169 shows it as the thread's status). */
  #rest: ThreadStatus = { type: 'idle' };
  /** The model slug the thread last reported (for the unknown-model warning of turn/start). */
  knownModel: string | undefined;
  /** The name given while loaded (an ephemeral thread's name lives only here). */
  name: string | null = null;
  private readonly notify: Notify;

  constructor(
    readonly thread: Thread,
    readonly weft: Weft,
    /** The thread's working directory (for settings and relative image paths). */
    readonly cwd: string,
    overrides: SettingsOverrides,
    private readonly channel: ThreadChannel,
    private readonly log: (message: string) => void,
    /** An ephemeral thread's scratch directory (its rollout), removed when the thread closes. */
    readonly scratch?: EphemeralHome,
  ) {
    this.#overrides = { ...overrides, cwd };
    this.notify = (method, params) => channel.notify(method, params);
    this.#unwatchTeam = reportSubAgents(weft.teamOf(thread), channel);
    this.settingsReports = threadSettingsReporter(thread.id, weft.runtime, cwd, channel, log);
  }

  /** Changes of the thread's settings, reported before the turn/start that made them is answered (0.169). */
  readonly settingsReports: ThreadSettingsReporter | undefined;
  /** Stops reporting the thread's agents (when the thread closes). */
  readonly #unwatchTeam: () => void;
  readonly #rateLimits: RateLimitMemory = {};

  get status(): ThreadStatus {
    return this.#active || this.#waiting.size > 0 ? { type: 'active', activeFlags: [] } : this.#rest;
  }

  #turnObject(id: string, status: Turn['status'], times: TurnTimes, error: Turn['error'] = null, items: Turn['items'] = []): Turn {
    return this.channel.generation.turn({ id, status, error, items, ...times }) as Turn;
  }

  #status(status: ThreadStatus): void {
    if (this.channel.generation.reportsThreadStatus) this.channel.notifyAny('thread/status/changed', { threadId: this.id, status });
  }

  get id(): string {
    return this.thread.id;
  }

  get busy(): boolean {
    return this.#active !== undefined || this.#waiting.size > 0;
  }

  get activeTurnId(): string | undefined {
    return this.#active?.kind === 'turn' ? this.#active.id : undefined;
  }

  #nextId(): string {
    const n = this.#submissions++;
    return this.channel.generation.uuidTurnIds ? randomUUID() : String(n);
  }

  /** The settings the thread's next turn would run with. */
  async settings(): Promise<TurnSettings> {
    return (await turnSettingsFor(this.weft.runtime, { cwd: this.cwd, overrides: this.#overrides })).settings;
  }

  #enqueue(op: () => Promise<void>): void {
    const run = this.#queue.then(op);
    this.#queue = run.catch((err: unknown) => this.log(`thread ${this.id}: ${errorMessage(err)}`));
  }

  /**
   * Accepts a turn: returns the turn to answer with and what to do once the answer is sent. The
   * turn is registered before this returns, so an interrupt that follows at once finds it.
   */
  startTurn(req: TurnRequest): { turn: Turn; after: () => void } {
    if (req.changesSettings) {
      this.#nextId();
      const before = this.#overrides;
      this.#overrides = { ...this.#overrides, ...req.overrides };
      this.settingsReports?.changed(before, this.#overrides);
      this.thread.updateSettings(req.overrides);
    }
    const active = this.#active;
    const notStarted = { startedAtMs: null, completedAtMs: null };
    if (active?.kind === 'turn' && req.input.length > 0) {
      // Steered like Codex: the work stays in the running turn. 0.98 answers with a new turn and
      // announces it; 0.169 answers with the running turn. Text and images are read before the
      // input joins the turn.
      if (this.channel.generation.steeringJoinsRunningTurn) {
        return { turn: this.#turnObject(active.id, 'inProgress', notStarted), after: () => void this.#steer(active, req.input) };
      }
      const turn = this.#turnObject(this.#nextId(), 'inProgress', notStarted);
      return {
        turn,
        after: () => {
          this.notify('turn/started', { threadId: this.id, turn });
          void this.#steer(active, req.input);
        },
      };
    }
    const id = this.#nextId();
    const controller = new AbortController();
    this.#waiting.add(controller);
    return {
      turn: this.#turnObject(id, 'inProgress', notStarted),
      after: () => this.#enqueue(() => this.#runTurn(id, req, controller)),
    };
  }

  async #steer(active: Active, input: UserInput[]): Promise<void> {
    try {
      const { text, images } = await resolveInput(input, this.cwd);
      active.notifier.queueInput(input);
      if (!this.thread.steer(text, images, { cutResponse: this.channel.generation.steeringCutsResponse })) this.log(`thread ${this.id}: steered input arrived after the turn ended; it starts a turn of its own`);
    } catch (err) {
      this.log(`thread ${this.id}: steered input dropped: ${errorMessage(err)}`);
    }
  }

  /**
   * A goal made active on an idle thread starts its continuation turn at once (0.169), as Codex
   * does; what to run once the request that set it is answered, or undefined.
   */
  goalTurnIfIdle(): (() => void) | undefined {
    if (this.busy || !this.channel.generation.reportsThreadStatus || !this.thread.goalWantsContinuation()) return undefined;
    return this.startTurn({ input: [], overrides: {}, changesSettings: false, goal: true }).after;
  }

  /** `turn/steer`: more input for the running turn; false when none runs. */
  steer(input: UserInput[]): boolean {
    const active = this.#active;
    if (active?.kind !== 'turn') return false;
    void this.#steer(active, input);
    return true;
  }

  async #runTurn(id: string, req: TurnRequest, controller: AbortController): Promise<void> {
    this.#waiting.delete(controller);
    const notifier = new TurnNotifier(this.notify, this.id, id, [req.input], this.channel.generation, this.#rateLimits);
    this.#active = { kind: 'turn', id, controller, notifier };
    const times: TurnTimes = { startedAtMs: Date.now(), completedAtMs: null };
    this.#status({ type: 'active', activeFlags: [] });
    this.notify('turn/started', { threadId: this.id, turn: this.#turnObject(id, 'inProgress', times) });
    let outcome: Outcome;
    try {
      if (controller.signal.aborted) {
        outcome = { status: 'interrupted', turnId: id };
      } else if (req.goal === true) {
        outcome =
          (await turnScope.run(this.#scope(id, notifier, controller), () => this.thread.continueGoal({ signal: controller.signal, turnId: id, onEvent: (e: ThreadEvent) => notifier.on(e) }),
          )) ?? { status: 'completed', turnId: id, lastMessage: undefined };
      } else if (req.input.length === 0 && !this.channel.generation.emptyInputSamples) {
        // Nothing to say: the turn ends at once, without a model request (as in Codex 0.98).
        outcome = { status: 'completed', turnId: id, lastMessage: undefined };
      } else {
        const { text, images } = await resolveInput(req.input, this.cwd);
        outcome = await turnScope.run(
          this.#scope(id, notifier, controller),
          () =>
            this.thread.run(text, {
              images,
              signal: controller.signal,
              outputSchema: req.outputSchema,
              ...(this.channel.generation.uuidTurnIds ? { turnId: id } : {}),
              ...(req.input.length === 0 ? { withoutInput: true } : {}),
              onEvent: (e: ThreadEvent) => notifier.on(e),
            }),
        );
      }
    } catch (err) {
      outcome = { status: 'failed', error: err };
    } finally {
      this.#active = undefined;
    }
    // Where totals are reported after responses only, a turn cut short reports where it stands.
    if (outcome.status === 'interrupted' && !this.channel.generation.totalsBeforeResponse) notifier.tokenUsage(this.thread.tokenInfo);
    notifier.settle();
    // A completed turn that leaves the thread's goal active is continued (0.169), as Codex does;
    // the read state is told after the last turn of such a run only.
    const continues = outcome.status === 'completed' && this.channel.generation.reportsThreadStatus && this.thread.goalWantsContinuation();
    // A completed turn is a result the user has not seen: its stored thread's read state changed.
    const readState = outcome.status === 'completed' && !continues ? await this.#readStateAfterTurn() : undefined;
    this.#finish(id, outcome, times, readState);
    if (continues && this.thread.pendingInputCount() === 0) {
      this.startTurn({ input: [], overrides: {}, changesSettings: false, goal: true }).after();
      return;
    }
    // Input steered in as the turn was ending becomes a turn of its own.
    for (const left of this.thread.takePendingInput()) this.startTurn({ input: steeredInput(left), overrides: {}, changesSettings: false }).after();
  }

  #scope(turnId: string, notifier: TurnNotifier, controller: AbortController): TurnScope {
    return {
      threadId: this.id,
      turnId,
      notifier,
      signal: controller.signal,
      interrupt: () => controller.abort(),
      stampsRequests: this.channel.generation.stampsNotifications,
      threadNotice: this.channel.generation.reportsThreadStatus ? (method, params) => this.channel.notifyAny(method, params) : undefined,
    };
  }

  /** The read state a completed turn leaves: stored threads, to experimental clients only (as Codex 0.169). */
  async #readStateAfterTurn(): Promise<ThreadReadState | undefined> {
    if (!this.channel.generation.reportsReadState || !this.channel.experimental || this.scratch !== undefined) return undefined;
    return readStateOrNone(this.weft.store, this.id, this.thread.rolloutPath, this.log);
  }

  #finish(id: string, outcome: Outcome, times: TurnTimes, readState?: ThreadReadState): void {
    times.completedAtMs = Date.now();
    const items = this.channel.turnSummary(id);
    if (outcome.status === 'failed') {
      const error = turnError(outcome.error);
      this.#rest = { type: 'systemError' };
      this.#status(this.#rest);
      this.notify('error', { error, willRetry: false, threadId: this.id, turnId: id });
      this.notify('turn/completed', { threadId: this.id, turn: this.#turnObject(id, 'failed', times, error, items) });
      return;
    }
    if (readState) this.channel.notifyAny('thread/readState/changed', { threadId: this.id, readState });
    this.#rest = { type: 'idle' };
    this.#status(this.#rest);
    this.notify('turn/completed', { threadId: this.id, turn: this.#turnObject(id, outcome.status, times, null, items) });
  }

  /**
   * Work that runs as a turn of its own (a review, a compaction, a user's shell command): queued
   * behind the thread's turns, waiting until it starts, active and interruptible while it runs, ended
   * by #finish. `work` announces the turn as its kind does and returns how it ended; a throw ends it
   * failed, or interrupted when the turn was interrupted.
   */
  #queueAsTurn(kind: Active['kind'], id: string, work: (run: QueuedRun) => Promise<Outcome>, opts: { readState?: boolean } = {}): () => void {
    const controller = new AbortController();
    this.#waiting.add(controller);
    return () =>
      this.#enqueue(async () => {
        this.#waiting.delete(controller);
        const notifier = new TurnNotifier(this.notify, this.id, id, [], this.channel.generation, this.#rateLimits);
        this.#active = { kind, id, controller, notifier };
        const times: TurnTimes = { startedAtMs: Date.now(), completedAtMs: null };
        const announce = (turnId = id, extra: Partial<Turn> = {}): void => {
          this.#status({ type: 'active', activeFlags: [] });
          this.notify('turn/started', { threadId: this.id, turn: { ...this.#turnObject(turnId, 'inProgress', times), ...extra } as Turn });
        };
        let outcome: Outcome;
        try {
          outcome = await work({ signal: controller.signal, notifier, announce });
        } catch (err) {
          outcome = controller.signal.aborted ? { status: 'interrupted', turnId: id } : { status: 'failed', error: err };
        } finally {
          this.#active = undefined;
        }
        const readState = opts.readState === true && outcome.status === 'completed' ? await this.#readStateAfterTurn() : undefined;
        this.#finish(id, outcome, times, readState);
      });
  }

  /**
   * `review/start` (inline): a review turn, queued like a turn and interrupted like one. The review
   * announces itself before the thread turns active (`enter`), then `run` does the reviewing under
   * the id of the review thread's own turn, which turn/started names (as Codex 0.169 does).
   */
  startReview(review: ReviewWork): { turn: Turn; after: () => void } {
    const id = this.#nextId();
    const turn = this.#turnObject(id, 'inProgress', { startedAtMs: null, completedAtMs: null }, null, review.items(id));
    const after = this.#queueAsTurn(
      'turn',
      id,
      async ({ signal, announce }) => {
        const child = await review.enter(id, this.notify);
        announce(child, { rootTurnId: id } as Partial<Turn>);
        return signal.aborted ? { status: 'interrupted', turnId: id } : await review.run(id, signal, this.notify);
      },
      { readState: true },
    );
    // The answer shows the review's name before any item has run: its items are not loaded yet.
    return { turn: { ...turn, rootTurnId: null, itemsView: 'notLoaded' } as Turn, after };
  }

  /** `thread/compact/start`: queued like a turn; reported with items, thread/compacted and turn/completed. */
  compact(): () => void {
    const id = this.#nextId();
    return this.#queueAsTurn('compact', id, async ({ signal, notifier, announce }) => {
      // 0.169 runs a compaction as a turn of its own, announced like one.
      if (this.channel.generation.reportsThreadStatus) announce();
      const onEvent = (e: ThreadEvent): void => {
        // Token totals before and after, around the compaction item, as Codex reports them.
        if (e.type === 'compaction_finished') notifier.tokenUsage(this.thread.tokenInfo);
        notifier.on(e);
        if (e.type === 'compaction_started') notifier.tokenUsage(this.thread.tokenInfo);
      };
      if (signal.aborted) throw signal.reason;
      await this.thread.compact({ signal, onEvent, turnId: id });
      return { status: 'completed', turnId: id, lastMessage: undefined };
    });
  }

  /**
   * `thread/shellCommand`: a user's shell command. With a turn running, it runs at once within that
   * turn; otherwise it is queued like a turn and framed like one (status, turn/started, its item,
   * turn/completed), with no model request. Returns what to do once the answer is sent.
   */
  shellCommand(command: string, timeoutMs: number | undefined): () => void {
    const active = this.#active;
    if (active?.kind === 'turn') {
      return () =>
        void this.thread
          .shellCommand(command, { timeoutMs, signal: active.controller.signal, listener: userShellNotifications(this.notify, this.id, active.id) })
          .catch((err: unknown) => this.log(`thread ${this.id}: shell command failed: ${errorMessage(err)}`));
    }
    const id = this.#nextId();
    return this.#queueAsTurn('shell', id, async ({ signal, announce }) => {
      announce();
      if (signal.aborted) return { status: 'interrupted', turnId: id };
      await this.thread.shellCommand(command, { timeoutMs, signal, turnId: id, listener: userShellNotifications(this.notify, this.id, id) });
      // Interrupted: the command was killed and recorded as it ended; the turn ends interrupted.
      return signal.aborted ? { status: 'interrupted', turnId: id } : { status: 'completed', turnId: id, lastMessage: undefined };
    });
  }

  /**
   * Stops what the thread is doing (and turns queued behind it). Uses up a submission id. Under
   * 0.169 the request must name the running turn, and nothing running is an error.
   */
  interrupt(turnId: string): void {
    if (this.channel.generation.strictInterrupt) {
      const running = this.#active?.id;
      if (running === undefined) throw rpcError.invalidRequest('no active turn to interrupt');
      if (running !== turnId) throw rpcError.invalidRequest(`expected active turn id ${turnId} but found ${running}`);
    }
    this.#nextId();
    this.#active?.controller.abort();
    for (const c of this.#waiting) c.abort();
  }

  /** Interrupts, waits for the queue to drain, closes the rollout. */
  async close(): Promise<void> {
    this.#active?.controller.abort();
    for (const c of this.#waiting) c.abort();
    await this.#queue;
    await this.thread.close();
    this.#unwatchTeam();
    await this.scratch?.remove();
  }
}
