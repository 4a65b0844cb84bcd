// What a reopened codex-0.169 thread needs from its rollout besides the history: where its line
// numbering, history numbering and input counter stand, which context window it is in, which
// multi-agent version it was created with, what it was forked from, and the turn each MCP tool's
// output first came in. Reads rollouts of either generation (0.98 lines have no ordinals: their
// position counts).
import type { RolloutRecord } from '../../rollout/format/reader.js';
import { isUserInput } from './item-metadata.js';
import { RetainedContext } from './retained-context.js';

export interface ThreadRecordsState {
  readonly nextOrdinal: number;
  readonly historySequence: number;
  readonly windowNumber: number;
  /** The current context window's id, when the rollout names one. */
  readonly contextWindowId: string | undefined;
  readonly multiAgentVersion: string | undefined;
  readonly forkedFrom: { readonly threadId: string; readonly ordinalExclusive: number } | undefined;
  /** The model of the last turn, as recorded. */
  readonly lastModel: string | undefined;
  /** Whether the last token count's usage counted the reasoning (Codex restores it with the counts). */
  readonly lastUsageIncludesReasoning: boolean;
  /** Where the input counter stands: past every order the rollout records (inputOrders). */
  readonly inputOrders: InputOrders;
  /** What the rollout format continues from besides the numbering (Codex0169RolloutFormat's context). */
  readonly formatFacts: {
    /** The turn each MCP tool's output first came in (`server/tool` → turn id). */
    readonly mcpFirstTurns: ReadonlyMap<string, string | null>;
    /** The history_sequence the last sampling request went through, as the last item records it. */
    readonly sampledThrough: number;
    /** The metadata each of the user's own messages was written with, by message id (a compaction keeps it). */
    readonly userMessageMetadata: ReadonlyMap<string, Record<string, unknown>>;
    /** The retained facts: the last compaction's snapshot and what was retained after it. */
    readonly retained: RetainedContext;
  };
}

/**
 * The next value of the input counter (`user_input_order`, `acceptance_order`, a compaction's
 * `next_order`), counted over the thread's own lines, and over the lines a fork points at: all of
 * them, or only the user's messages among them. A thread continues its own count and a fork's (`all`);
 * an agent forked from its parent counts from its own lines (multi-agent v2: the parent's counter is
 * not the child's) or from the parent's user messages too (v1).
 */
export interface InputOrders {
  readonly all: number;
  readonly own: number;
  readonly ownAndInheritedUser: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);


/** The order a line takes in the input counter, if any. */
function orderOf(type: string, payload: Obj, metadata: Obj | undefined): number | undefined {
  if (type === 'response_item') return num(metadata?.user_input_order);
  if (type === 'retained_context') return num(payload.acceptance_order);
  if (type === 'compacted' && isObj(payload.retained_context)) {
    const next = num(payload.retained_context.next_order);
    return next !== undefined ? next - 1 : undefined;
  }
  return undefined;
}

function noteMcpSources(metadata: Obj | undefined, firstTurns: Map<string, string | null>): void {
  const attribution = metadata?.mcp_attribution;
  const sources = isObj(attribution) && Array.isArray(attribution.sources) ? attribution.sources : [];
  for (const source of sources) {
    if (!isObj(source)) continue;
    const key = `${str(source.server_name) ?? ''}/${str(source.tool_name) ?? ''}`;
    if (!firstTurns.has(key)) firstTurns.set(key, str(source.first_turn_id) ?? null);
  }
}

export function threadRecordsState(records: readonly RolloutRecord[]): ThreadRecordsState {
  let nextOrdinal = 0;
  let historySequence = 0;
  let windowNumber = 0;
  let contextWindowId: string | undefined;
  let multiAgentVersion: string | undefined;
  let lastModel: string | undefined;
  let lastUsageIncludesReasoning = false;
  let forkedFrom: ThreadRecordsState['forkedFrom'];
  let first = true;
  const orders = { all: 0, own: 0, ownAndInheritedUser: 0 };
  const mcpFirstTurns = new Map<string, string | null>();
  const userMessageMetadata = new Map<string, Record<string, unknown>>();
  const retained = new RetainedContext();
  let sampledThrough = 0;
  for (const record of records) {
    const ordinal = num(record.line.ordinal);
    nextOrdinal = ordinal !== undefined ? Math.max(nextOrdinal, ordinal + 1) : nextOrdinal + 1;
    const metadata = record.line.metadata;
    if (metadata) historySequence = Math.max(historySequence, num(metadata.history_sequence) ?? 0);
    const payload: unknown = record.line.payload;
    if (!isObj(payload)) continue;
    const order = orderOf(record.line.type, payload, metadata);
    if (order !== undefined) {
      // A line a fork points at comes before the fork's own ordinals.
      const inherited = forkedFrom !== undefined && ordinal !== undefined && ordinal < forkedFrom.ordinalExclusive;
      const userMessage = payload.type === 'message' && payload.role === 'user';
      orders.all = Math.max(orders.all, order + 1);
      if (!inherited) orders.own = Math.max(orders.own, order + 1);
      if (!inherited || userMessage) orders.ownAndInheritedUser = Math.max(orders.ownAndInheritedUser, order + 1);
    }
    noteMcpSources(metadata, mcpFirstTurns);
    if (record.line.type === 'response_item' && metadata !== undefined) {
      sampledThrough = Math.max(sampledThrough, num(metadata.sampled_through_sequence) ?? 0);
      if (isUserInput(payload) && typeof payload.id === 'string') userMessageMetadata.set(payload.id, metadata);
      retained.noteItem(payload, metadata);
    }
    if (record.line.type === 'retained_context') retained.noteAnswer(payload);
    switch (record.line.type) {
      case 'session_meta': {
        // The first session_meta is the thread's own; a paginated fork puts its parent's lines after it.
        if (first) {
          const from = str(payload.forked_from_id);
          const until = num(payload.forked_from_ordinal_exclusive);
          if (from !== undefined && until !== undefined) forkedFrom = { threadId: from, ordinalExclusive: until };
          multiAgentVersion = str(payload.multi_agent_version) ?? multiAgentVersion;
        }
        // The window of the root thread's meta stays current until a compaction opens another one.
        const window = isObj(payload.context_window) ? str(payload.context_window.window_id) : undefined;
        if (contextWindowId === undefined || (!first && windowNumber === 0)) contextWindowId = window ?? contextWindowId;
        break;
      }
      case 'turn_context':
        multiAgentVersion = str(payload.multi_agent_version) ?? multiAgentVersion;
        lastModel = str(payload.model) ?? lastModel;
        break;
      case 'event_msg':
        if (payload.type === 'token_count' && isObj(payload.info) && typeof payload.info.last_usage_includes_reasoning === 'boolean') lastUsageIncludesReasoning = payload.info.last_usage_includes_reasoning;
        break;
      case 'compacted':
        retained.restore(payload.retained_context);
        windowNumber = num(payload.window_number) ?? windowNumber + 1;
        contextWindowId = str(payload.window_id) ?? contextWindowId;
        break;
      default:
        break;
    }
    first = false;
  }
  return { nextOrdinal, historySequence, windowNumber, contextWindowId, multiAgentVersion, forkedFrom, lastModel, lastUsageIncludesReasoning, inputOrders: orders, formatFacts: { mcpFirstTurns, sampledThrough, userMessageMetadata, retained } };
}

/**
 * Where a thread's input counter starts: past every order recorded, except in an agent forked from
 * its parent, whose counter is its own (with multi-agent v1 it also counts past the parent's user
 * messages it took over).
 */
export function startingInputOrder(orders: InputOrders, agentFork: boolean, multiAgentVersion: string): number {
  if (!agentFork) return orders.all;
  return multiAgentVersion === 'v1' ? orders.ownAndInheritedUser : orders.own;
}
