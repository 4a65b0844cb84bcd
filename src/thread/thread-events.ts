// What a thread reports while it works, for every surface (CLI text, exec JSONL, app-server
// notifications). Plain data; errors travel as events too.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { TokenUsage } from '../client/token-usage.js';
import type { TokenInfo } from './token-info.js';

export type ThreadEvent =
  | { type: 'thread_started'; threadId: string; rolloutPath: string }
  | { type: 'turn_started'; threadId: string; turnId: string }
  /** A user message was recorded: the turn's own, or input steered into the running turn. */
  | { type: 'user_message'; text: string; images: readonly string[] }
  /** The thread's token totals as just recorded (null before the first response). */
  | { type: 'token_count'; info: TokenInfo | null }
  | { type: 'text_delta'; itemId: string | null; delta: string }
  | { type: 'reasoning_delta'; itemId: string | null; delta: string }
  /** An item the model produced, as stored in history. */
  | { type: 'model_item'; item: ResponseItem }
  | { type: 'command_started'; callId: string; command: string; cwd: string }
  | { type: 'command_finished'; callId: string; command: string; cwd: string; aggregatedOutput: string; exitCode: number }
  | { type: 'tool_output'; item: ResponseItem }
  /** An MCP tool call: announced, then finished with the tool's content or an error. */
  | { type: 'mcp_call_started'; callId: string; server: string; tool: string; arguments: unknown }
  | {
      type: 'mcp_call_finished';
      callId: string;
      server: string;
      tool: string;
      arguments: unknown;
      result: { content: unknown[]; structuredContent: unknown } | null;
      error: string | null;
      durationMs: number;
    }
  | { type: 'retrying'; attempt: number; maxAttempts: number; reason: string }
  | { type: 'compaction_started'; trigger: 'manual' | 'pre-turn' | 'mid-turn' }
  | { type: 'compaction_finished'; tokensBefore: number; tokensAfter: number }
  | { type: 'warning'; message: string }
  | { type: 'turn_completed'; turnId: string; usage: TokenUsage | null; lastMessage: string | undefined }
  | { type: 'turn_interrupted'; turnId: string }
  | { type: 'turn_failed'; turnId: string; message: string };

export type ThreadEventListener = (event: ThreadEvent) => void;
