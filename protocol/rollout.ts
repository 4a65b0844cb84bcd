// Rollout lines: one JSON object per line of a thread's JSONL file, `{timestamp, type, payload}`,
// exactly as Codex 0.98 writes them. Payloads are loose: a rollout written by a newer Codex carries
// fields weft does not know, and they must survive a read.
import { z } from 'zod';
import { ResponseItem } from './responses-items.js';
import { TruncationPolicy } from './model-catalog.js';
import { KnownEventMsg, OtherEventMsg, ThreadNameUpdatedEvent } from './rollout-events.js';
import { lazySchema } from './lazy-schema.js';

export const GitInfo = lazySchema(() =>
  z.looseObject({
    commit_hash: z.string().optional(),
    branch: z.string().optional(),
    repository_url: z.string().optional(),
  }),
);
export type GitInfo = z.infer<typeof GitInfo>;

/**
 * Codex 0.169's fork base: a fork's session_meta names the parent thread and the ordinal where the
 * fork left it, instead of copying the parent's lines. Fields optional: without both, no base.
 */
export const HistoryBase = lazySchema(() =>
  z.looseObject({
    thread_id: z.string().optional(),
    end_ordinal_exclusive: z.number().optional(),
    end_byte_offset: z.number().optional(),
  }),
);
export type HistoryBase = z.infer<typeof HistoryBase>;

export const SessionMeta = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    forked_from_id: z.string().optional(),
    /** Codex 0.169's paginated fork: the parent's lines before this ordinal come first. */
    forked_from_ordinal_exclusive: z.number().optional(),
    timestamp: z.string(),
    cwd: z.string(),
    originator: z.string(),
    cli_version: z.string(),
    source: z.union([z.string(), z.record(z.string(), z.unknown())]),
    model_provider: z.string().optional(),
    base_instructions: z.object({ text: z.string() }).nullable().optional(),
    git: GitInfo.optional(),
    history_base: HistoryBase.nullable().optional(),
    /** Codex 0.169: the context window the thread opened in. */
    context_window: z.looseObject({ window_id: z.string().optional() }).nullable().optional(),
  }),
);
export type SessionMeta = z.infer<typeof SessionMeta>;

export const SandboxPolicy = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('danger-full-access') }),
    z.object({ type: z.literal('read-only') }),
    z.object({
      type: z.literal('workspace-write'),
      writable_roots: z.array(z.string()).optional(),
      network_access: z.boolean(),
      exclude_tmpdir_env_var: z.boolean(),
      exclude_slash_tmp: z.boolean(),
    }),
  ]),
);
export type SandboxPolicy = z.infer<typeof SandboxPolicy>;

export const CollaborationModeSettings = lazySchema(() =>
  z.object({
    model: z.string(),
    reasoning_effort: z.string().nullable(),
    developer_instructions: z.string().nullable(),
  }),
);
export const CollaborationMode = lazySchema(() => z.object({ mode: z.string(), settings: CollaborationModeSettings }));
export type CollaborationMode = z.infer<typeof CollaborationMode>;

export const TurnContextPayload = lazySchema(() =>
  z.looseObject({
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
  }),
);
export type TurnContextPayload = z.infer<typeof TurnContextPayload>;

export const CompactedPayload = lazySchema(() =>
  z.looseObject({
    message: z.string(),
    replacement_history: z.array(ResponseItem).optional(),
  }),
);
export type CompactedPayload = z.infer<typeof CompactedPayload>;

/**
 * Codex 0.169's snapshot of the context state a turn was built from (AGENTS.md, skills, permissions…
 * by value or by hash). weft reads it as opaque.
 */
export const WorldStatePayload = lazySchema(() => z.looseObject({ full: z.boolean().optional(), state: z.unknown().optional() }));
export type WorldStatePayload = z.infer<typeof WorldStatePayload>;

/** Codex 0.169's per-response usage record (thread, turn and response totals). Opaque to weft. */
export const TokenUsageRecordPayload = lazySchema(() => z.looseObject({ response_id: z.string().optional() }));
export type TokenUsageRecordPayload = z.infer<typeof TokenUsageRecordPayload>;

/**
 * Codex 0.169 (multi-agent v2): written right before an `agent_message` item a thread receives from
 * another agent; whether that message was one that starts a turn (a task) or waits for the next one.
 */
export const InterAgentCommunicationMetadataPayload = lazySchema(() => z.looseObject({ trigger_turn: z.boolean() }));
export type InterAgentCommunicationMetadataPayload = z.infer<typeof InterAgentCommunicationMetadataPayload>;

/**
 * Codex 0.169's facts a thread retains outside the model's history, one event a line: an answer the
 * user gave to request_user_input (`verified_answer`, the only kind Codex writes) with its place in
 * the thread's input counter. weft reads only that place (to continue the counter on resume).
 */
export const RetainedContextPayload = lazySchema(() => z.looseObject({ type: z.string(), acceptance_order: z.number().optional() }));
export type RetainedContextPayload = z.infer<typeof RetainedContextPayload>;

/**
 * Event messages: a kind weft reads is checked against its schema (rollout-events.ts); any other
 * kind is kept for display, replay and copies, with only its `type` required.
 */
export const EventMsgPayload = lazySchema(() => z.union([KnownEventMsg, OtherEventMsg]));
export type EventMsgPayload = z.infer<typeof EventMsgPayload>;

// `ordinal`: Codex 0.169 numbers each line of a thread (0-based, a fork's parent lines counted).
// `metadata`: Codex 0.169's per-item facts beside a response_item's payload (history sequence, …).
const line = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.object({
    timestamp: z.string(),
    ordinal: z.number().optional(),
    type: z.literal(type),
    payload,
    metadata: z.record(z.string(), z.unknown()).optional(),
  });

export const SessionMetaLine = lazySchema(() => line('session_meta', SessionMeta));
export const ResponseItemLine = lazySchema(() => line('response_item', ResponseItem));
export const TurnContextLine = lazySchema(() => line('turn_context', TurnContextPayload));
export const EventMsgLine = lazySchema(() => line('event_msg', EventMsgPayload));
export const CompactedLine = lazySchema(() => line('compacted', CompactedPayload));
export const WorldStateLine = lazySchema(() => line('world_state', WorldStatePayload));
export const TokenUsageRecordLine = lazySchema(() => line('token_usage_record', TokenUsageRecordPayload));
export const InterAgentCommunicationMetadataLine = lazySchema(() => line('inter_agent_communication_metadata', InterAgentCommunicationMetadataPayload));
export const RetainedContextLine = lazySchema(() => line('retained_context', RetainedContextPayload));

export const RolloutLine = lazySchema(() =>
  z.discriminatedUnion('type', [
    SessionMetaLine,
    ResponseItemLine,
    TurnContextLine,
    EventMsgLine,
    CompactedLine,
    WorldStateLine,
    TokenUsageRecordLine,
    InterAgentCommunicationMetadataLine,
    RetainedContextLine,
  ]),
);
export type RolloutLine = z.infer<typeof RolloutLine>;
export type RolloutLineType = RolloutLine['type'];

// --- Storage-level shapes used by the rollout reader (src/rollout/format/reader.ts) ---

/**
 * Every line's envelope. Loose: Codex 0.169 lines carry `ordinal` (the line's 0-based position in the
 * thread, counting a fork's parent lines) and, on response items, `metadata` beside the three keys.
 */
export const RolloutEnvelope = lazySchema(() =>
  z.looseObject({
    timestamp: z.string(),
    type: z.string(),
    payload: z.unknown(),
  }),
);
export type RolloutEnvelope = z.infer<typeof RolloutEnvelope>;

export const ROLLOUT_LINE_TYPES = [
  'session_meta',
  'response_item',
  'turn_context',
  'event_msg',
  'compacted',
  'world_state',
  'token_usage_record',
  'inter_agent_communication_metadata',
  'retained_context',
] as const;

/**
 * A response_item payload as far as its line's own check goes: its discriminant. The item of a kind
 * weft knows is checked whole once, where the reader stores it (src/rollout/format/item-bytes.ts); an item
 * of any other kind (a newer Codex's) is kept as read, and left out of the history.
 */
export const ResponseItemHead = lazySchema(() => z.looseObject({ type: z.string() }));
export type ResponseItemHead = z.infer<typeof ResponseItemHead>;

let itemKinds: ReadonlySet<string> | undefined;
/** The item kinds `ResponseItem` knows, for the reader's choice between checking and keeping. */
export function knownItemKinds(): ReadonlySet<string> {
  itemKinds ??= new Set(
    ResponseItem.options.flatMap((o) => {
      const tag = o.shape.type;
      return 'options' in tag ? [...tag.options] : [tag.value];
    }),
  );
  return itemKinds;
}

/** A compacted payload with its replacement history checked shallowly (items validated on demand). */
export const CompactedPayloadHead = lazySchema(() =>
  z.looseObject({
    message: z.string(),
    replacement_history: z.array(ResponseItemHead).nullable().optional(),
  }),
);
export type CompactedPayloadHead = z.infer<typeof CompactedPayloadHead>;

export const StoredResponseItemLine = lazySchema(() => line('response_item', ResponseItemHead));
export const StoredCompactedLine = lazySchema(() => line('compacted', CompactedPayloadHead));
/** A thread's name, looked for in single lines without reading the whole rollout. */
export const ThreadNameUpdatedLine = lazySchema(() => line('event_msg', ThreadNameUpdatedEvent));

/** A line as read back from disk: the payload is the parsed JSON itself, unknown fields kept. */
export const StoredRolloutLine = lazySchema(() =>
  z.discriminatedUnion('type', [
    SessionMetaLine,
    StoredResponseItemLine,
    TurnContextLine,
    EventMsgLine,
    StoredCompactedLine,
    WorldStateLine,
    TokenUsageRecordLine,
    InterAgentCommunicationMetadataLine,
    RetainedContextLine,
  ]),
);
export type StoredRolloutLine = z.infer<typeof StoredRolloutLine>;
