// `weft exec --json`: thread events → the JSONL event stream `codex exec --experimental-json` prints
// (and @openai/codex-sdk parses): thread.started, turn.started, item.started/updated/completed,
// turn.completed with usage, turn.failed, error. Of the collaboration tools (multi-agent v2), Codex
// 0.169 shows only `wait_agent`, as a `collab_tool_call` item of tool `wait` started with the call and
// completed with its output; it names the waiting thread and no receivers or agent states.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import type { FileChangeSummary } from '../tools/apply-patch/run-patch.js';

export type ExecJsonEvent = Record<string, unknown> & { type: string };

/**
 * The `usage` of turn.completed: Codex 0.98 sent input, cached input and output tokens; today's
 * Codex (and the current @openai/codex-sdk `Usage` type) adds cache writes and reasoning tokens.
 */
export type ExecUsageFields = 'codex-0.98' | 'full';

export interface ExecEventOptions {
  readonly usageFields?: ExecUsageFields;
  /** Codex 0.169 announces a file change with item.started before its item.completed; 0.98 does not. */
  readonly fileChangeStarted?: boolean;
  /** Codex 0.98 reports an automatic compaction as an error item; 0.169 prints nothing for it. Default true. */
  readonly compactionItem?: boolean;
  /**
   * Codex 0.169 shows a problem with the user instructions (an AGENTS.md cut at project_doc_max_bytes)
   * as an item; 0.98 only logs it, so its stream has none. Default true.
   */
  readonly instructionWarningItems?: boolean;
}

export class ExecEventMapper {
  constructor(private readonly options: ExecEventOptions = {}) {}

  #next = 0;
  readonly #commands = new Map<string, string>();
  /** The turn's plan as a `todo_list` item: started on the first update, completed with the turn. */
  #todo: { id: string; items: { text: string; completed: boolean }[] } | undefined;
  readonly #fileChanges = new Map<string, string>();
  readonly #waits = new Map<string, string>();
  #threadId = '';

  #id(): string {
    return `item_${this.#next++}`;
  }

  #endTodo(): ExecJsonEvent[] {
    const todo = this.#todo;
    this.#todo = undefined;
    return todo === undefined ? [] : [todoCompleted(todo)];
  }

  map(event: ThreadEvent): ExecJsonEvent[] {
    switch (event.type) {
      case 'thread_started':
        this.#threadId = event.threadId;
        return [{ type: 'thread.started', thread_id: event.threadId }];
      case 'turn_started':
        return [{ type: 'turn.started' }];
      case 'model_item': {
        const item = event.item;
        if (item.type === 'reasoning') {
          const text = item.summary.map((p) => p.text).join('\n\n');
          return text ? [{ type: 'item.completed', item: { id: this.#id(), type: 'reasoning', text } }] : [];
        }
        if (item.type === 'message' && item.role === 'assistant') {
          const text = item.content.map((p) => ('text' in p ? p.text : '')).join('');
          return [{ type: 'item.completed', item: { id: this.#id(), type: 'agent_message', text } }];
        }
        if (isWaitAgentCall(item) && item.call_id !== undefined) {
          const id = this.#id();
          this.#waits.set(item.call_id, id);
          return [{ type: 'item.started', item: waitItem(id, this.#threadId, 'in_progress') }];
        }
        return [];
      }
      case 'tool_output': {
        const item = event.item;
        const callId = item.type === 'function_call_output' ? item.call_id : undefined;
        const id = callId !== undefined ? this.#waits.get(callId) : undefined;
        if (callId === undefined || id === undefined) return [];
        this.#waits.delete(callId);
        return [{ type: 'item.completed', item: waitItem(id, this.#threadId, 'completed') }];
      }
      case 'command_started': {
        const id = this.#id();
        this.#commands.set(event.callId, id);
        return [{ type: 'item.started', item: commandItem(id, event.command, '', null, 'in_progress') }];
      }
      case 'command_finished': {
        const id = this.#commands.get(event.callId) ?? this.#id();
        const status = event.exitCode === 0 ? 'completed' : 'failed';
        return [{ type: 'item.completed', item: commandItem(id, event.command, event.aggregatedOutput, event.exitCode, status) }];
      }
      case 'mcp_call_started': {
        const id = this.#id();
        this.#commands.set(event.callId, id);
        return [{ type: 'item.started', item: mcpItem(id, event.server, event.tool, event.arguments, null, null, 'in_progress') }];
      }
      case 'mcp_call_finished': {
        const id = this.#commands.get(event.callId) ?? this.#id();
        const result = event.result ? { content: event.result.content, structured_content: event.result.structuredContent ?? null } : null;
        const error = event.error !== null ? { message: event.error } : null;
        return [{ type: 'item.completed', item: mcpItem(id, event.server, event.tool, event.arguments, result, error, error || event.isError ? 'failed' : 'completed') }];
      }
      case 'file_change_started': {
        if (!this.options.fileChangeStarted) return [];
        const id = this.#id();
        this.#fileChanges.set(event.callId, id);
        return [{ type: 'item.started', item: fileChangeItem(id, event.changes, 'in_progress') }];
      }
      case 'file_change_finished': {
        const id = this.#fileChanges.get(event.callId) ?? this.#id();
        return [{ type: 'item.completed', item: fileChangeItem(id, event.changes, event.status === 'completed' ? 'completed' : 'failed') }];
      }
      case 'warning':
        // Neither generation shows a skill it skipped as an item.
        if (event.about === 'skills' || (event.about === 'instructions' && this.options.instructionWarningItems === false)) return [];
        return [{ type: 'item.completed', item: { id: this.#id(), type: 'error', message: event.message } }];
      case 'approval_unavailable':
        // Shown as the stream's other non-fatal problems are: an error item (Codex's model-visible text is unchanged).
        return [{ type: 'item.completed', item: { id: this.#id(), type: 'error', message: event.message } }];
      case 'plan_updated': {
        const items = event.plan.map((p) => ({ text: p.step, completed: p.status === 'completed' }));
        const started = this.#todo === undefined;
        this.#todo = { id: this.#todo?.id ?? this.#id(), items };
        return [{ type: started ? 'item.started' : 'item.updated', item: { id: this.#todo.id, type: 'todo_list', items } }];
      }
      case 'turn_completed': {
        const u = event.usage;
        const usage =
          this.options.usageFields === 'full'
            ? {
                input_tokens: u?.input_tokens ?? 0,
                cached_input_tokens: u?.cached_input_tokens ?? 0,
                // weft's providers report no cache writes apart from reads.
                cache_write_input_tokens: 0,
                output_tokens: u?.output_tokens ?? 0,
                reasoning_output_tokens: u?.reasoning_output_tokens ?? 0,
              }
            : { input_tokens: u?.input_tokens ?? 0, cached_input_tokens: u?.cached_input_tokens ?? 0, output_tokens: u?.output_tokens ?? 0 };
        return [...this.#endTodo(), { type: 'turn.completed', usage }];
      }
      case 'turn_failed':
        // Codex reports the fatal error on the stream, then fails the turn with it.
        return [
          ...this.#endTodo(),
          { type: 'error', message: event.message },
          { type: 'turn.failed', error: { message: event.message } },
        ];
      case 'turn_interrupted':
        return [...this.#endTodo(), { type: 'turn.failed', error: { message: 'turn interrupted' } }];
      case 'retrying':
        return [{ type: 'error', message: `Reconnecting... ${event.retry}/${event.maxRetries} (${event.reason})` }];
      case 'compaction_finished':
        if (this.options.compactionItem === false) return [];
        // Codex 0.98 reports a compaction to SDK clients as an error item; weft says what happened.
        return [
          {
            type: 'item.completed',
            item: { id: this.#id(), type: 'error', message: `History compacted to keep the thread within its context window (about ${event.tokensBefore} → ${event.tokensAfter} tokens).` },
          },
        ];
      case 'text_delta':
      case 'reasoning_delta':
      case 'compaction_started':
      case 'user_message':
      case 'token_count':
      // exec --json says nothing of rate limits (the rollout's token counts carry them).
      case 'rate_limits':
        return [];
      default: {
        const never: never = event;
        return never;
      }
    }
  }
}

function isWaitAgentCall(item: ResponseItem): item is Extract<ResponseItem, { type: 'function_call' }> {
  return item.type === 'function_call' && item.name === 'wait_agent' && item.namespace === 'collaboration';
}

function waitItem(id: string, threadId: string, status: string) {
  return { id, type: 'collab_tool_call', tool: 'wait', sender_thread_id: threadId, receiver_thread_ids: [], prompt: null, agents_states: {}, status };
}

function mcpItem(id: string, server: string, tool: string, args: unknown, result: unknown, error: unknown, status: string) {
  return { id, type: 'mcp_tool_call', server, tool, arguments: args, result, error, status };
}

function todoCompleted(todo: { id: string; items: { text: string; completed: boolean }[] }): ExecJsonEvent {
  return { type: 'item.completed', item: { id: todo.id, type: 'todo_list', items: todo.items } };
}

function commandItem(id: string, command: string, output: string, exitCode: number | null, status: string) {
  return { id, type: 'command_execution', command, aggregated_output: output, exit_code: exitCode, status };
}

function fileChangeItem(id: string, changes: readonly FileChangeSummary[], status: string) {
  return { id, type: 'file_change', changes: changes.map((c) => ({ path: c.path, kind: c.kind })), status };
}
