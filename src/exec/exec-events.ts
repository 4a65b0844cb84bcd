// `weft exec --json`: thread events → the JSONL event stream `codex exec --experimental-json` prints
// (and @openai/codex-sdk parses): thread.started, turn.started, item.started/updated/completed,
// turn.completed with usage, turn.failed, error.
import type { ThreadEvent } from '../thread/thread-events.js';

export type ExecJsonEvent = Record<string, unknown> & { type: string };

export class ExecEventMapper {
  #next = 0;
  readonly #commands = new Map<string, string>();

  #id(): string {
    return `item_${this.#next++}`;
  }

  map(event: ThreadEvent): ExecJsonEvent[] {
    switch (event.type) {
      case 'thread_started':
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
        return [];
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
        return [{ type: 'item.completed', item: mcpItem(id, event.server, event.tool, event.arguments, result, error, error ? 'failed' : 'completed') }];
      }
      case 'warning':
        return [{ type: 'item.completed', item: { id: this.#id(), type: 'error', message: event.message } }];
      case 'turn_completed': {
        const u = event.usage;
        const usage = { input_tokens: u?.input_tokens ?? 0, cached_input_tokens: u?.cached_input_tokens ?? 0, output_tokens: u?.output_tokens ?? 0 };
        return [{ type: 'turn.completed', usage }];
      }
      case 'turn_failed':
        // Codex reports the fatal error on the stream, then fails the turn with it.
        return [
          { type: 'error', message: event.message },
          { type: 'turn.failed', error: { message: event.message } },
        ];
      case 'turn_interrupted':
        return [{ type: 'turn.failed', error: { message: 'turn interrupted' } }];
      case 'retrying':
        return [{ type: 'error', message: `Reconnecting... ${event.attempt}/${event.maxAttempts} (${event.reason})` }];
      case 'compaction_finished':
        // Codex reports a compaction to SDK clients as an error item; weft says what happened.
        return [
          {
            type: 'item.completed',
            item: { id: this.#id(), type: 'error', message: `History compacted to keep the thread within its context window (about ${event.tokensBefore} → ${event.tokensAfter} tokens).` },
          },
        ];
      case 'text_delta':
      case 'reasoning_delta':
      case 'tool_output':
      case 'compaction_started':
      case 'user_message':
      case 'token_count':
        return [];
      default: {
        const never: never = event;
        return never;
      }
    }
  }
}

function mcpItem(id: string, server: string, tool: string, args: unknown, result: unknown, error: unknown, status: string) {
  return { id, type: 'mcp_tool_call', server, tool, arguments: args, result, error, status };
}

function commandItem(id: string, command: string, output: string, exitCode: number | null, status: string) {
  return { id, type: 'command_execution', command, aggregated_output: output, exit_code: exitCode, status };
}
