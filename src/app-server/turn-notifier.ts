// One turn's thread events → v2 notifications, in Codex's order: the user message item, token usage
// (with the rate-limit snapshot Codex sends beside it), each agent item started on its first delta
// and completed with its final text, command items, compaction items. Turn start and end are sent
// by the caller, which owns the turn's lifecycle. Of the collaboration tools, Codex 0.169 shows
// wait_agent as a `collabAgentToolCall` item (tool `wait`) from the call to its output.
import type { RateLimitSnapshot } from '../client/rate-limits.js';
import { planTypeOf } from './handlers/rate-limit-snapshots.js';
import { randomUUID } from 'node:crypto';
import type { ThreadItem, UserInput } from '../../protocol/app-server/common.js';
import type { NotificationParams, ServerNotificationMethod } from '../../protocol/app-server/methods.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { TokenInfo } from '../rollout/format/token-info.js';
import { changeDiff, TurnDiff } from '../tools/apply-patch/change-diff.js';
import type { FileChangeSummary } from '../tools/apply-patch/run-patch.js';

export type Notify = <M extends ServerNotificationMethod>(method: M, params: NotificationParams<M>) => void;

/** A thread's last reported rate limits (in the notification's shape), which its later turns repeat. */
export interface RateLimitMemory {
  last?: Record<string, unknown>;
}


/** A reported snapshot in the notification's shape (percentages as integers, as Codex sends them). */
function rateLimitsParams(s: RateLimitSnapshot): Record<string, unknown> {
  const window = (w: RateLimitSnapshot['primary']) => (w === null ? null : { usedPercent: Math.round(w.used_percent), windowDurationMins: w.window_minutes, resetsAt: w.resets_at });
  return {
    limitId: s.limit_id,
    limitName: s.limit_name,
    primary: window(s.primary),
    secondary: window(s.secondary),
    credits: s.credits === null ? null : { hasCredits: s.credits.has_credits, unlimited: s.credits.unlimited, balance: s.credits.balance },
    planType: s.plan_type === null ? null : planTypeOf(s.plan_type),
  };
}

/** `thread/tokenUsage/updated` params for the thread's totals. */
export function tokenUsageParams(threadId: string, turnId: string, info: TokenInfo) {
  return {
    threadId,
    turnId,
    tokenUsage: { total: breakdown(info.total_token_usage), last: breakdown(info.last_token_usage), modelContextWindow: info.model_context_window },
  };
}

function breakdown(u: TokenInfo['total_token_usage']) {
  return {
    totalTokens: u.total_tokens,
    inputTokens: u.input_tokens,
    cachedInputTokens: u.cached_input_tokens,
    outputTokens: u.output_tokens,
    reasoningOutputTokens: u.reasoning_output_tokens,
  };
}

export class TurnNotifier {
  /**
   * Agent messages / reasoning announced with item/started and not completed yet, oldest first.
   * History items carry no id, so a completed item takes the id its deltas streamed under.
   */
  readonly #open = { message: [] as string[], reasoning: [] as string[] };
  /** Command items announced (before their approval request, or when they began), by call id. */
  readonly #commands = new Map<string, { command: string; cwd: string }>();
  /** File-change items announced (before their approval request, or when the write began). */
  readonly #fileChanges = new Set<string>();
  /** wait_agent calls announced and not answered yet. */
  readonly #waits = new Set<string>();
  readonly #turnDiff = new TurnDiff();
  /**
   * Totals recorded before a request are reported once its response starts streaming (Codex
   * reports them with the response's rate limits); a request that fails reports none.
   */
  #beforeResponse: { info: TokenInfo | null } | undefined;
  #streaming = false;
  /**
   * A response's totals, held (where totals follow responses) until the tool calls it asked for have
   * run: Codex 0.169 reports them after the calls' items, before the next response or the turn's end.
   */
  #afterCalls: { info: TokenInfo | null } | undefined;

  constructor(
    private readonly notify: Notify,
    readonly threadId: string,
    public turnId: string,
    /** The user inputs in the order their messages will be recorded (turn input, then steered input). */
    private readonly inputs: UserInput[][] = [],
    private readonly style: { totalsBeforeResponse: boolean; sendsThreadCompacted: boolean } = { totalsBeforeResponse: true, sendsThreadCompacted: true },
    /**
     * What `account/rateLimits/updated` says with each token count: the last snapshot the thread's
     * answers reported; nothing until one did (a WebSocket answer reports none), as in Codex.
     */
    private readonly rateLimits: RateLimitMemory = {},
  ) {}

  queueInput(input: UserInput[]): void {
    this.inputs.push(input);
  }

  #item(method: 'item/started' | 'item/completed', item: ThreadItem): void {
    this.notify(method, { item, threadId: this.threadId, turnId: this.turnId });
  }

  tokenUsage(info: TokenInfo | null): void {
    this.#afterCalls = undefined;
    if (info) this.notify('thread/tokenUsage/updated', tokenUsageParams(this.threadId, this.turnId, info));
    if (this.rateLimits.last !== undefined) this.notify('account/rateLimits/updated', { rateLimits: this.rateLimits.last });
  }

  /** Shows a command item (before its approval question, as Codex does, or as it begins); once. */
  announceCommand(callId: string, command: string, cwd: string): void {
    if (this.#commands.has(callId)) return;
    this.#commands.set(callId, { command, cwd });
    this.#item('item/started', commandItem(callId, command, cwd, 'inProgress'));
  }

  /** Shows a file-change item (before its approval question, or as the write begins); once. */
  announceFileChange(callId: string, changes: readonly FileChangeSummary[]): void {
    if (this.#fileChanges.has(callId)) return;
    this.#fileChanges.add(callId);
    this.#item('item/started', fileChangeItem(callId, changes, 'inProgress'));
  }

  commandDeclined(callId: string, command: string, cwd: string): void {
    this.#item('item/completed', commandItem(callId, command, cwd, 'declined'));
  }

  on(event: ThreadEvent): void {
    switch (event.type) {
      case 'turn_completed':
        // The last response's totals go out as the turn ends (before what its end changes: the goal's usage).
        return this.settle();
      case 'user_message': {
        // Input steered in after a response: its totals come first.
        this.settle();
        const content = this.inputs.shift() ?? [
          ...event.images.map((url): UserInput => ({ type: 'image', url })),
          { type: 'text', text: event.text, text_elements: [] },
        ];
        const item: ThreadItem = { type: 'userMessage', id: randomUUID(), content };
        this.#item('item/started', item);
        this.#item('item/completed', item);
        return;
      }
      case 'token_count':
        if (this.#streaming) {
          this.#streaming = false;
          if (this.style.totalsBeforeResponse) return this.tokenUsage(event.info);
          this.#afterCalls = { info: event.info };
          return;
        }
        this.#beforeResponse = { info: event.info };
        return;
      case 'text_delta': {
        this.#responseStarted();
        const id = event.itemId ?? this.#open.message[0] ?? randomUUID();
        if (!this.#open.message.includes(id)) {
          this.#open.message.push(id);
          this.#item('item/started', { type: 'agentMessage', id, text: '' });
        }
        this.notify('item/agentMessage/delta', { threadId: this.threadId, turnId: this.turnId, itemId: id, delta: event.delta });
        return;
      }
      case 'reasoning_delta': {
        this.#responseStarted();
        const id = event.itemId ?? this.#open.reasoning[0] ?? randomUUID();
        if (!this.#open.reasoning.includes(id)) {
          this.#open.reasoning.push(id);
          this.#item('item/started', { type: 'reasoning', id, summary: [], content: [] });
        }
        this.notify('item/reasoning/summaryTextDelta', {
          threadId: this.threadId,
          turnId: this.turnId,
          itemId: id,
          delta: event.delta,
          summaryIndex: 0,
        });
        return;
      }
      case 'model_item':
        this.#responseStarted();
        return this.#modelItem(event.item);
      case 'command_started':
        return this.announceCommand(event.callId, event.command, event.cwd);
      case 'command_finished': {
        // The item keeps the command line it was announced with.
        const shown = this.#commands.get(event.callId) ?? { command: event.command, cwd: event.cwd };
        return this.#item('item/completed', {
          ...commandItem(event.callId, shown.command, shown.cwd, event.exitCode === 0 ? 'completed' : 'failed'),
          aggregatedOutput: event.aggregatedOutput,
          exitCode: event.exitCode,
        });
      }
      case 'mcp_call_started':
        return this.#item('item/started', { type: 'mcpToolCall', id: event.callId, server: event.server, tool: event.tool, status: 'inProgress', arguments: event.arguments, result: null, error: null, durationMs: null });
      case 'mcp_call_finished':
        return this.#item('item/completed', {
          type: 'mcpToolCall',
          id: event.callId,
          server: event.server,
          tool: event.tool,
          // A tool that reports its own failure (`isError`) ends failed, with its result, as in Codex.
          status: event.error === null && !event.isError ? 'completed' : 'failed',
          arguments: event.arguments,
          result: event.result,
          error: event.error === null ? null : { message: event.error },
          durationMs: Math.round(event.durationMs),
        });
      case 'file_change_started':
        return this.announceFileChange(event.callId, event.changes);
      case 'file_change_finished': {
        this.announceFileChange(event.callId, event.changes);
        const status = event.status === 'completed' ? 'completed' : event.status === 'declined' ? 'declined' : 'failed';
        this.#item('item/completed', fileChangeItem(event.callId, event.changes, status));
        if (event.status === 'completed') {
          this.#turnDiff.record(event.changes);
          this.notify('turn/diff/updated', { threadId: this.threadId, turnId: this.turnId, diff: this.#turnDiff.render() });
        }
        return;
      }
      case 'retrying':
        this.notify('error', {
          error: { message: `Reconnecting... ${event.retry}/${event.maxRetries}: ${event.reason}`, codexErrorInfo: null, additionalDetails: null },
          willRetry: true,
          threadId: this.threadId,
          turnId: this.turnId,
        });
        return;
      case 'compaction_started':
        return this.#item('item/started', { type: 'contextCompaction', id: event.itemId });
      case 'compaction_finished': {
        this.#item('item/completed', { type: 'contextCompaction', id: event.itemId });
        if (this.style.sendsThreadCompacted) this.notify('thread/compacted', { threadId: this.threadId, turnId: this.turnId });
        return;
      }
      case 'plan_updated':
        this.notify('turn/plan/updated', {
          threadId: this.threadId,
          turnId: this.turnId,
          explanation: event.explanation,
          plan: event.plan.map((p) => ({ step: p.step, status: p.status === 'in_progress' ? 'inProgress' : p.status })),
        });
        return;
      case 'rate_limits':
        this.rateLimits.last = rateLimitsParams(event.snapshot);
        return;
      case 'tool_output': {
        const item = event.item;
        if (item.type !== 'function_call_output' || item.call_id === undefined || !this.#waits.delete(item.call_id)) return;
        return this.#item('item/completed', waitItem(item.call_id, this.threadId, 'completed'));
      }
      case 'thread_started':
      case 'turn_started':
      case 'warning':
      // The app-server always has its client to ask.
      case 'approval_unavailable':
      case 'turn_interrupted':
      case 'turn_failed':
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  }

  /** Reports totals still held (the calls of the last response have run, or the turn ends). */
  settle(): void {
    const held = this.#afterCalls;
    if (held) this.tokenUsage(held.info);
  }

  #responseStarted(): void {
    this.#streaming = true;
    this.settle();
    const pending = this.#beforeResponse;
    this.#beforeResponse = undefined;
    if (pending && this.style.totalsBeforeResponse) this.tokenUsage(pending.info);
  }

  #modelItem(item: ResponseItem): void {
    if (item.type === 'function_call' && item.name === 'wait_agent' && item.namespace === 'collaboration' && item.call_id !== undefined) {
      this.#waits.add(item.call_id);
      this.#item('item/started', waitItem(item.call_id, this.threadId, 'inProgress'));
    } else if (item.type === 'message' && item.role === 'assistant') {
      const id = this.#close(this.#open.message, item.id);
      const text = item.content.map((p) => ('text' in p ? p.text : '')).join('');
      if (id.fresh) this.#item('item/started', { type: 'agentMessage', id: id.id, text: '' });
      this.#item('item/completed', { type: 'agentMessage', id: id.id, text });
    } else if (item.type === 'reasoning') {
      const id = this.#close(this.#open.reasoning, item.id);
      const summary = item.summary.map((p) => p.text);
      const content = (item.content ?? []).map((p) => p.text);
      if (id.fresh) this.#item('item/started', { type: 'reasoning', id: id.id, summary: [], content: [] });
      this.#item('item/completed', { type: 'reasoning', id: id.id, summary, content });
    }
  }

  /** The id a completed item is reported under, and whether it was never announced. */
  #close(open: string[], own: string | undefined): { id: string; fresh: boolean } {
    const at = own !== undefined ? open.indexOf(own) : open.length > 0 ? 0 : -1;
    if (at === -1) return { id: own ?? randomUUID(), fresh: true };
    const [id] = open.splice(at, 1);
    return { id: id as string, fresh: false };
  }
}

type CommandItem = Extract<ThreadItem, { type: 'commandExecution' }>;

function commandItem(id: string, command: string, cwd: string, status: CommandItem['status']): CommandItem {
  return {
    type: 'commandExecution',
    id,
    command,
    cwd,
    processId: null,
    status,
    commandActions: [{ type: 'unknown', command }],
    aggregatedOutput: null,
    exitCode: null,
    durationMs: null,
  };
}

type FileChangeItem = Extract<ThreadItem, { type: 'fileChange' }>;

function fileChangeItem(id: string, changes: readonly FileChangeSummary[], status: FileChangeItem['status']): FileChangeItem {
  return {
    type: 'fileChange',
    id,
    changes: changes.map((c) => ({
      path: c.path,
      kind: c.kind === 'update' ? { type: 'update', move_path: c.movePath ?? null } : { type: c.kind },
      diff: changeDiff(c),
    })),
    status,
  };
}

/** A wait_agent call as Codex 0.169 shows it: the waiting thread, no receivers, prompt or agent states. */
function waitItem(callId: string, threadId: string, status: 'inProgress' | 'completed'): ThreadItem {
  return { type: 'collabAgentToolCall', id: callId, tool: 'wait', status, senderThreadId: threadId, receiverThreadIds: [], prompt: null, model: null, reasoningEffort: null, agentsStates: {} };
}
