// Rollout lines: one JSON object per line of a thread's JSONL file, `{timestamp, type, payload}`,
// exactly as Codex 0.98 writes them. Payloads are loose: a rollout written by a newer Codex carries
// fields weft does not know, and they must survive a read.
import { z } from 'zod';
import { ResponseItem } from './responses-items.js';
import { TruncationPolicy } from './model-catalog.js';

export const GitInfo = z.looseObject({
  commit_hash: z.string().optional(),
  branch: z.string().optional(),
  repository_url: z.string().optional(),
});
export type GitInfo = z.infer<typeof GitInfo>;

export const SessionMeta = z.looseObject({
  id: z.string(),
  forked_from_id: z.string().optional(),
  timestamp: z.string(),
  cwd: z.string(),
  originator: z.string(),
  cli_version: z.string(),
  source: z.union([z.string(), z.record(z.string(), z.unknown())]),
  model_provider: z.string().optional(),
  base_instructions: z.object({ text: z.string() }).nullable().optional(),
  git: GitInfo.optional(),
});
export type SessionMeta = z.infer<typeof SessionMeta>;

export const SandboxPolicy = z.discriminatedUnion('type', [
  z.object({ type: z.literal('danger-full-access') }),
  z.object({ type: z.literal('read-only') }),
  z.object({
    type: z.literal('workspace-write'),
    writable_roots: z.array(z.string()).optional(),
    network_access: z.boolean(),
    exclude_tmpdir_env_var: z.boolean(),
    exclude_slash_tmp: z.boolean(),
  }),
]);
export type SandboxPolicy = z.infer<typeof SandboxPolicy>;

export const CollaborationModeSettings = z.object({
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  developer_instructions: z.string().nullable(),
});
export const CollaborationMode = z.object({ mode: z.string(), settings: CollaborationModeSettings });
export type CollaborationMode = z.infer<typeof CollaborationMode>;

export const TurnContextPayload = z.looseObject({
  cwd: z.string(),
  approval_policy: z.string(),
  sandbox_policy: SandboxPolicy,
  model: z.string(),
  personality: z.string().nullable().optional(),
  collaboration_mode: CollaborationMode.optional(),
  effort: z.string().nullable().optional(),
  summary: z.string().optional(),
  user_instructions: z.string().nullable().optional(),
  developer_instructions: z.string().nullable().optional(),
  truncation_policy: TruncationPolicy.optional(),
});
export type TurnContextPayload = z.infer<typeof TurnContextPayload>;

export const CompactedPayload = z.looseObject({
  message: z.string(),
  replacement_history: z.array(ResponseItem).optional(),
});
export type CompactedPayload = z.infer<typeof CompactedPayload>;

/**
 * Codex 0.169's snapshot of the context state a turn was built from (AGENTS.md, skills, permissions…
 * by value or by hash). weft reads it as opaque.
 */
export const WorldStatePayload = z.looseObject({ full: z.boolean().optional(), state: z.unknown().optional() });
export type WorldStatePayload = z.infer<typeof WorldStatePayload>;

/** Codex 0.169's per-response usage record (thread, turn and response totals). Opaque to weft. */
export const TokenUsageRecordPayload = z.looseObject({ response_id: z.string().optional() });
export type TokenUsageRecordPayload = z.infer<typeof TokenUsageRecordPayload>;

/** Event messages are kept for display and replay; only their `type` is required. */
export const EventMsgPayload = z.looseObject({ type: z.string() });
export type EventMsgPayload = z.infer<typeof EventMsgPayload>;

const line = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.object({ timestamp: z.string(), type: z.literal(type), payload });

export const SessionMetaLine = line('session_meta', SessionMeta);
export const ResponseItemLine = line('response_item', ResponseItem);
export const TurnContextLine = line('turn_context', TurnContextPayload);
export const EventMsgLine = line('event_msg', EventMsgPayload);
export const CompactedLine = line('compacted', CompactedPayload);
export const WorldStateLine = line('world_state', WorldStatePayload);
export const TokenUsageRecordLine = line('token_usage_record', TokenUsageRecordPayload);

export const RolloutLine = z.discriminatedUnion('type', [
  SessionMetaLine,
  ResponseItemLine,
  TurnContextLine,
  EventMsgLine,
  CompactedLine,
  WorldStateLine,
  TokenUsageRecordLine,
]);
export type RolloutLine = z.infer<typeof RolloutLine>;
export type RolloutLineType = RolloutLine['type'];

// --- Storage-level shapes used by the rollout reader (src/rollout/reader.ts) ---

/**
 * Every line's envelope. Loose: Codex 0.169 lines carry `ordinal` (the line's 0-based position in the
 * thread, counting a fork's parent lines) and, on response items, `metadata` beside the three keys.
 */
export const RolloutEnvelope = z.looseObject({
  timestamp: z.string(),
  type: z.string(),
  payload: z.unknown(),
});
export type RolloutEnvelope = z.infer<typeof RolloutEnvelope>;

export const ROLLOUT_LINE_TYPES = [
  'session_meta',
  'response_item',
  'turn_context',
  'event_msg',
  'compacted',
  'world_state',
  'token_usage_record',
] as const;

/**
 * A response_item payload as far as its line's own check goes: its discriminant. The item is checked
 * whole once, where the reader stores it (src/rollout/item-bytes.ts).
 */
export const ResponseItemHead = z.looseObject({ type: z.string() });
export type ResponseItemHead = z.infer<typeof ResponseItemHead>;

/**
 * Codex 0.98's snapshot of the worktree for its undo command: recorded as a response_item, kept
 * through compactions (in `replacement_history`), never sent to the model.
 */
export const GhostSnapshotPayload = z.looseObject({ type: z.literal('ghost_snapshot') });
export type GhostSnapshotPayload = z.infer<typeof GhostSnapshotPayload>;

/** A compacted payload with its replacement history checked shallowly (items validated on demand). */
export const CompactedPayloadHead = z.looseObject({
  message: z.string(),
  replacement_history: z.array(ResponseItemHead).nullable().optional(),
});
export type CompactedPayloadHead = z.infer<typeof CompactedPayloadHead>;

export const StoredResponseItemLine = line('response_item', ResponseItemHead);
export const StoredCompactedLine = line('compacted', CompactedPayloadHead);

/** A line as read back from disk: the payload is the parsed JSON itself, unknown fields kept. */
export const StoredRolloutLine = z.discriminatedUnion('type', [
  SessionMetaLine,
  StoredResponseItemLine,
  TurnContextLine,
  EventMsgLine,
  StoredCompactedLine,
  WorldStateLine,
  TokenUsageRecordLine,
]);
export type StoredRolloutLine = z.infer<typeof StoredRolloutLine>;
