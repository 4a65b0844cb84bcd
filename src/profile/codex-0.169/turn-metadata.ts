// `client_metadata` of a codex-0.169 request (MANIFEST rule M): who sends (installation, thread,
// turn, context window) and why (a turn or a compaction), the turn metadata being a JSON document
// inside a string. Keys are written in Codex's order.
import type { TurnSettings } from '../../context/turn-settings.js';

export type HistoryInitialization = 'new' | 'cold_resume' | 'cold_fork' | 'warm_fork';

export interface CompactionInfo {
  readonly trigger: 'manual' | 'auto';
  readonly reason: 'user_requested' | 'context_limit' | 'comp_hash_changed';
  readonly implementation: 'responses' | 'responses_compaction_v2';
  readonly phase: 'standalone_turn' | 'pre_turn' | 'mid_turn';
}

export interface WorkspaceState {
  readonly latest_git_commit_hash: string;
  readonly has_changes: boolean;
}

/** Everything a request's metadata says that is not a turn setting. */
export interface RequestContext {
  readonly threadId: string;
  readonly turnId: string;
  readonly installationId: string;
  readonly windowNumber: number;
  readonly contextWindowId: string;
  readonly historyInitialization: HistoryInitialization;
  readonly forkedFrom?: { readonly threadId: string; readonly ordinalExclusive: number } | undefined;
  /** `codex exec` threads say who started the turn; app-server ones do not. */
  readonly exec: boolean;
  /** What started a turn no input started (`goal`): sent as its `turn_trigger`. */
  readonly trigger?: string | undefined;
  /** The thread's source classification, when `--thread-source` named one (else `user`). */
  readonly threadSource?: string | undefined;
  /** A sub-agent's thread: its root, parent and task path. */
  readonly subagent?:
    | {
        readonly rootThreadId: string;
        readonly parentThreadId: string;
        readonly agentPath: string;
        readonly parentTurnId?: string | undefined;
        readonly rootTurnId?: string | undefined;
        readonly kind?: 'review' | undefined;
      }
    | undefined;
  /** The built-in `openai` provider: MCP attribution and per-item metadata are sent. */
  readonly builtinProvider: boolean;
  /** Signed in with ChatGPT: the metadata asks for guardian credits, as Codex's does in that mode. */
  readonly signedInWithChatGpt?: boolean | undefined;
  readonly turnStartedAtMs: number;
  /** Git state per repository root the turn works in. */
  readonly workspaces: Readonly<Record<string, WorkspaceState>>;
  /** Absent for a sampling request of the turn. */
  readonly compaction?: CompactionInfo | undefined;
}

/** The name of the platform sandbox Codex would use (a host property, not compared). */
function platformSandbox(settings: TurnSettings): string {
  if (settings.sandbox.type === 'danger-full-access') return 'none';
  return process.platform === 'darwin' ? 'seatbelt' : process.platform === 'linux' ? 'seccomp' : 'none';
}

/** What a spawned agent's requests say they come from (`x-openai-subagent`). */
export const SUBAGENT_SPAWN = 'collab_spawn';
/** What a review thread's requests say they come from. */
export const SUBAGENT_REVIEW = 'review';

/** `subagent_kind` of a sub-agent's turn metadata. */
function subagentKind(sub: { readonly kind?: 'review' | undefined }): string {
  return sub.kind === 'review' ? 'review' : 'thread_spawn';
}

export function windowId(ctx: RequestContext): string {
  return `${ctx.threadId}:${ctx.windowNumber}`;
}

export function turnMetadata(ctx: RequestContext, settings: TurnSettings, effort: string | undefined): Record<string, unknown> {
  return {
    installation_id: ctx.installationId,
    session_id: ctx.subagent?.rootThreadId ?? ctx.threadId,
    thread_id: ctx.threadId,
    agent_name: ctx.subagent?.agentPath ?? '/root',
    turn_id: ctx.turnId,
    window_id: windowId(ctx),
    window_number: ctx.windowNumber,
    context_window_id: ctx.contextWindowId,
    request_kind: ctx.compaction ? 'compaction' : 'turn',
    history_initialization: ctx.historyInitialization,
    ...(ctx.forkedFrom && ctx.historyInitialization.endsWith('_fork')
      ? { forked_from_thread_id: ctx.forkedFrom.threadId, forked_from_ordinal_exclusive: ctx.forkedFrom.ordinalExclusive }
      : {}),
    ...(ctx.subagent !== undefined ? { parent_thread_id: ctx.subagent.parentThreadId } : {}),
    ...(ctx.subagent?.parentTurnId !== undefined ? { parent_turn_id: ctx.subagent.parentTurnId } : {}),
    root_turn_id: rootTurnId(ctx),
    ...(ctx.subagent !== undefined ? { subagent_kind: subagentKind(ctx.subagent) } : {}),
    ...(ctx.exec ? { thread_source: ctx.subagent !== undefined ? 'subagent' : (ctx.threadSource ?? 'user'), turn_trigger: ctx.trigger ?? 'exec' } : {}),
    // Outside exec a root turn names no source, a sub-agent's does (Codex 0.169 over the app-server).
    ...(!ctx.exec && ctx.subagent !== undefined ? { thread_source: 'subagent' } : {}),
    ...(!ctx.exec && ctx.trigger !== undefined ? { turn_trigger: ctx.trigger } : {}),
    sandbox: platformSandbox(settings),
    sandbox_mode: settings.sandbox.type,
    auto_review_enabled: false,
    node_repl_auto_review_required: settings.model.node_repl_auto_review_required ?? false,
    node_repl_disabled: settings.model.node_repl_disabled ?? false,
    ...(Object.keys(ctx.workspaces).length > 0 ? { workspaces: ctx.workspaces } : {}),
    turn_started_at_unix_ms: ctx.turnStartedAtMs,
    analytics_enabled: true,
    ...(ctx.compaction
      ? { compaction: { ...ctx.compaction, strategy: 'memento' } }
      : { model: settings.model.slug, ...(effort !== undefined ? { reasoning_effort: effort } : {}) }),
  };
}

/** A sub-agent's turns belong to the root's turn that spawned it (its own turn otherwise). */
function rootTurnId(ctx: RequestContext): string {
  return ctx.subagent?.rootTurnId ?? ctx.turnId;
}

/** The session a request belongs to: a team's is its root thread's (the prompt cache key too). */
export function sessionIdOf(ctx: RequestContext): string {
  return ctx.subagent?.rootThreadId ?? ctx.threadId;
}

export function clientMetadata(ctx: RequestContext, settings: TurnSettings, effort: string | undefined): Record<string, string> {
  const sub = ctx.subagent;
  return {
    session_id: sessionIdOf(ctx),
    thread_id: ctx.threadId,
    'x-codex-window-id': windowId(ctx),
    'x-codex-installation-id': ctx.installationId,
    ...(sub !== undefined ? { 'x-codex-parent-thread-id': sub.parentThreadId, 'x-openai-subagent': sub.kind === 'review' ? SUBAGENT_REVIEW : SUBAGENT_SPAWN } : {}),
    ...(sub?.parentTurnId !== undefined ? { parent_turn_id: sub.parentTurnId } : {}),
    root_turn_id: rootTurnId(ctx),
    'x-codex-turn-metadata': JSON.stringify(turnMetadata(ctx, settings, effort)),
    turn_id: ctx.turnId,
    ...(ctx.builtinProvider ? { mcp_attribution: JSON.stringify({ status: 'none' }) } : {}),
    ...(ctx.signedInWithChatGpt ? { guardian_credits_requested: 'true' } : {}),
  };
}
