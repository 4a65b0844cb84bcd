// The `event_msg` payloads weft reads back from rollouts, one schema per kind, discriminated by
// `type`. Only the fields weft reads are listed, with the optionality Codex writes them with; every
// schema is loose, so what a newer Codex adds survives. Kinds not listed here are kept as they are
// (`OtherEventMsg`): Codex writes many events weft has no use for, and a copy must not lose them.
import { z } from 'zod';
import { ContentPart } from './responses-items.js';
import { lazySchema } from './lazy-schema.js';

/** Token counts in a `token_count` event (0.169 adds `cache_write_input_tokens`, kept as read). */
export const StoredTokenUsage = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number(),
    cached_input_tokens: z.number(),
    output_tokens: z.number(),
    reasoning_output_tokens: z.number(),
    total_tokens: z.number(),
  }),
);

export const StoredTokenInfo = lazySchema(() =>
  z.looseObject({
    total_token_usage: StoredTokenUsage,
    last_token_usage: StoredTokenUsage,
    model_context_window: z.number().nullable().optional(),
  }),
);
export type StoredTokenInfo = z.infer<typeof StoredTokenInfo>;

export const UserMessageEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('user_message'),
    message: z.string(),
    images: z.array(z.string()).nullable().optional(),
  }),
);
export const AgentMessageEvent = lazySchema(() => z.looseObject({ type: z.literal('agent_message'), message: z.string() }));
export const AgentReasoningEvent = lazySchema(() => z.looseObject({ type: z.literal('agent_reasoning'), text: z.string() }));
export const ContextCompactedEvent = lazySchema(() => z.looseObject({ type: z.literal('context_compacted') }));
export const TurnAbortedEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('turn_aborted'),
    reason: z.string().optional(),
    turn_id: z.string().optional(),
  }),
);
export const TokenCountEvent = lazySchema(() => z.looseObject({ type: z.literal('token_count'), info: StoredTokenInfo.nullable().optional() }));
export const ThreadNameUpdatedEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('thread_name_updated'),
    thread_id: z.string().optional(),
    thread_name: z.string().nullable().optional(),
  }),
);
export const ThreadRolledBackEvent = lazySchema(() => z.looseObject({ type: z.literal('thread_rolled_back'), num_turns: z.number() }));

/**
 * Codex 0.169: a turn's opening and closing events. The times are seconds since the epoch, read only
 * when they are numbers: a turn marker is not lost over its clock (recordings hold placeholders).
 */
export const TaskStartedEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('task_started'),
    turn_id: z.string().optional(),
    started_at: z.unknown().optional(),
  }),
);
export const TaskCompleteEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('task_complete'),
    turn_id: z.string().optional(),
    completed_at: z.unknown().optional(),
    /** Codex 0.169: why the turn failed (`codex_error_info` is its error category). */
    error: z.looseObject({ message: z.string(), codex_error_info: z.unknown().optional() }).nullable().optional(),
  }),
);
/** Codex 0.169: settings a turn applied before it started (counted by the viewer's replay). */
export const ThreadSettingsAppliedEvent = lazySchema(() => z.looseObject({ type: z.literal('thread_settings_applied') }));
/**
 * Codex 0.169's record of a goal a client set on the thread (app-server thread/goal/set): the goal
 * as the goal tools show it. The goal itself lives in the home's goal database; readers skip this.
 */
export const ThreadGoalUpdatedEvent = lazySchema(() =>
  z.looseObject({ type: z.literal('thread_goal_updated'), threadId: z.string(), goal: z.looseObject({ objective: z.string(), status: z.string() }) }),
);

/** Codex 0.169: a finished turn item, as its app-server shows it (`UserMessage`, `AgentMessage`, …). */
export const CompletedTurnItem = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    id: z.string().optional(),
    content: z.array(z.unknown()).optional(),
    summary_text: z.array(z.unknown()).optional(),
    raw_content: z.array(z.unknown()).optional(),
  }),
);
export type CompletedTurnItem = z.infer<typeof CompletedTurnItem>;

/** Rust's Duration as serde writes it. */
const RustDuration = lazySchema(() => z.object({ secs: z.number().int().nonnegative(), nanos: z.number().int().nonnegative() }));

/**
 * Codex 0.169: a command exec_command ran to its end (recorded before the output of the call that saw
 * it end), or a user's shell command (`thread/shellCommand`: no process id, source `user_shell`).
 */
export const CommandExecutionTurnItem = lazySchema(() =>
  z.object({
    type: z.literal('CommandExecution'),
    id: z.string(),
    process_id: z.string().nullable().optional(),
    command: z.array(z.string()),
    /** A `file://` URI. */
    cwd: z.string(),
    parsed_cmd: z.array(z.object({ type: z.literal('unknown'), cmd: z.string() })),
    source: z.enum(['unified_exec_startup', 'user_shell']),
    status: z.enum(['completed', 'failed']),
    aggregated_output: z.string(),
    exit_code: z.number().int(),
    duration: RustDuration,
  }),
);
export type CommandExecutionTurnItem = z.infer<typeof CommandExecutionTurnItem>;

/** One file of a FileChange item: an added or deleted file's content, an update's `@@` hunks. */
export const FileChangeEntry = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('add'), content: z.string() }),
    z.object({ type: z.literal('delete'), content: z.string() }),
    z.object({ type: z.literal('update'), unified_diff: z.string(), move_path: z.string().nullable() }),
  ]),
);
/** Codex 0.169: a patch apply_patch wrote, keyed by absolute path. */
export const FileChangeTurnItem = lazySchema(() =>
  z.object({
    type: z.literal('FileChange'),
    id: z.string(),
    changes: z.record(z.string(), FileChangeEntry),
    status: z.literal('completed'),
    stdout: z.string(),
    stderr: z.string(),
  }),
);
export type FileChangeTurnItem = z.infer<typeof FileChangeTurnItem>;

/** Codex 0.169: an image view_image handed to the model (`path` a `file://` URI). */
export const ImageViewTurnItem = lazySchema(() => z.object({ type: z.literal('ImageView'), id: z.string(), path: z.string() }));
export type ImageViewTurnItem = z.infer<typeof ImageViewTurnItem>;

/**
 * Codex 0.169: a collaboration tool call as an item, recorded by multi-agent v2 for wait_agent only
 * (tool `wait`): the waiting thread, and no receivers or agent states.
 */
export const CollabAgentToolCallTurnItem = lazySchema(() =>
  z.object({
    type: z.literal('CollabAgentToolCall'),
    id: z.string(),
    tool: z.string(),
    status: z.enum(['in_progress', 'completed', 'failed']),
    sender_thread_id: z.string(),
    receiver_thread_ids: z.array(z.string()),
    receiver_agents: z.array(z.unknown()),
    agents_states: z.record(z.string(), z.unknown()),
  }),
);
export type CollabAgentToolCallTurnItem = z.infer<typeof CollabAgentToolCallTurnItem>;

/** The tool items weft records in 0.169 rollouts (MCP calls have their own builder). */
export const ToolTurnItem = lazySchema(() => z.discriminatedUnion('type', [CommandExecutionTurnItem, FileChangeTurnItem, ImageViewTurnItem, CollabAgentToolCallTurnItem]));
export type ToolTurnItem = z.infer<typeof ToolTurnItem>;

export const ItemCompletedEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('item_completed'),
    turn_id: z.string().optional(),
    item: CompletedTurnItem,
  }),
);

/** weft's own: a message an extension put into the thread, kept beside the items it follows. */
export const EXTENSION_MESSAGE_EVENT = 'weft_extension_message';
export const StoredExtensionMessage = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('extension_message'),
      customType: z.string(),
      content: z.union([z.string(), z.array(ContentPart)]),
      display: z.boolean().optional(),
      details: z.unknown().optional(),
    }),
    z.object({ type: z.literal('compaction_summary_message'), summary: z.string() }),
    z.object({ type: z.literal('branch_summary_message'), summary: z.string() }),
  ]),
);
export type StoredExtensionMessage = z.infer<typeof StoredExtensionMessage>;
export const ExtensionMessageEvent = lazySchema(() => z.looseObject({ type: z.literal(EXTENSION_MESSAGE_EVENT), message: StoredExtensionMessage }));

export const KnownEventMsg = lazySchema(() =>
  z.discriminatedUnion('type', [
    UserMessageEvent,
    AgentMessageEvent,
    AgentReasoningEvent,
    ContextCompactedEvent,
    TurnAbortedEvent,
    TokenCountEvent,
    ThreadNameUpdatedEvent,
    ThreadRolledBackEvent,
    TaskStartedEvent,
    TaskCompleteEvent,
    ThreadSettingsAppliedEvent,
    ThreadGoalUpdatedEvent,
    ItemCompletedEvent,
    ExtensionMessageEvent,
  ]),
);
export type KnownEventMsg = z.infer<typeof KnownEventMsg>;
export type KnownEventKind = KnownEventMsg['type'];

let eventKinds: ReadonlySet<string> | undefined;
/** The kinds above, for the reader's choice of schema. */
export function knownEventKinds(): ReadonlySet<string> {
  eventKinds ??= new Set(KnownEventMsg.options.map((o) => o.shape.type.value));
  return eventKinds;
}

/** An event of a kind weft does not read: only its `type` is known. */
export const OtherEventMsg = lazySchema(() => z.looseObject({ type: z.string() }));
export type OtherEventMsg = z.infer<typeof OtherEventMsg>;

/** An event_msg payload as stored: a known kind (checked against its schema) or any other. */
export type EventMsgPayload = KnownEventMsg | OtherEventMsg;
