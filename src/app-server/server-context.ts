// What every method handler works with: the connection, the client's identity, the runtimes
// (one per distinct set of config overrides a thread asked for) and the threads loaded in memory.
import { ExecProcess } from './exec-process.js';
import { FsWatches } from './fs-watches.js';
import { notifyGoalChanges } from './handlers/thread-goal-notifications.js';
import { clientUserInput } from './user-input-requests.js';
import path from 'node:path';
import type { ClientInfo } from '../../protocol/app-server/initialize.js';
import type { NotificationParams, ServerNotificationMethod } from '../../protocol/app-server/methods.js';
import { providerId } from '../engine/provider-settings.js';
import type { Env, RuntimeOptions } from '../engine/runtime.js';
import { withOverrideLines } from '../config/config-overrides.js';
import { Weft } from '../engine/weft.js';
import { workingDirectoryProblem } from '../engine/working-directory.js';
import { threadNamesFromIndex } from '../rollout/store/session-index.js';
import { assertThreadId } from '../rollout/store/thread-id.js';
import type { Thread } from '../thread/thread.js';
import { EXEC_COMMAND_TOOL_NAME } from '../tools/unified-exec/exec-command-tool.js';
import { interceptShellPatch } from '../tools/apply-patch/shell-patch.js';
import { sandboxModeFor, type SettingsOverrides } from '../config/resolve-settings.js';
import type { SandboxMode } from '../../protocol/config.js';
import { sandboxNotice } from '../tools/sandbox-notice.js';
import { clientApprover, scopedExecCommand } from './approvals.js';
import type { CompatProfile } from '../profile/profile.js';
import type { AppServerGeneration, NotificationShaper, ThreadLive } from './generation/generation.js';
import type { EphemeralHome } from './ephemeral-home.js';
import { LoadedThread } from './loaded-thread.js';
import type { ThreadChannel } from './loaded-thread-ports.js';
import type { AppServerFleet } from './fleet/app-server-fleet.js';
import type { ThreadEventRelay } from './fleet/thread-event-relay.js';
import { rpcError } from './rpc-errors.js';
import type { RpcConnection } from './rpc-connection.js';
import { reportMcpStartup } from './mcp-startup-status.js';
import { turnScope } from './turn-scope.js';
import { MemoryAuthStore } from '../auth/memory-auth.js';
import type { MemoryAuth } from '../engine/weft-options.js';
import { clientTokensRefresher } from './external-tokens-refresh.js';
import type { WorkspacePorts } from '../tools/workspace-ports.js';

export interface ServerOptions {
  readonly env: Env;
  /** Working directory of threads started without `cwd`. */
  readonly cwd: string;
  /** Home, pack, `-c` overrides, config profile, behaviour profile: as for every weft command. */
  readonly runtime?: Omit<RuntimeOptions, 'env'>;
  /** Where diagnostics go (stderr for the stdio server). */
  readonly log?: (message: string) => void;
  /** What the process shares with the other servers of its thread store (the notification relay). */
  readonly fleet?: AppServerFleet;
  /**
   * The files and terminals of the client running a thread, where the model's reads, edits and
   * commands go instead of weft's own (`weft acp`, in process, with an editor that offers them).
   */
  readonly workspace?: (threadId: string) => WorkspacePorts | undefined;
}

/** Codex records app-server threads with this source. */
export const APP_SERVER_SOURCE = 'vscode';

export class ServerContext {
  readonly #wefts = new Map<string, Promise<Weft>>();
  /** Sandbox modes whose notice this server has logged. */
  readonly #noticedModes = new Set<SandboxMode>();
  /** The sandbox probes behind those notices: close waits for them, as a probe may record its success in the home. */
  readonly #noticeProbes: Promise<void>[] = [];
  readonly loaded = new Map<string, LoadedThread>();
  /** Folders of user skills this connection added (`skills/extraRoots/set`). */
  skillExtraRoots: readonly string[] = [];
  /** This connection's running command/exec processes, by the client's process id. */
  readonly execProcesses = new Map<string, Promise<ExecProcess>>();
  /** This connection's fs/watch watches. */
  readonly fsWatches = new FsWatches((watchId, changedPaths) => this.notifyAny('fs/changed', { watchId, changedPaths }));
  /** Reshapes this connection's notifications for the generation spoken. */
  readonly #shaper: NotificationShaper;
  /** The relay to and from the other servers of a shared (Postgres) thread store. */
  relay: ThreadEventRelay | undefined;
  /** Threads run by another server that this connection follows: how to stop following each. */
  readonly followed = new Map<string, () => void>();

  constructor(
    readonly conn: RpcConnection,
    readonly options: ServerOptions,
    readonly client: ClientInfo,
    readonly experimental: boolean,
    /** The runtime without thread-specific overrides, opened at initialize (again after a config write). */
    public base: Weft,
    /** The protocol generation of the profile in effect. */
    readonly generation: AppServerGeneration<ServerContext>,
    /** This connection's in-memory sign-in (a client's `chatgptAuthTokens`, the `ephemeral` store). */
    readonly memoryAuth: MemoryAuth,
  ) {
    this.#wefts.set('[]', Promise.resolve(base));
    this.#shaper = generation.newShaper();
  }

  /** `generationOf` picks the protocol generation of the profile in effect (generation/select-generation.ts). */
  static async open(
    conn: RpcConnection,
    options: ServerOptions,
    client: ClientInfo,
    experimental: boolean,
    generationOf: (profile: CompatProfile) => Promise<AppServerGeneration<ServerContext>>,
  ): Promise<ServerContext> {
    const memoryAuth: MemoryAuth = { store: new MemoryAuthStore(), refresher: clientTokensRefresher(conn) };
    const base = await openWeft(conn, options, client, [], memoryAuth);
    const ctx = new ServerContext(conn, options, client, experimental, base, await generationOf(base.runtime.profile), memoryAuth);
    ctx.relay = await options.fleet?.relayFor(base.store);
    notifyGoalChanges(ctx);
    return ctx;
  }

  log(message: string): void {
    this.options.log?.(message);
  }

  notify<M extends ServerNotificationMethod>(method: M, params: NotificationParams<M>): void {
    this.notifyAny(method, params as Record<string, unknown>);
  }

  /**
   * Any notification of the generation spoken (some exist in one generation only). `at`: when it
   * was emitted, if not now (one relayed from the server running the thread).
   */
  notifyAny(method: string, params: Record<string, unknown>, at = Date.now()): void {
    const shaped = this.#shaper.shape(method, params, at);
    this.conn.notify(method, shaped, this.generation.stampsNotifications ? { emittedAtMs: at } : undefined);
  }

  /** The turn a loaded thread runs now (goal notifications name it). */
  runningTurnOf(threadId: string): string | undefined {
    return this.loaded.get(threadId)?.activeTurnId;
  }

  /** The agent messages of a turn that ended, for its turn/completed summary. */
  turnSummary(turnId: string) {
    return this.#shaper.summary(turnId);
  }

  /** What a thread object shows of a thread loaded here (undefined: not loaded). */
  async live(threadId: string): Promise<ThreadLive | undefined> {
    const loaded = this.loaded.get(threadId);
    if (!loaded) return undefined;
    const settings = await loaded.settings();
    return { status: loaded.status, model: settings.model.slug, reasoningEffort: settings.reasoningEffort ?? null, ephemeral: loaded.scratch !== undefined, name: loaded.name };
  }

  /**
   * config.toml changed (a `config/*` write): threads opened from now on read it. Loaded threads
   * keep the runtime they were opened with.
   */
  async reloadConfig(): Promise<void> {
    const fresh = await openWeft(this.conn, this.options, this.client, [], this.memoryAuth);
    this.base = fresh;
    this.#wefts.clear();
    this.#wefts.set('[]', Promise.resolve(fresh));
  }

  /** `facts` with the thread's name from the home's session index (null when it has none). */
  async withName<F extends { readonly meta: { readonly id: string } }>(facts: F, names?: Map<string, string>): Promise<F & { name: string | null }> {
    const index = names ?? (await threadNamesFromIndex(this.base.home));
    return { ...facts, name: index.get(facts.meta.id) ?? null };
  }

  /** Pending ChatGPT logins (`account/login/start`), by login id: how to cancel each. */
  readonly logins = new Map<string, () => void>();

  /** The home's sign-in changed (a login or logout): threads opened from now on read it again. */
  signInChanged(): void {
    for (const weft of this.#wefts.values()) void weft.then((w) => w.forgetSignIn(), () => undefined);
  }

  /** The runtime for threads opened with these `-c` overrides (shared by equal sets). */
  weft(configOverrides: readonly string[]): Promise<Weft> {
    const key = JSON.stringify(configOverrides);
    let weft = this.#wefts.get(key);
    if (!weft) {
      weft = openWeft(this.conn, this.options, this.client, configOverrides, this.memoryAuth);
      this.#wefts.set(key, weft);
      // A failed open (bad override) is not cached: the next request tries again.
      weft.catch(() => this.#wefts.delete(key));
    }
    return weft;
  }

  get providerId(): string {
    return providerId(this.base.runtime.config);
  }

  /** The thread's working directory: the client's `cwd` (or the server's), which must be an existing directory. */
  async resolveCwd(cwd: string | null | undefined): Promise<string> {
    const dir = path.resolve(this.options.cwd, cwd ?? '.');
    const problem = await workingDirectoryProblem(dir);
    if (problem) throw rpcError.invalidField('cwd', `${dir}: ${problem}`);
    return dir;
  }

  load(thread: Thread, weft: Weft, cwd: string, overrides: SettingsOverrides, scratch?: EphemeralHome): LoadedThread {
    // Told once per mode: the server's stderr is its log, read by whoever runs the client.
    const mode = sandboxModeFor(weft.runtime.config, overrides);
    if (!this.#noticedModes.has(mode)) {
      this.#noticedModes.add(mode);
      const probed = sandboxNotice(mode, weft.runtime.profile.commandSandbox, weft.runtime.env).then((notice) => {
        if (notice === null) return;
        this.log(notice);
        this.notify('configWarning', { summary: notice, details: null });
      });
      this.#noticeProbes.push(probed.catch(() => undefined));
    }
    const relay = this.relay;
    const loaded = new LoadedThread(thread, weft, cwd, overrides, relay && !scratch ? relayedChannel(this, thread.id, relay) : this, (msg) => this.log(msg), scratch);
    this.stopFollowing(thread.id);
    reportMcpStartup(thread, this);
    this.loaded.set(thread.id, loaded);
    return loaded;
  }

  /** A loaded thread, or the error that says why the request cannot use it. */
  requireLoaded(threadId: string): LoadedThread {
    const id = validThreadId(threadId);
    const loaded = this.loaded.get(id);
    if (!loaded) throw rpcError.invalidRequest(`thread ${id} is not loaded in this server: open it with thread/resume (or thread/start) first`);
    return loaded;
  }

  /** Stops forwarding another server's notifications of a thread to this connection. */
  stopFollowing(threadId: string): void {
    this.followed.get(threadId)?.();
    this.followed.delete(threadId);
  }

  /** Ends what this connection started outside threads (command/exec processes, fs watches). */
  stopConnectionWork(): void {
    for (const id of [...this.followed.keys()]) this.stopFollowing(id);
    this.fsWatches.closeAll();
    for (const proc of this.execProcesses.values()) void proc.then((p) => p.terminate(), () => undefined);
  }

  async close(): Promise<void> {
    this.stopConnectionWork();
    const all = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.allSettled([...all.map((t) => t.close()), ...this.#noticeProbes.splice(0)]);
  }
}

/**
 * A loaded thread's channel that also relays its notifications to the servers following it (those
 * about the thread: account-wide ones stay with this connection).
 */
function relayedChannel(ctx: ServerContext, threadId: string, relay: ThreadEventRelay): ThreadChannel {
  // One emission time for this connection and the followers: their items carry the same times.
  const both = (method: string, params: Record<string, unknown>): void => {
    const at = Date.now();
    ctx.notifyAny(method, params, at);
    if (params.threadId === threadId) relay.publish(threadId, method, params, at);
  };
  return {
    generation: ctx.generation,
    experimental: ctx.experimental,
    notify: (method, params) => both(method, params as Record<string, unknown>),
    notifyAny: both,
    turnSummary: (turnId) => ctx.turnSummary(turnId),
  };
}

/** A thread id param, checked before it is used anywhere (it ends up in file names). */
export function validThreadId(threadId: string): string {
  try {
    return assertThreadId(threadId);
  } catch (err) {
    throw rpcError.invalidField('threadId', (err as Error).message);
  }
}

/** The client's ports for the thread whose turn is being set up (turn-scope.ts), if it has any. */
function workspaceOfTurn(ports: ServerOptions['workspace']): (() => WorkspacePorts | undefined) | undefined {
  if (!ports) return undefined;
  return () => {
    const scope = turnScope.getStore();
    return scope ? ports(scope.threadId) : undefined;
  };
}

async function openWeft(conn: RpcConnection, options: ServerOptions, client: ClientInfo, extra: readonly string[], memoryAuth: MemoryAuth): Promise<Weft> {
  const log = options.log ?? (() => undefined);
  const weft = await Weft.open({
    ...options.runtime,
    env: options.env,
    configOverrides: withOverrideLines(options.runtime?.configOverrides, extra),
    originator: client.name,
    client: { name: client.name, version: client.version },
    source: APP_SERVER_SOURCE,
    approver: clientApprover(conn, log),
    askUser: clientUserInput(conn, log),
    workspace: workspaceOfTurn(options.workspace),
    memoryAuth,
  });
  weft.registerTool(EXEC_COMMAND_TOOL_NAME, interceptShellPatch(scopedExecCommand()));
  return weft;
}
