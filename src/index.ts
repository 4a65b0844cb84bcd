// weft's library API. Open a Weft (config, pack and profile loaded once), then start, resume or
// fork threads and run turns on them.
export { Weft, type WeftOptions, type OpenThreadOptions } from './engine/weft.js';
export { Thread, type RunOptions } from './thread/thread.js';
export type { ThreadEvent, ThreadEventListener } from './thread/thread-events.js';
/** One thread event type by name: `ThreadEventOf<'text_delta'>`. */
export type ThreadEventOf<T extends import('./thread/thread-events.js').ThreadEvent['type']> = Extract<import('./thread/thread-events.js').ThreadEvent, { type: T }>;
export type { TurnOutcome } from './thread/turn-loop.js';
export type { ToolHandler, ToolCall, ToolResult, ToolContext } from './tools/tool-registry.js';
export type { Approver, ApprovalRequest, ApprovalDecision } from './tools/approval.js';
export { loadPack, type Pack } from './pack/load-pack.js';
export { loadRuntime, type Runtime, type RuntimeOptions } from './engine/runtime.js';
export { newThreadContext } from './engine/new-thread-context.js';
export { getProfile } from './profile/profiles.js';
export * from './errors.js';
export { RolloutBusyError, type LockHolder } from './rollout/store/lock.js';
export { PanelRegistry, type Panel, type PanelSpec } from './assembly/panels/panel-registry.js';
export type { PromptShapingOptions, ShapeReport, LayoutStrategy } from './prompt/prompt-shaper.js';
export type * from './extensions/extension.js';
export { loadExtension } from './extensions/load-extension.js';
export { budgetedAssembly, type BudgetedStrategyOptions } from './assembly/budget/budgeted-strategy.js';
export { assembleBudgeted } from './assembly/budget/assemble-budgeted.js';
export { exactCounter, estimatingCounter, type TokenCounter } from './assembly/budget/token-counter.js';
export { StoredThreads, type StoredThread } from './engine/stored-threads.js';
export { FileThreadStore } from './rollout/store/file-thread-store.js';
export type { ThreadStore, ImportOutcome } from './rollout/thread-store.js';
// node-postgres loads only when a Postgres store first connects.
export { PostgresThreadStore, type PostgresThreadStoreOptions } from './rollout/postgres/postgres-thread-store.js';
export { ProcessWriterLease, type WriterLease } from './rollout/postgres/writer-lease.js';
export { ThreadStoreUnavailableError } from './rollout/postgres/connection.js';
export { listThreads, type ThreadListEntry, type ThreadListPage, type ListThreadsOptions } from './rollout/store/list.js';
// The wire renderers: one prompt, the body of each wire (Responses, Chat Completions, Anthropic).
export { renderForWire, type PromptRendering, type WireRequest, type WireBody } from './prompt/render-for-wire.js';
export { renderResponsesBody } from './prompt/responses.js';
export { renderChatBody } from './prompt/chat.js';
export { renderAnthropicBody } from './prompt/anthropic.js';
export type { Prompt } from './prompt/prompt.js';
// The items a history holds, by name.
export type {
  ResponseItem,
  MessageItem,
  ReasoningItem,
  FunctionCallItem,
  FunctionCallOutputItem,
  CustomToolCallItem,
  CustomToolCallOutputItem,
  WebSearchCallItem,
  CompactionItem,
  ContentPart,
  Role,
} from '../protocol/responses-items.js';
export type { SessionMeta } from '../protocol/rollout.js';
