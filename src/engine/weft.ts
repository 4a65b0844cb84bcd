// The library's front door: a Weft holds one loaded runtime (config, pack, profile) and opens
// threads — new, resumed from a rollout, or forked from one.
import { AgentTeam } from './agents/agent-team.js';
import { GoalStore, goalsDbPath } from '../tools/goals/goal-store.js';
import path from 'node:path';
import { reviewTools } from './review-tools.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import { resolveApiKey } from '../client/provider.js';
import type { HomeSignIn } from './home-sign-in.js';
import { SignInState } from './sign-in-state.js';
import { resolveBaseInstructions } from '../context/base-instructions.js';
import { gitInfo } from '../context/git-info.js';
import { previousTurnOf, type PreviousTurn } from '../context/previous-turn.js';
import { RolloutError } from '../errors.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { historyFromRollout, noSessionMetaError } from '../thread/history-from-rollout.js';
import { firstLineProblem } from '../rollout/store/prefix.js';
import { readRolloutHead } from '../rollout/store/head.js';
import { sessionMetaLine } from '../rollout/format/records.js';
import { rolloutTimestamp } from '../rollout/format/writer.js';
import type { RolloutLock } from '../rollout/store/lock.js';
import { newThreadId } from '../rollout/store/thread-id.js';
import { StoredThreads } from './stored-threads.js';
import { Thread, type ThreadDeps } from '../thread/thread.js';
import type { ThreadState } from '../thread/thread-state.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { ToolRegistry, type ToolHandler } from '../tools/tool-registry.js';
import { registerBuiltInTools } from './built-in-tools.js';
import { catalogInstructions, newThreadContext, turnSettingsFor } from './new-thread-context.js';
import { assertModelChosen } from './model-for-wire.js';
import type { ProfileThreadInit } from '../profile/profile.js';
import { providerId, providerSettings } from './provider-settings.js';
import { ModelCatalogRefresher } from './model-catalog-refresher.js';
import { WebSocketRefusals } from '../client/websocket-refusals.js';
import { threadDeps } from './thread-deps.js';
import { loadRuntime, type Runtime } from './runtime.js';
import type { TurnContextPayload } from '../../protocol/rollout.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { threadStoreOf } from './configured-profile.js';
import { expandHome } from '../config/weft-home.js';
import type { Extension } from '../extensions/extension.js';
import { loadConfiguredExtensions } from '../extensions/load-extension.js';
import { ExtensionRegistry } from '../extensions/registry.js';
import { hooksForThread, type ReopenedRollout } from '../extensions/thread-hooks.js';
import { LongStringCache } from '../bytes/long-string-cache.js';

import type { OpenThreadOptions, WeftOptions } from './weft-options.js';

export type { OpenThreadOptions, WeftOptions };

export class Weft {
  readonly #tools = new ToolRegistry();
  readonly #extensions = new ExtensionRegistry();
  /** Where this home's threads are stored: every surface finds, reads and lists them here. */
  readonly store: ThreadStore;

  private constructor(
    readonly runtime: Runtime,
    private readonly options: WeftOptions,
  ) {
    this.store = threadStoreOf({ home: runtime.home, compat: runtime.profile.name, config: runtime.config, env: runtime.env });
    registerBuiltInTools(this.#tools);
  }

  #goals: GoalStore | undefined;

  /** The home's goals, where Codex 0.169 keeps them (opened on first use). */
  get goals(): GoalStore {
    return (this.#goals ??= new GoalStore(goalsDbPath(this.runtime.home, this.runtime.env)));
  }

  static async open(options: WeftOptions): Promise<Weft> {
    const weft = new Weft(await loadRuntime(options), options);
    const rt = weft.runtime;
    for (const extension of await loadConfiguredExtensions(rt.config.extensions, rt.configFile, (p) => expandHome(p, rt.env))) weft.use(extension);
    return weft;
  }

  /** Add an extension for the threads opened from now on (hooks chain in the order of `use`). */
  use(extension: Extension): this {
    this.#extensions.use(extension);
    return this;
  }

  /**
   * Register (or replace) the handler of a tool the requests already offer (a pack tool, or
   * `exec_command`). It adds no tool spec: to offer the model a new tool, use `thread.addTool`.
   */
  registerTool(name: string, handler: ToolHandler): this {
    this.#tools.register(name, handler);
    return this;
  }

  get home(): string {
    return this.runtime.home;
  }

  /** The stored threads, read-only: list them, read one's history (no lock taken). */
  get threads(): StoredThreads {
    return new StoredThreads(this.runtime, this.store);
  }

  #catalog: ModelCatalogRefresher | undefined;

  /** Once per Weft, before the first thread opens: the generation's model catalog refresh, if it has one. */
  #refreshCatalog(): Promise<void> {
    return this.#catalogRefresher().beforeFirstThread();
  }

  #catalogRefresher(): ModelCatalogRefresher {
    return (this.#catalog ??= new ModelCatalogRefresher(this.runtime, () => this.#signInState().signedInCatalog()));
  }

  async startThread(opts: OpenThreadOptions = {}): Promise<Thread> {
    const rt = this.runtime;
    const cwd = path.resolve(opts.overrides?.cwd ?? opts.cwd ?? this.options.cwd ?? process.cwd());
    const overrides = { ...opts.overrides, cwd };
    // A turn that cannot start (no provider, no key, no model for it) must not leave an empty thread behind.
    // The long strings its stream reads, which its rollout writer copies (one cache per thread).
    const longStrings = new LongStringCache();
    const given = opts.keyCheckedAtFirstCall === true ? this.#deps(longStrings) : this.#readyDeps(longStrings);
    const deps = opts.review === true ? { ...given, packTools: reviewTools(given.packTools) } : given;
    assertModelChosen(rt.config, rt.configFile, deps.provider, overrides.model);
    await this.#refreshCatalog();
    const ctx = await newThreadContext(rt, { cwd, overrides, instructions: opts.instructions });
    const id = newThreadId();
    const now = new Date();
    const warnings: string[] = [];
    const profileThread = await rt.profile.openThread({
      ...this.#profileThreadInit(ctx.settings, ctx.baseInstructions),
      ...(opts.subagent !== undefined ? { subagent: opts.subagent } : {}),
      kind: 'new',
      threadId: id,
    });
    const { path: file, writer } = await this.store.create(
      id,
      now,
      sessionMetaLine({
        id,
        timestamp: rolloutTimestamp(now),
        cwd,
        originator: this.options.originator ?? 'weft',
        cliVersion: rt.profile.cliVersion,
        source: this.options.source ?? 'exec',
        modelProvider: providerId(rt.config),
        baseInstructions: ctx.baseInstructions,
        git: await gitInfo(cwd),
      }),
      { format: profileThread.rolloutFormat, home: opts.rolloutHome ?? rt.home, inMemory: opts.ephemeral === true, onWarning: (w) => warnings.push(w), longStrings },
    );
    const state: ThreadState = {
      id,
      rolloutPath: file,
      writer,
      baseInstructions: ctx.baseInstructions,
      history: [],
      previousTurn: previousTurnOf(ctx.settings),
      needsInitialContext: true,
      includeDeveloperInstructions: true,
      tokenInfo: null,
      tools: this.#tools.clone(),
      extraToolSpecs: [],
      profileThread,
    };
    const thread = new Thread(state, (input) => this.#turnSettings(input), this.#hooked(deps, opts), overrides, cwd);
    if (warnings.length > 0) this.#pendingWarnings.set(thread, warnings);
    this.#formTeam(thread, opts);
    return thread;
  }

  /**
   * Reopen a thread by id, unique id prefix, name, rollout path, or `last`: the most recently updated
   * (of the threads of `opts.cwd` when given).
   */
  async resumeThread(ref: string, opts: OpenThreadOptions = {}): Promise<Thread> {
    const file = await this.#locate(ref, opts.cwd);
    return this.#reopen(file, opts);
  }

  /**
   * A new thread that starts as a copy of another: whole, or cut before its `at`-th user message
   * (0-based). The new rollout records the parent in `forked_from_id`.
   */
  async forkThread(ref: string, opts: OpenThreadOptions & { at?: number } = {}): Promise<Thread> {
    const parentPath = await this.#locate(ref, opts.cwd);
    if (opts.keyCheckedAtFirstCall !== true) this.#readyDeps(new LongStringCache());
    const rt = this.runtime;
    assertModelChosen(rt.config, rt.configFile, providerSettings(rt.config, rt.configFile, rt.env), opts.overrides?.model);
    // The parent read in place (a Postgres thread through its local copy).
    const parentFile = await this.store.localCopy(parentPath);
    const head = await readRolloutHead(parentFile);
    if (!head.sessionMeta) throw new RolloutError(`${parentPath}: no session_meta line; cannot fork`, parentPath);
    const newId = newThreadId();
    const now = new Date();
    const parent = head.sessionMeta;
    const forked = await this.store.createFromFile(async (home) => (await this.runtime.profile.forkRollout({
      home,
      parentPath: parentFile,
      newId,
      now,
      newSessionMeta: {
        id: newId,
        timestamp: rolloutTimestamp(now),
        cwd: parent.cwd,
        originator: this.options.originator ?? parent.originator,
        cli_version: this.runtime.profile.cliVersion,
        source: this.options.source ?? parent.source,
        ...(parent.model_provider !== undefined ? { model_provider: parent.model_provider } : {}),
        ...(parent.base_instructions ? { base_instructions: parent.base_instructions } : {}),
        ...(parent.git ? { git: parent.git } : {}),
      },
      ...(opts.at !== undefined ? { cutBeforeUserMessage: opts.at } : {}),
      contextPrefixes: contextPrefixes(this.runtime.pack).prefixes,
    })).path);
    return this.#reopen(forked, opts, newId);
  }

  /** The rollout of a thread, or the error saying why it cannot be found. */
  async locate(ref: string, cwd?: string): Promise<string> {
    return this.#locate(ref, cwd);
  }

  #locate(ref: string, cwd: string | undefined): Promise<string> {
    return this.store.locate(ref, cwd);
  }

  async #reopen(file: string, opts: OpenThreadOptions, forkedId?: string): Promise<Thread> {
    // Locked before reading: nothing can be appended between the read and this thread's first write.
    const lock = await this.store.lock(file);
    try {
      return await this.#reopenLocked(file, lock, opts, forkedId);
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  async #reopenLocked(file: string, lock: RolloutLock, opts: OpenThreadOptions, forkedId: string | undefined): Promise<Thread> {
    const rt = this.runtime;
    await this.#refreshCatalog();
    const warnings: string[] = [];
    const onWarning = (w: string) => warnings.push(w);
    const { records, headMeta: meta } = await this.store.readForReopen(file, onWarning);
    // The reader dropped a bad first line with only a warning: the error says what is wrong with it.
    if (!meta && records[0]?.line.type !== 'session_meta') throw noSessionMetaError(file, await firstLineProblem(file));
    const prefixes = contextPrefixes(rt.pack);
    const restored = historyFromRollout(records, file, (item: ResponseItem) => isRealUserMessage(item, prefixes), meta);
    const cwd = path.resolve(opts.overrides?.cwd ?? opts.cwd ?? this.options.cwd ?? restored.meta.cwd);
    const overrides = { ...opts.overrides, cwd };
    const { settings } = await this.#turnSettings({ cwd, overrides });
    const base = resolveBaseInstructions({
      override: rt.instructionsOverride,
      sessionText: restored.meta.base_instructions?.text,
      model: settings.model,
      personality: settings.personality,
      catalogText: catalogInstructions(rt),
    });
    const profileThread = await rt.profile.openThread({
      ...this.#profileThreadInit(settings, base.text),
      ...(forkedId !== undefined && opts.subagent !== undefined ? { subagent: opts.subagent } : {}),
      kind: forkedId ? 'fork' : 'resume',
      threadId: forkedId ?? restored.meta.id,
      records,
    });
    // Items of a rollout of the other generation, as this profile sends them.
    const adopt = restored.meta.cli_version !== rt.profile.cliVersion ? rt.profile.storedItem : undefined;
    const longStrings = new LongStringCache();
    const state: ThreadState = {
      id: forkedId ?? restored.meta.id,
      rolloutPath: file,
      writer: await this.store.openForWriting(file, lock, profileThread.rolloutFormat, onWarning, longStrings),
      baseInstructions: base.text,
      history: adopt ? restored.history.flatMap((item) => adopt(item) ?? []) : restored.history,
      previousTurn: restored.lastTurnContext ? previousTurnFromRollout(restored.lastTurnContext) : previousTurnOf(settings),
      needsInitialContext: rt.profile.contextOnReopen,
      includeDeveloperInstructions: opts.repeatDeveloperInstructions ?? true,
      tokenInfo: restored.tokenInfo,
      tools: this.#tools.clone(),
      extraToolSpecs: [],
      profileThread,
    };
    const thread = new Thread(state, (input) => this.#turnSettings(input), this.#hooked(this.#deps(longStrings), opts, { records, history: state.history, warn: onWarning }), overrides, cwd);
    this.#pendingWarnings.set(thread, warnings);
    this.#formTeam(thread, opts);
    return thread;
  }

  /** A turn's settings; refused when the provider serves its own models and none was chosen. */
  #turnSettings(input: Parameters<typeof turnSettingsFor>[1]): ReturnType<typeof turnSettingsFor> {
    const rt = this.runtime;
    assertModelChosen(rt.config, rt.configFile, providerSettings(rt.config, rt.configFile, rt.env), input.overrides.model);
    return turnSettingsFor(rt, input);
  }

  /** A thread that is no agent's child leads a team of its own (its collaboration tools act in it). */
  #formTeam(thread: Thread, opts: OpenThreadOptions): void {
    if (opts.teamChild === true || opts.review === true) return;
    const cwd = opts.overrides?.cwd ?? opts.cwd;
    const team = new AgentTeam(
      thread,
      async ({ parent, forkTurns, model, reasoningEffort, link }) => {
        // A child starts from its parent's settings (sandbox, approvals, model, the summary its turn runs
        // with: Codex 0.169 sets it in the child's config), then its own model and effort; not from the
        // parent's collaboration mode: Codex 0.169 runs a child in the default mode, whatever the parent's.
        const { collaborationMode: _parentMode, ...inherited } = parent.overrides;
        const reasoningSummary = inherited.reasoningSummary ?? (await parent.nextTurnSettings()).reasoningSummary;
        const overrides = { ...inherited, reasoningSummary, ...(model !== undefined ? { model } : {}), ...(reasoningEffort !== undefined ? { reasoningEffort } : {}) };
        const child = { teamChild: true, ...(cwd !== undefined ? { cwd } : {}), overrides, subagent: link };
        return forkTurns === 'all' ? this.forkThread(parent.rolloutPath, child) : this.startThread(child);
      },
      this.runtime.toolTexts.agents,
    );
    this.#teams.set(thread, team);
  }

  /** The team a root thread leads (its spawned agents, observable), or undefined for a child thread. */
  teamOf(thread: Thread): AgentTeam | undefined {
    return this.#teams.get(thread);
  }

  readonly #teams = new WeakMap<Thread, AgentTeam>();

  /** What a profile with per-thread behaviour is told about a thread it opens. */
  #profileThreadInit(settings: TurnSettings, baseInstructions: string): Omit<ProfileThreadInit, 'kind' | 'threadId'> {
    const rt = this.runtime;
    return {
      home: rt.home,
      pack: rt.pack,
      packTools: rt.packTools,
      settings,
      providerId: providerId(rt.config),
      signedInWithChatGpt: this.#signInState().chatGptSession() !== undefined,
      source: this.options.source ?? 'exec',
      threadSource: this.options.threadSource,
      baseInstructions,
      instructionsOverride: rt.instructionsOverride,
    };
  }

  readonly #pendingWarnings = new WeakMap<Thread, string[]>();
  /** Providers found not to speak the Responses WebSocket: no thread of this engine asks them again. */
  readonly #webSocketRefusals = new WebSocketRefusals();

  /** Warnings met while reopening a thread (skipped rollout lines…), reported once. */
  takeWarnings(thread: Thread): string[] {
    const list = this.#pendingWarnings.get(thread) ?? [];
    this.#pendingWarnings.delete(thread);
    return list;
  }

  /** The thread deps, once the provider is known to be usable: its table exists and its key is set. */
  #readyDeps(longStrings: LongStringCache): ThreadDeps {
    const deps = this.#deps(longStrings);
    resolveApiKey(deps.provider, this.runtime.env);
    return deps;
  }

  #signIn: SignInState | undefined;

  /** The home's sign-in, read once per Weft (its threads share one ChatGPT session and its renewals). */
  homeSignIn(): HomeSignIn {
    return this.#signInState().home();
  }

  /** The home's sign-in changed (a login or logout): threads opened from now on read it again. */
  forgetSignIn(): void {
    this.#signIn?.forget();
  }

  #signInState(): SignInState {
    return (this.#signIn ??= new SignInState(this.runtime, this.options.originator ?? 'weft', this.options.memoryAuth));
  }

  #deps(longStrings: LongStringCache): ThreadDeps {
    return threadDeps(this.runtime, this.options, {
      provider: this.#signInState().provider(),
      webSocketRefusals: this.#webSocketRefusals,
      onModelsEtag: this.#catalogRefresher().onModelsEtag,
      goals: this.goals,
      longStrings,
    });
  }

  /** `deps` with extension hooks when the thread has any extension. */
  #hooked(deps: ThreadDeps, opts: OpenThreadOptions, reopened?: ReopenedRollout): ThreadDeps {
    const hooks = hooksForThread(this.#extensions, opts.extensions, deps, reopened);
    return hooks ? { ...deps, hooks } : deps;
  }
}

function previousTurnFromRollout(tc: TurnContextPayload): PreviousTurn {
  return {
    cwd: tc.cwd,
    model: tc.model,
    approvalPolicy: tc.approval_policy,
    sandboxJson: JSON.stringify(tc.sandbox_policy),
    personality: tc.personality ?? undefined,
    collaborationModeJson: tc.collaboration_mode ? JSON.stringify(tc.collaboration_mode) : undefined,
  };
}
