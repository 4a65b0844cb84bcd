// codex-0.169's session_meta payload: the 0.98 fields plus the thread's scope, where its base
// instructions came from, its history mode (paginated: a fork points at its parent instead of
// copying it) and its first context window. Keys in Codex's order.
import { SessionMeta } from '../../../protocol/rollout.js';
import { parseExact } from '../../rollout/cache/schema-verdict.js';

/** The session_meta the thread writes (built by rollout/format/records.ts), checked as what it is. */
export function writtenMeta(payload: unknown): SessionMeta {
  const parsed = parseExact(SessionMeta, payload);
  if (!parsed.success) throw new TypeError(`session_meta to write is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

export interface SessionMetaExtras {
  readonly runtimeWorkspaceRoots: readonly string[];
  /** `exec` threads record who started them. */
  readonly threadSource?: string | undefined;
  /** The model whose catalog gave the base instructions; undefined when they came from config. */
  readonly instructionsModel?: string | undefined;
  readonly contextWindowId: string;
  readonly forkedFromOrdinalExclusive?: number | undefined;
  readonly historyBase?: { readonly threadId: string; readonly endOrdinalExclusive: number; readonly endByteOffset: number } | undefined;
  readonly multiAgentVersion?: string | undefined;
  /** A sub-agent's thread: linked to its root and parent, with its task path. */
  readonly subagent?:
    | { readonly rootThreadId: string; readonly parentThreadId: string; readonly agentPath: string; readonly depth: number; readonly nickname?: string | undefined; readonly kind?: 'review' | undefined }
    | undefined;
}

function nicknameOf(subagent: { readonly nickname?: string | undefined }): { agent_nickname?: string } {
  return subagent.nickname !== undefined ? { agent_nickname: subagent.nickname } : {};
}

export function sessionMeta0169(meta: SessionMeta, extras: SessionMetaExtras): Record<string, unknown> {
  const base = meta.base_instructions;
  return {
    account_scoped: true,
    session_id: extras.subagent?.rootThreadId ?? meta.id,
    id: meta.id,
    ...(meta.forked_from_id !== undefined ? { forked_from_id: meta.forked_from_id } : {}),
    ...(extras.subagent !== undefined ? { parent_thread_id: extras.subagent.parentThreadId } : {}),
    ...(extras.forkedFromOrdinalExclusive !== undefined ? { forked_from_ordinal_exclusive: extras.forkedFromOrdinalExclusive } : {}),
    timestamp: meta.timestamp,
    cwd: meta.cwd,
    runtime_workspace_roots: extras.runtimeWorkspaceRoots,
    originator: meta.originator,
    cli_version: meta.cli_version,
    source:
      extras.subagent?.kind === 'review'
        ? { subagent: 'review' }
        : extras.subagent !== undefined
        ? { subagent: { thread_spawn: { parent_thread_id: extras.subagent.parentThreadId, depth: extras.subagent.depth, agent_path: extras.subagent.agentPath, ...nicknameOf(extras.subagent), agent_role: null } } }
        : meta.source,
    ...(extras.subagent?.kind === 'review'
      ? { thread_source: 'subagent' }
      : extras.subagent !== undefined
      ? { thread_source: 'subagent', ...nicknameOf(extras.subagent), agent_path: extras.subagent.agentPath }
      : extras.threadSource !== undefined
        ? { thread_source: extras.threadSource }
        : {}),
    ...(meta.model_provider !== undefined ? { model_provider: meta.model_provider } : {}),
    ...(base
      ? {
          base_instructions: {
            text: base.text,
            provenance: extras.instructionsModel !== undefined ? { type: 'model', model: extras.instructionsModel } : { type: 'custom' },
          },
        }
      : {}),
    history_mode: 'paginated',
    ...(extras.historyBase
      ? {
          history_base: {
            thread_id: extras.historyBase.threadId,
            end_ordinal_exclusive: extras.historyBase.endOrdinalExclusive,
            end_byte_offset: extras.historyBase.endByteOffset,
          },
        }
      : {}),
    ...(extras.multiAgentVersion !== undefined ? { multi_agent_version: extras.multiAgentVersion } : {}),
    context_window: { window_id: extras.contextWindowId },
    ...(meta.git ? { git: meta.git } : {}),
  };
}
