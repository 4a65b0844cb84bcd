// Writing a thread's rollout in codex-0.169's format. Every line carries its `ordinal` (its position in
// the thread, a fork's parent lines counted), response items carry `metadata` (their place in the
// history and what item-metadata.ts adds), an answer to a question is retained in a `retained_context`
// line (verified-answer.ts), and the display events of the previous generation become `item_completed` events. The
// turn loop appends lines in the 0.98 vocabulary; this formatter translates them, and passes through
// the lines the thread's own hooks built in the 0.169 vocabulary.
import type { RateLimitSnapshot } from '../../client/rate-limits.js';
import { newThreadId } from '../../rollout/store/thread-id.js';
import type { RolloutLineFormat, RolloutLineInput } from '../../rollout/format/writer.js';
import { jsonPieces, type JsonPiece } from '../../bytes/json-pieces.js';
import { rolloutTimestamp } from '../../rollout/format/writer.js';
import type { TruncationPolicy } from '../../../protocol/model-catalog.js';
import { ItemBookkeeping } from './item-bookkeeping.js';
import type { RetainedContext } from './retained-context.js';
import { tokenInfo0169, usage0169, type Usage } from './token-usage-0169.js';
import { addTokenUsage } from '../../client/token-usage.js';

export interface RolloutFormatState {
  /** Ordinal of the next line. */
  nextOrdinal: number;
  /** history_sequence of the last response item written. */
  historySequence: number;
  /** Whether the last usage recorded counted the reasoning (a reopened thread's, from its rollout). */
  readonly lastUsageIncludesReasoning?: boolean | undefined;
  /** The next value of the thread's input counter (`user_input_order`, `acceptance_order`). */
  nextInputOrder: number;
}

type Payload = Record<string, unknown>;

const RATE_LIMITS = {
  limit_id: 'codex',
  limit_name: null,
  primary: null,
  secondary: null,
  credits: null,
  individual_limit: null,
  spend_control_reached: null,
  plan_type: null,
  rate_limit_reached_type: null,
};

/** The item id an event of the base vocabulary names (review and handed-back messages carry one). */
const idOf = (p: Payload): string | undefined => (typeof p.item_id === 'string' ? p.item_id : undefined);

const CALL_OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output', 'tool_search_output']);

/** A model item that weft answers with an output item. */
function answeredCall(item: Payload): boolean {
  return item.type === 'function_call' || item.type === 'custom_tool_call' || (item.type === 'tool_search_call' && item.execution === 'client');
}

function isPayload(v: unknown): v is Payload {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class Codex0169RolloutFormat implements RolloutLineFormat {
  /** Lines built by the thread's hooks, already in 0.169's vocabulary. */
  readonly #native = new WeakSet<RolloutLineInput>();
  #sampledThrough = 0;
  /** What the request on its way went through: it counts once the response answers (an item, its usage). */
  #pendingSampled: number | undefined;
  #skipTokenCount = false;
  #reasoning: { id: string; texts: string[] } | undefined;
  #assistantId: string | undefined;
  #responseId: string | undefined;
  /** Whether the last usage a token count reports counts the reasoning (noteResponse, tokenCount). */
  #lastUsageIncludesReasoning = false;
  #turnUsage: Usage | undefined;
  /** Calls of the current response whose outputs are not recorded yet. */
  #pendingOutputs = 0;
  /** The response's token count, written once those outputs are. */
  #heldTokenCount: RolloutLineInput | undefined;
  /** What the token counts say of the account's rate limits: null until an answer reports some (a WebSocket answer never does). */
  #rateLimits: Payload | null = null;
  /** What the items' metadata needs from one item to the next (item-bookkeeping.ts). */
  readonly #items: ItemBookkeeping;
  /** An answer reported rate limits that no token count has carried yet (its stream is open). */
  #rateLimitsUncounted = false;

  constructor(
    private readonly state: RolloutFormatState,
    private readonly context: {
      readonly threadId: string;
      /** The team's root thread (a spawned agent's usage is recorded under its root's session). */
      readonly sessionId?: string | undefined;
      turnId: () => string | undefined;
      /** The root turn the running turn's work belongs to, when not the turn itself. */
      rootTurnId?: () => string | undefined;
      sessionMeta: (payload: unknown) => unknown;
      /** What a later release adds after the fields of each item's metadata, none on a message between agents (ProfileThreadInit.itemMetadata). */
      readonly itemMetadata?: Readonly<Record<string, string>> | undefined;
      /** The truncation policy tool outputs are recorded under until a turn says (fallbackTokenLimit). */
      readonly truncationPolicy?: TruncationPolicy | undefined;
      /** The turn each MCP tool's output first came in, as the rollout records it. */
      readonly mcpFirstTurns?: ReadonlyMap<string, string | null> | undefined;
      /** What the rollout's last item says the last sampling request went through. */
      readonly sampledThrough?: number | undefined;
      /** The metadata the user's own messages were written with, by id (a compaction keeps theirs). */
      readonly userMessageMetadata?: ReadonlyMap<string, Payload> | undefined;
      /** The retained facts as the rollout leaves them (a compaction's line carries them). */
      readonly retained?: RetainedContext | undefined;
    },
  ) {
    this.#lastUsageIncludesReasoning = state.lastUsageIncludesReasoning ?? false;
    this.#sampledThrough = context.sampledThrough ?? 0;
    this.#items = new ItemBookkeeping(state, context);
  }

  /**
   * The metadata of a compaction's replacement history, item by item: a kept message of the user
   * keeps what it was written with; every other item takes the next history_sequence (the closing
   * summary with no MCP source).
   */
  replacementMetadata(items: readonly unknown[]): Payload[] {
    return this.#items.replacementMetadata(items, (closing) => {
      this.state.historySequence += 1;
      return { history_sequence: this.state.historySequence, sampled_through_sequence: this.#sampledThrough, client_authored: false, ...(closing ? { mcp_attribution: { status: 'none' } } : {}), ...this.context.itemMetadata };
    });
  }

  /** The retained facts a compaction's line carries, with where the input counter stands. */
  retainedContext(): Payload {
    return this.#items.retainedSnapshot();
  }

  /** A line the hooks built: written as it is (with its ordinal). */
  native(type: RolloutLineInput['type'], payload: unknown): RolloutLineInput {
    const line: RolloutLineInput = { type, payload };
    this.#native.add(line);
    return line;
  }

  /**
   * The response whose usage the next token count reports, and whether that usage counts the
   * reasoning (Codex 0.169: a response of a model its catalog marks `use_responses_lite`).
   */
  noteResponse(responseId: string, includesReasoning: boolean): void {
    this.#responseId = responseId;
    this.#lastUsageIncludesReasoning = includesReasoning;
  }

  /**
   * The default limit's snapshot an answer reported: the next token counts carry it. Credits and
   * plan a snapshot lacks are kept from the one before, as Codex keeps them.
   */
  noteRateLimits(s: RateLimitSnapshot): void {
    this.#rateLimitsUncounted = true;
    const before = this.#rateLimits;
    this.#rateLimits = {
      ...RATE_LIMITS,
      limit_id: s.limit_id,
      limit_name: s.limit_name,
      primary: s.primary,
      secondary: s.secondary,
      credits: s.credits ?? before?.credits ?? null,
      plan_type: s.plan_type ?? before?.plan_type ?? null,
    };
  }

  /** True when an answer reported rate limits that no token count has carried yet. */
  get rateLimitsUncounted(): boolean {
    return this.#rateLimitsUncounted;
  }

  /** A turn begins: its usage starts from zero; its model's policy says how long a tool output may be. */
  noteTurnStarted(truncationPolicy?: TruncationPolicy): void {
    this.#turnUsage = undefined;
    this.#items.turnStarted(truncationPolicy);
  }

  /** A compaction starts (`true`) or ends (`false`, or its window is written): the items between are its output. */
  noteCompacting(active: boolean): void {
    this.#items.compacting(active);
  }

  /**
   * A model output item began to stream: one the counter counts takes its place now, as Codex
   * reserves it, so that an item cut off before it completes leaves its place unused.
   */
  noteItemStarted(raw: Payload): void {
    this.#items.itemStarted(raw);
  }

  /** The turn's user input was accepted: it takes its place in the counter now, as Codex reserves it. */
  noteUserInputAccepted(): void {
    this.#items.userInputAccepted();
  }

  /** An MCP tool ran for a call: the call's output is attributed to it. */
  noteMcpCall(callId: string, server: string, tool: string): void {
    this.#items.mcpCall(callId, server, tool);
  }

  /**
   * A token_count event in 0.169's shape; `estimated`: its last usage is weft's estimate of the
   * history (after a compaction), which Codex counts as including reasoning until the next response.
   */
  tokenCount(info: unknown, estimated = false): RolloutLineInput {
    if (estimated) this.#lastUsageIncludesReasoning = true;
    this.#rateLimitsUncounted = false;
    return this.native('event_msg', { type: 'token_count', info: tokenInfo0169(info, this.#lastUsageIncludesReasoning), rate_limits: this.#rateLimits });
  }

  /** The model item the next display events are about (its id names them). */
  noteModelItem(item: Payload): void {
    this.answered();
    const id = typeof item.id === 'string' ? item.id : newThreadId();
    if (item.type === 'reasoning') {
      const summary = Array.isArray(item.summary) ? item.summary : [];
      this.#reasoning = { id, texts: summary.map((p) => (isPayload(p) && typeof p.text === 'string' ? p.text : '')) };
    } else if (item.type === 'message') {
      this.#assistantId = id;
    }
  }

  lines(line: RolloutLineInput): JsonPiece[][] {
    const type = isPayload(line.payload) ? line.payload.type : undefined;
    if (this.#heldTokenCount !== undefined) {
      // A response's token count waits for the outputs of the calls it made (and their items).
      const isOutput = line.type === 'response_item' && typeof type === 'string' && CALL_OUTPUT_TYPES.has(type);
      // An agent's activity, recorded while the call that caused it runs, is one of those items.
      const isItem = line.type === 'event_msg' && ((this.#native.has(line) && type === 'item_completed') || type === 'sub_agent_activity');
      if (!isOutput && !isItem) return [...this.flushTokenCount(), ...this.translate(line)];
      const written = this.translate(line);
      return isOutput && --this.#pendingOutputs <= 0 ? [...written, ...this.flushTokenCount()] : written;
    }
    if (line.type === 'response_item' && isPayload(line.payload) && answeredCall(line.payload)) this.#pendingOutputs += 1;
    return this.translate(line);
  }

  private flushTokenCount(): JsonPiece[][] {
    const held = this.#heldTokenCount;
    this.#heldTokenCount = undefined;
    this.#pendingOutputs = 0;
    return held === undefined ? [] : [this.serialize(held)];
  }

  private translate(line: RolloutLineInput): JsonPiece[][] {
    if (this.#native.has(line)) return [this.serialize(line)];
    switch (line.type) {
      case 'session_meta':
        return [this.serialize({ ...line, payload: this.context.sessionMeta(line.payload) })];
      case 'response_item':
        return this.responseItem(line);
      case 'turn_context':
        // The turn's own turn_context is written by the hooks; this one marks a sampling request.
        this.#pendingSampled = this.state.historySequence;
        this.#skipTokenCount = true;
        return [];
      case 'event_msg':
        return this.event(line);
      default:
        return [this.serialize(line)];
    }
  }

  private event(line: RolloutLineInput): JsonPiece[][] {
    const payload = isPayload(line.payload) ? line.payload : {};
    const completed = (item: Payload): JsonPiece[][] => {
      const now = Date.now();
      return [
        this.serialize({
          timestamp: line.timestamp,
          type: 'event_msg',
          payload: { type: 'item_completed', thread_id: this.context.threadId, turn_id: this.context.turnId() ?? null, item, started_at_ms: now, completed_at_ms: now },
        }),
      ];
    };
    switch (payload.type) {
      case 'token_count': {
        this.#rateLimitsUncounted = false;
        if (this.#skipTokenCount) {
          this.#skipTokenCount = false;
          return [];
        }
        this.answered();
        const count = { ...line, payload: { type: 'token_count', info: tokenInfo0169(payload.info, this.#lastUsageIncludesReasoning), rate_limits: this.#rateLimits } };
        const record = this.usageRecord(payload.info);
        if (this.#pendingOutputs === 0) return [...record, this.serialize(count)];
        // 0.169 writes the usage record at once and the token count after the calls' outputs.
        this.#heldTokenCount = count;
        return record;
      }
      case 'user_message':
        return completed({ type: 'UserMessage', id: newThreadId(), content: [{ type: 'text', text: payload.message, text_elements: [] }] });
      case 'agent_message':
        return completed({ type: 'AgentMessage', id: idOf(payload) ?? this.#assistantId ?? newThreadId(), content: [{ type: 'Text', text: payload.message }] });
      case 'entered_review_mode':
        return completed({ type: 'EnteredReviewMode', id: idOf(payload) ?? newThreadId(), target: payload.target, user_facing_hint: payload.user_facing_hint });
      case 'exited_review_mode':
        return completed({ type: 'ExitedReviewMode', id: idOf(payload) ?? newThreadId(), review_output: payload.review_output ?? null });
      case 'agent_reasoning': {
        const reasoning = this.#reasoning;
        if (!reasoning) return [];
        this.#reasoning = undefined;
        return completed({ type: 'Reasoning', id: reasoning.id, summary_text: reasoning.texts, raw_content: [] });
      }
      case 'sub_agent_activity':
        // Keys in Codex's order: model and effort first, then the call and the agent.
        return completed({ type: 'SubAgentActivity', model: payload.model ?? null, reasoning_effort: payload.reasoning_effort ?? null, id: payload.id, kind: payload.kind, agent_thread_id: payload.agent_thread_id, agent_path: payload.agent_path });
      case 'context_compacted':
        // The thread passes the id it announced the compaction under, so a later read matches the live item.
        return completed({ type: 'ContextCompaction', id: typeof payload.item_id === 'string' ? payload.item_id : newThreadId() });
      default:
        return [this.serialize(line)];
    }
  }

  /** The `token_usage_record` of the response a token count reports. */
  private usageRecord(info: unknown): JsonPiece[][] {
    if (!isPayload(info)) return [];
    const last = usage0169(info.last_token_usage);
    const turnId = this.context.turnId() ?? null;
    this.#turnUsage = this.#turnUsage ? addTokenUsage(this.#turnUsage, last) : last;
    const record = {
      thread_id: this.context.threadId,
      turn_id: turnId,
      session_id: this.context.sessionId ?? this.context.threadId,
      root_turn_id: this.context.rootTurnId?.() ?? turnId,
      ...(this.#responseId !== undefined ? { response_id: this.#responseId } : {}),
      usage: last,
      turn_token_usage: this.#turnUsage,
      thread_token_usage: usage0169(info.total_token_usage),
    };
    this.#responseId = undefined;
    return [this.serialize({ type: 'token_usage_record', payload: record })];
  }

  /**
   * The request on its way was answered: later items were sampled through what it sent. A request
   * cut off before any answer (an interrupt, a steer) leaves the mark where it was, as in Codex.
   */
  private answered(): void {
    if (this.#pendingSampled === undefined) return;
    this.#sampledThrough = this.#pendingSampled;
    this.#pendingSampled = undefined;
  }

  /** A response item with its metadata; an answered question's retained answer before its output. */
  private responseItem(line: RolloutLineInput): JsonPiece[][] {
    const item = isPayload(line.payload) ? line.payload : {};
    const { retained, fields } = this.#items.item(item);
    this.state.historySequence += 1;
    // A message from another agent is recorded without what a later release adds (0.171's binary
    // writes no model_search_state on one).
    const added = item.type === 'agent_message' ? {} : this.context.itemMetadata;
    const metadata = { history_sequence: this.state.historySequence, sampled_through_sequence: this.#sampledThrough, ...fields, ...added };
    this.#items.written(item, metadata);
    const answer = retained !== undefined ? [this.serialize({ timestamp: line.timestamp, type: 'retained_context', payload: retained })] : [];
    return [...answer, this.serialize(line, metadata)];
  }

  /** `{timestamp, ordinal, type, payload[, metadata]}` in Codex's key order, as pieces (a long text is not copied). */
  private serialize(line: RolloutLineInput, metadata?: Payload): JsonPiece[] {
    const ordinal = this.state.nextOrdinal++;
    const timestamp = line.timestamp ?? rolloutTimestamp();
    const meta = metadata ? `,"metadata":${JSON.stringify(metadata)}` : '';
    const head = `{"timestamp":${JSON.stringify(timestamp)},"ordinal":${ordinal},"type":${JSON.stringify(line.type)},"payload":`;
    return [head, ...jsonPieces(line.payload), `${meta}}`];
  }
}
