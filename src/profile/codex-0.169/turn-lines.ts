// The rollout lines a codex-0.169 turn writes around its items: `task_started`, the context snapshot
// (`world_state`), the turn's `turn_context` with its permission profile, the `thread_settings_applied`
// event, and `task_complete`. Payload keys in Codex's order.
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { fileSystemEntries, workspaceRoots } from '../../context/filesystem-profile.js';
import { networkEnabled } from '../../context/permissions.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { RolloutLineInput } from '../../rollout/format/writer.js';
import { effectiveContextWindow } from '../../rollout/format/token-info.js';
import type { Codex0169RolloutFormat } from './rollout-format.js';
import type { WorkspaceState } from './turn-metadata.js';
import type { TurnAttribution } from '../../thread/turn-ports.js';
import type { SubagentLink } from '../profile.js';
import type { GoalView } from '../../tools/goals/thread-goal.js';

export interface TurnRecord {
  readonly turnId: string;
  readonly startedAtMs: number;
  readonly workspaces: Readonly<Record<string, WorkspaceState>>;
  readonly exec: boolean;
  /** A turn started by something other than its input (a goal's continuation). */
  readonly attribution?: TurnAttribution | undefined;
  /**
   * A spawned agent's turn: the parent's turn that spawned it, the root's turn that work belongs to
   * and the parent agent's path, which Codex 0.169 records as the turn's attribution and root.
   */
  readonly spawnedBy?: SpawnedBy | undefined;
  /** When the model's first output item of the turn arrived (Codex records the wait as `time_to_first_token_ms`). */
  firstOutputAtMs?: number | undefined;
}

export interface SpawnedBy {
  readonly parentTurnId?: string | undefined;
  readonly rootTurnId?: string | undefined;
  readonly parentPath: string;
}

/** What a spawned agent's turns record of their spawning (nothing for a review thread or a root thread). */
export function spawnedBy(link: SubagentLink | undefined): SpawnedBy | undefined {
  if (link === undefined || link.kind === 'review') return undefined;
  const parentPath = link.agentPath.slice(0, link.agentPath.lastIndexOf('/'));
  return { parentTurnId: link.parentTurnId, rootTurnId: link.rootTurnId, parentPath: parentPath === '' ? '/root' : parentPath };
}

/** For a spawned agent's usage records: the team's root session, and the running turn's root turn. */
export function teamSession(link: SubagentLink | undefined, turn: () => TurnRecord | undefined): { sessionId?: string; rootTurnId?: () => string | undefined } {
  if (spawnedBy(link) === undefined) return {};
  return { sessionId: link?.rootThreadId, rootTurnId: () => turn()?.spawnedBy?.rootTurnId };
}

/** The root turn a turn's lines name: its attribution's, else the spawning root turn's, else its own. */
export function rootTurnOf(turn: TurnRecord): string {
  return turn.attribution?.rootTurnId ?? turn.spawnedBy?.rootTurnId ?? turn.turnId;
}

type Entry = { path: { type: 'special'; value: { kind: string } } | { type: 'path'; path: string }; access: string; missing_path_behavior?: string };

/** The sandbox's file-system entries as Codex records them (a configured root appears twice). */
function permissionEntries(sandbox: SandboxPolicy, cwd: string): Entry[] {
  const roots = workspaceRoots(sandbox, cwd);
  const xml = fileSystemEntries(sandbox, roots);
  const entries: Entry[] = xml.map((e) =>
    'special' in e
      ? { path: { type: 'special', value: { kind: e.special.replace(/^:/, '') } }, access: e['@_access'] }
      : { path: { type: 'path', path: e.path }, access: e['@_access'], ...(e['@_access'] === 'read' ? { missing_path_behavior: 'skip' } : {}) },
  );
  if (sandbox.type !== 'workspace-write') return entries;
  // Codex lists the configured writable roots again after the special folders.
  const specials = entries.findIndex((e) => e.access === 'read' && e.path.type === 'path');
  const again: Entry[] = (sandbox.writable_roots ?? []).map((root) => ({ path: { type: 'path', path: root }, access: 'write' }));
  const at = specials < 0 ? entries.length : specials;
  return [...entries.slice(0, at), ...again, ...entries.slice(at)];
}

export function permissionProfile(sandbox: SandboxPolicy, cwd: string): Record<string, unknown> {
  if (sandbox.type === 'danger-full-access') return { type: 'disabled' };
  return {
    type: 'managed',
    file_system: { type: 'restricted', entries: permissionEntries(sandbox, cwd) },
    network: networkEnabled(sandbox) ? 'enabled' : 'restricted',
  };
}

const activeProfile = (sandbox: SandboxPolicy) => (sandbox.type === 'read-only' ? { active_permission_profile: { id: ':read-only' } } : {});

const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

export function turnLines(format: Codex0169RolloutFormat) {
  return {
    started(turn: TurnRecord, settings: TurnSettings): RolloutLineInput[] {
      return [
        format.native('event_msg', {
          type: 'task_started',
          turn_attribution: {
            turn_id: turn.turnId,
            turn_trigger: turn.attribution?.trigger ?? (turn.exec ? 'exec' : null),
            parent_turn_id: turn.attribution?.parentTurnId ?? turn.spawnedBy?.parentTurnId ?? null,
            initiating_agent_path: turn.spawnedBy?.parentPath ?? null,
            root_turn_id: rootTurnOf(turn),
          },
          turn_id: turn.turnId,
          root_turn_id: rootTurnOf(turn),
          started_at: unixSeconds(turn.startedAtMs),
          model_context_window: effectiveContextWindow(settings.model),
          collaboration_mode_kind: settings.collaborationMode.mode,
        }),
      ];
    },

    /**
     * A manual compaction's own turn opens without the attribution a user's turn carries
     * (appserver-0.169 d): it was started by no input and no agent.
     */
    compactionStarted(turn: TurnRecord, settings: TurnSettings): RolloutLineInput[] {
      return [
        format.native('event_msg', {
          type: 'task_started',
          turn_id: turn.turnId,
          root_turn_id: turn.turnId,
          started_at: unixSeconds(turn.startedAtMs),
          model_context_window: effectiveContextWindow(settings.model),
          collaboration_mode_kind: settings.collaborationMode.mode,
        }),
      ];
    },

    /** A full snapshot, or (full: false) a merge patch on the previous one. */
    worldState(state: unknown, full = true): RolloutLineInput {
      return format.native('world_state', { full, state });
    },

    /** The turn's `turn_context`. */
    turnContext(turn: TurnRecord | undefined, settings: TurnSettings, multiAgentVersion: string): RolloutLineInput {
      const profile = permissionProfile(settings.sandbox, settings.cwd);
      const turnId = turn?.turnId ?? null;
      const turnContext = {
        turn_id: turnId,
        root_turn_id: turn?.spawnedBy?.rootTurnId ?? turnId,
        disabled_plugin_ids: [],
        cwd: settings.cwd,
        approval_policy: settings.approvalPolicy,
        approvals_reviewer: 'user',
        permission_profile: profile,
        ...activeProfile(settings.sandbox),
        model: settings.model.slug,
        ...(settings.model.comp_hash !== undefined ? { comp_hash: settings.model.comp_hash } : {}),
        collaboration_mode: settings.collaborationMode,
        multi_agent_version: multiAgentVersion,
        realtime_active: false,
        ...(settings.reasoningEffort ? { effort: settings.reasoningEffort } : {}),
        // Codex 0.169 records the summary a thread asks for among its thread settings; this older
        // field stays `none` whatever config.toml or a turn asks for.
        summary: 'none',
        sandbox_policy: settings.sandbox,
        ...(settings.sandbox.type === 'workspace-write'
          ? { file_system_sandbox_policy: { kind: 'restricted', entries: (profile.file_system as { entries: Entry[] }).entries } }
          : {}),
      };
      return format.native('turn_context', turnContext);
    },

    /** `item_completed` of a turn's item that took `durationMs` (ending now). */
    itemCompleted(threadId: string, turnId: string | null, item: object, durationMs: number): RolloutLineInput {
      const now = Date.now();
      return format.native('event_msg', { type: 'item_completed', thread_id: threadId, turn_id: turnId, item, started_at_ms: now - Math.round(durationMs), completed_at_ms: now });
    },

    /** `thread_goal_updated`: a goal a client set on the thread, as the goal tools show it. */
    goalUpdated(threadId: string, goal: GoalView): RolloutLineInput {
      return format.native('event_msg', { type: 'thread_goal_updated', threadId, goal });
    },

    /** `thread_settings_applied`: the settings the thread runs with (on open, on change). */
    settingsApplied(threadId: string, settings: TurnSettings, providerId: string): RolloutLineInput {
      const profile = permissionProfile(settings.sandbox, settings.cwd);
      return format.native('event_msg', {
        type: 'thread_settings_applied',
        thread_id: threadId,
        thread_settings: {
          model: settings.model.slug,
          model_provider_id: providerId,
          approval_policy: settings.approvalPolicy,
          approvals_reviewer: 'user',
          requested_approvals_reviewer: 'user',
          permission_profile: profile,
          ...activeProfile(settings.sandbox),
          cwd: settings.cwd,
          runtime_workspace_roots: workspaceRoots(settings.sandbox, settings.cwd),
          // The effort the thread runs with when one is set (config, turn or collaboration mode), as in its turn_context.
          ...(settings.reasoningEffort ? { reasoning_effort: settings.reasoningEffort } : {}),
          ...(settings.chosenReasoningSummary !== undefined ? { reasoning_summary: settings.chosenReasoningSummary } : {}),
          collaboration_mode: settings.collaborationMode,
          disabled_plugin_ids: [],
        },
      });
    },

    /** A stopped turn's end (`turn_aborted`): the turn, its root and its times, as `task_complete` has them. */
    aborted(turn: TurnRecord, reason: string): RolloutLineInput {
      const now = Date.now();
      return format.native('event_msg', {
        type: 'turn_aborted',
        root_turn_id: turn.spawnedBy?.rootTurnId ?? turn.turnId,
        turn_id: turn.turnId,
        reason,
        started_at: unixSeconds(turn.startedAtMs),
        completed_at: unixSeconds(now),
        duration_ms: now - turn.startedAtMs,
      });
    },

    /** The turn's end; a failed turn carries its error, as Codex 0.169 records one. */
    completed(turn: TurnRecord, lastMessage: string | undefined, error?: { message: string; codex_error_info: unknown }): RolloutLineInput[] {
      const now = Date.now();
      return [
        format.native('event_msg', {
          type: 'task_complete',
          root_turn_id: turn.spawnedBy?.rootTurnId ?? turn.turnId,
          turn_id: turn.turnId,
          last_agent_message: lastMessage ?? null,
          ...(error ? { error } : {}),
          started_at: unixSeconds(turn.startedAtMs),
          completed_at: unixSeconds(now),
          duration_ms: now - turn.startedAtMs,
          ...(turn.firstOutputAtMs !== undefined ? { time_to_first_token_ms: turn.firstOutputAtMs - turn.startedAtMs } : {}),
        }),
      ];
    },
  };
}
