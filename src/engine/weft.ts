// The library's front door: a Weft holds one loaded runtime (config, pack, profile) and opens
// threads — new, resumed from a rollout, or forked from one.
import path from 'node:path';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import { wireStream, type PromptShapingOptions } from '../client/stream-for-wire.js';
import { postCompact } from '../client/compact-request.js';
import { isDefaultOpenAiProvider } from '../client/provider.js';
import { resolveBaseInstructions } from '../context/base-instructions.js';
import { gitInfo } from '../context/git-info.js';
import { previousTurnOf, type PreviousTurn } from '../context/settings-update.js';
import { RolloutError } from '../errors.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { historyFromRollout, noSessionMetaError } from '../thread/history-from-rollout.js';
import { firstLineProblem } from '../thread/rollout-prefix.js';
import { findRolloutPath, latestRollout, rolloutPath } from '../thread/rollout-paths.js';
import { readRolloutHead } from '../thread/rollout-head.js';
import { readRollout } from '../thread/rollout-reader.js';
import { forkRollout } from '../thread/rollout-fork.js';
import { sessionMetaLine } from '../thread/rollout-records.js';
import { RolloutWriter, rolloutTimestamp } from '../thread/rollout-writer.js';
import { lockRollout, type RolloutLock } from '../thread/rollout-lock.js';
import { assertThreadId, newThreadId } from '../thread/thread-id.js';
import { Thread, type ThreadDeps } from '../thread/thread.js';
import type { ThreadState } from '../thread/thread-state.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { createExecCommandHandler, EXEC_COMMAND_TOOL_NAME } from '../tools/exec-command.js';
import { APPLY_PATCH_TOOL_NAME, applyPatchTool } from '../tools/apply-patch/apply-patch-tool.js';
import { interceptShellPatch } from '../tools/apply-patch/shell-patch.js';
import { ToolRegistry, type ToolContext, type ToolHandler } from '../tools/tool-registry.js';
import { enabledServers } from '../mcp/enabled-servers.js';
import { mcpSession } from '../mcp/mcp-session.js';
import type { Approver } from '../tools/approval.js';
import { CODEX_098_TOOL_OUTPUTS } from '../tools/tool-output-style.js';
import { writeStdin, WRITE_STDIN_TOOL_NAME } from '../tools/unified-exec/write-stdin.js';
import { updatePlan, UPDATE_PLAN_TOOL_NAME } from '../tools/update-plan.js';
import { viewImage, VIEW_IMAGE_TOOL_NAME } from '../tools/view-image.js';
import { catalogInstructions, newThreadContext, turnSettingsFor } from './new-thread-context.js';
import { withHistoryBase } from '../thread/rollout-history-base.js';
import type { ProfileThreadInit } from '../profile/profile.js';
import { providerId, providerSettings } from './provider-settings.js';
import { loadRuntime, type Runtime, type RuntimeOptions } from './runtime.js';
import type { TurnContextPayload } from '../../protocol/rollout.js';
import type { ThreadEventListener } from '../thread/thread-events.js';
import { expandHome } from '../config/weft-home.js';
import type { Extension } from '../extensions/extension.js';
import { loadConfiguredExtensions } from '../extensions/load-extension.js';
import { ExtensionRegistry } from '../extensions/registry.js';
import { hooksForThread, type ReopenedRollout } from '../extensions/thread-hooks.js';

export interface WeftOptions extends RuntimeOptions {
  /** Working directory of new threads (default: process.cwd()). */
  readonly cwd?: string;
  /** Who asks the user before a command runs; without one, commands needing approval are refused. */
  readonly approver?: Approver;
  /** Recorded in session_meta as Codex does (`codex_exec`/`exec` for the exec surface). */
  readonly originator?: string;
  readonly source?: string;
  /** Context panels, stability tiers and history detachment for every thread's requests. */
  readonly promptShaping?: PromptShapingOptions;
}

export interface OpenThreadOptions {
  readonly cwd?: string;
  readonly overrides?: SettingsOverrides;
  /** App-server resumes and forks leave the configured developer instructions out of the fresh context. */
  readonly repeatDeveloperInstructions?: boolean;
  /** Extensions of this thread only, after the Weft's own (e.g. an assembly strategy). */
  readonly extensions?: readonly Extension[];
  /** Where the new thread's rollout goes instead of the home (an ephemeral app-server thread's scratch directory). */
  readonly rolloutHome?: string;
}

export class Weft {
  readonly #tools = new ToolRegistry();
  readonly #extensions = new ExtensionRegistry();

  private constructor(
    readonly runtime: Runtime,
    private readonly options: WeftOptions,
  ) {
    this.#tools.register(EXEC_COMMAND_TOOL_NAME, interceptShellPatch(createExecCommandHandler()));
    this.#tools.register(APPLY_PATCH_TOOL_NAME, applyPatchTool);
    // The generation's other tools run only when the request offered them (else: unsupported call).
    this.#tools.register(WRITE_STDIN_TOOL_NAME, writeStdin, { whenOffered: true });
    this.#tools.register(UPDATE_PLAN_TOOL_NAME, updatePlan, { whenOffered: true });
    this.#tools.register(VIEW_IMAGE_TOOL_NAME, viewImage, { whenOffered: true });
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

  async startThread(opts: OpenThreadOptions = {}): Promise<Thread> {
    const rt = this.runtime;
    const cwd = path.resolve(opts.overrides?.cwd ?? opts.cwd ?? this.options.cwd ?? process.cwd());
    const overrides = { ...opts.overrides, cwd };
    const ctx = await newThreadContext(rt, { cwd, overrides });
    const id = newThreadId();
    const now = new Date();
    const file = rolloutPath(opts.rolloutHome ?? rt.home, id, now);
    const profileThread = await rt.profile.openThread?.({
      ...this.#profileThreadInit(ctx.settings, ctx.baseInstructions),
      kind: 'new',
      threadId: id,
    });
    const writer = await RolloutWriter.create(
      file,
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
      { format: profileThread?.rolloutFormat },
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
      ...(profileThread ? { profileThread } : {}),
    };
    return new Thread(state, rt, this.#hooked(this.#deps(), opts), overrides, cwd);
  }

  /** Reopen a thread by id, by rollout path, or `last` (the most recently updated). */
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
    const head = await readRolloutHead(parentPath);
    if (!head.sessionMeta) throw new RolloutError(`${parentPath}: no session_meta line; cannot fork`, parentPath);
    const newId = newThreadId();
    const now = new Date();
    const parent = head.sessionMeta;
    const result = await (this.runtime.profile.forkRollout ?? forkRollout)({
      home: this.runtime.home,
      parentPath,
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
    });
    return this.#reopen(result.path, opts, newId);
  }

  /** The rollout of a thread, or the error saying why it cannot be found. */
  async locate(ref: string, cwd?: string): Promise<string> {
    return this.#locate(ref, cwd);
  }

  async #locate(ref: string, cwd: string | undefined): Promise<string> {
    if (ref === 'last') {
      const latest = await latestRollout(this.runtime.home, cwd ? { cwd: path.resolve(cwd) } : {});
      if (!latest) throw new RolloutError(`no thread to resume under ${this.runtime.home}/sessions`);
      return latest.path;
    }
    if (ref.endsWith('.jsonl')) return path.resolve(ref);
    const id = assertThreadId(ref);
    const found = await findRolloutPath(this.runtime.home, id);
    if (!found) throw new RolloutError(`thread ${id} not found under ${this.runtime.home}/sessions`);
    return found;
  }

  async #reopen(file: string, opts: OpenThreadOptions, forkedId?: string): Promise<Thread> {
    // Locked before reading: nothing can be appended between the read and this thread's first write.
    const lock = await lockRollout(file);
    try {
      return await this.#reopenLocked(file, lock, opts, forkedId);
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  async #reopenLocked(file: string, lock: RolloutLock, opts: OpenThreadOptions, forkedId: string | undefined): Promise<Thread> {
    const rt = this.runtime;
    const warnings: string[] = [];
    const onWarning = (w: string) => warnings.push(w);
    // After a compaction the rollout holds the rebuilt history: read from there, not from the top.
    // A codex-0.169 fork names its parent's lines instead of copying them: read those first.
    // Items stay in the file (itemBytes 'file'): the next request forwards their bytes from there.
    const read = { onWarning, itemBytes: 'file' } as const;
    const records = await withHistoryBase(await readRollout(file, { ...read, fromLastCheckpoint: true }), file, rt.home, read);
    const meta = records[0]?.line.type === 'session_meta' ? undefined : (await readRolloutHead(file)).sessionMeta;
    // The reader dropped a bad first line with only a warning: the error says what is wrong with it.
    if (!meta && records[0]?.line.type !== 'session_meta') throw noSessionMetaError(file, await firstLineProblem(file));
    const prefixes = contextPrefixes(rt.pack);
    const restored = historyFromRollout(records, file, (item: ResponseItem) => isRealUserMessage(item, prefixes), meta);
    const cwd = path.resolve(opts.overrides?.cwd ?? opts.cwd ?? this.options.cwd ?? restored.meta.cwd);
    const overrides = { ...opts.overrides, cwd };
    const { settings } = await turnSettingsFor(rt, { cwd, overrides });
    const base = resolveBaseInstructions({
      override: rt.instructionsOverride,
      sessionText: restored.meta.base_instructions?.text,
      model: settings.model,
      personality: settings.personality,
      catalogText: catalogInstructions(rt),
    });
    const profileThread = await rt.profile.openThread?.({
      ...this.#profileThreadInit(settings, base.text),
      kind: forkedId ? 'fork' : 'resume',
      threadId: forkedId ?? restored.meta.id,
      records,
    });
    // Items of a rollout of the other generation, as this profile sends them.
    const adopt = rt.profile.storedItem && restored.meta.cli_version !== rt.profile.cliVersion ? rt.profile.storedItem : undefined;
    const state: ThreadState = {
      id: forkedId ?? restored.meta.id,
      rolloutPath: file,
      writer: await RolloutWriter.open(file, { format: profileThread?.rolloutFormat, lock }),
      baseInstructions: base.text,
      history: adopt ? restored.history.flatMap((item) => adopt(item) ?? []) : restored.history,
      previousTurn: restored.lastTurnContext ? previousTurnFromRollout(restored.lastTurnContext) : previousTurnOf(settings),
      needsInitialContext: rt.profile.contextOnReopen ?? true,
      includeDeveloperInstructions: opts.repeatDeveloperInstructions ?? true,
      tokenInfo: restored.tokenInfo,
      tools: this.#tools.clone(),
      extraToolSpecs: [],
      ...(profileThread ? { profileThread } : {}),
    };
    const thread = new Thread(state, rt, this.#hooked(this.#deps(), opts, { records, history: state.history, warn: onWarning }), overrides, cwd);
    this.#pendingWarnings.set(thread, warnings);
    return thread;
  }

  /** What a profile with per-thread behaviour is told about a thread it opens. */
  #profileThreadInit(settings: TurnSettings, baseInstructions: string): Omit<ProfileThreadInit, 'kind' | 'threadId'> {
    const rt = this.runtime;
    return {
      home: rt.home,
      pack: rt.pack,
      packTools: rt.packTools,
      settings,
      providerId: providerId(rt.config),
      source: this.options.source ?? 'exec',
      baseInstructions,
      instructionsOverride: rt.instructionsOverride,
    };
  }

  readonly #pendingWarnings = new WeakMap<Thread, string[]>();

  /** Warnings met while reopening a thread (skipped rollout lines…), reported once. */
  takeWarnings(thread: Thread): string[] {
    const list = this.#pendingWarnings.get(thread) ?? [];
    this.#pendingWarnings.delete(thread);
    return list;
  }

  #deps(): ThreadDeps {
    const rt = this.runtime;
    const provider = providerSettings(rt.config, rt.configFile, rt.env);
    return {
      profile: rt.profile,
      pack: rt.pack,
      packTools: rt.packTools,
      provider,
      stream: wireStream(rt.env, rt.pack.dir, this.options.promptShaping),
      toolContext: (settings, _signal, emit) => this.#toolContext(settings, emit),
      compactPrompt: rt.config.compact_prompt,
      remoteCompact:
        isDefaultOpenAiProvider(provider) && rt.config.features?.remote_compaction !== false
          ? (o) => postCompact({ ...o, env: rt.env })
          : undefined,
      autoCompactTokenLimit: rt.config.model_auto_compact_token_limit,
      mcp: enabledServers(rt.config.mcp_servers).length > 0 ? mcpSession(rt.config.mcp_servers ?? {}, rt.env) : undefined,
    };
  }

  /** `deps` with extension hooks when the thread has any extension. */
  #hooked(deps: ThreadDeps, opts: OpenThreadOptions, reopened?: ReopenedRollout): ThreadDeps {
    const hooks = hooksForThread(this.#extensions, opts.extensions, deps, reopened);
    return hooks ? { ...deps, hooks } : deps;
  }

  #toolContext(settings: TurnSettings, emit: ThreadEventListener): ToolContext {
    return {
      cwd: settings.cwd,
      env: this.runtime.env,
      approvalPolicy: settings.approvalPolicy,
      sandboxMode: settings.sandbox.type,
      sandboxPolicy: settings.sandbox,
      truncationPolicy: settings.model.truncation_policy,
      approver: this.options.approver,
      renderExecOutput: (vars) => this.runtime.pack.render('tool_output/exec_command.md', { ...vars }),
      renderSandboxDenied: this.runtime.pack.has(SANDBOX_DENIED_FILE)
        ? (vars) => this.runtime.pack.render(SANDBOX_DENIED_FILE, { ...vars })
        : undefined,
      texts: this.runtime.toolTexts,
      style: this.runtime.profile.toolOutputs ?? CODEX_098_TOOL_OUTPUTS,
      onPlanUpdate: (p) => emit({ type: 'plan_updated', callId: p.callId, explanation: p.explanation, plan: p.plan }),
      onExecEvent: (ev) => {
        if (ev.type === 'begin') emit({ type: 'command_started', callId: ev.callId, command: ev.command, cwd: ev.cwd });
        else emit({ type: 'command_finished', callId: ev.callId, command: ev.command, cwd: ev.cwd, aggregatedOutput: ev.aggregatedOutput, exitCode: ev.exitCode });
      },
      patch: {
        texts: this.runtime.patchTexts,
        sandbox: settings.sandbox,
        tmpdir: settings.tmpdir,
        onPatchEvent: (ev) => {
          if (ev.type === 'begin') emit({ type: 'file_change_started', callId: ev.callId, changes: ev.changes });
          else emit({ type: 'file_change_finished', callId: ev.callId, changes: ev.changes, status: ev.status });
        },
      },
    };
  }
}

const SANDBOX_DENIED_FILE = 'tool_output/sandbox_denied.md';

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
