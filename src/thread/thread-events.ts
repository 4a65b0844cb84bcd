// What a thread reports while it works, for every surface (CLI text, exec JSONL, app-server
// notifications). Plain data; errors travel as events too.
import type { RateLimitSnapshot } from '../client/rate-limits.js';
import type { ApprovalPolicy, SandboxMode } from '../../protocol/config.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { TokenUsage } from '../client/token-usage.js';
import type { TokenInfo } from '../rollout/format/token-info.js';
import type { FileChangeSummary } from '../tools/apply-patch/run-patch.js';

export interface PlanStep {
  readonly step: string;
  readonly status: 'pending' | 'in_progress' | 'completed';
}

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
  /** apply_patch is about to write these changes (after any approval). */
  | { type: 'file_change_started'; callId: string; changes: readonly FileChangeSummary[] }
  /** apply_patch wrote the changes (`completed`), failed part-way and restored them, or was declined. */
  | { type: 'file_change_finished'; callId: string; changes: readonly FileChangeSummary[]; status: 'completed' | 'failed' | 'declined' }
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
      /** The tool reported its own failure (`isError: true`): the call counts as failed. */
      isError: boolean;
      durationMs: number;
    }
  /** The model's task plan as it just set it (update_plan). */
  | { type: 'plan_updated'; callId: string; explanation: string | null; plan: readonly PlanStep[] }
  /** The account's rate limits (the default `codex` limit) as the last answer reported them. */
  | { type: 'rate_limits'; snapshot: RateLimitSnapshot }
  /** The `retry`-th of `maxRetries` retries is about to start (Codex's "Reconnecting... 1/5"). */
  | { type: 'retrying'; retry: number; maxRetries: number; reason: string }
  | { type: 'compaction_started'; itemId: string; trigger: 'manual' | 'pre-turn' | 'mid-turn' }
  | { type: 'compaction_finished'; itemId: string; tokensBefore: number; tokensAfter: number }
  /** `about`: a problem found as the turn's settings were read, with the user instructions (AGENTS.md) or with a skill. */
  | { type: 'warning'; message: string; about?: 'instructions' | 'skills' | 'config' }
  /**
   * A command (or `apply_patch`) needed approval and nobody could give it: it was refused, and the
   * model was told so. `message` is one line for the user naming the setting to change.
   */
  | {
      type: 'approval_unavailable';
      callId: string;
      command: string;
      cwd: string;
      approvalPolicy: ApprovalPolicy;
      sandboxMode: SandboxMode;
      message: string;
    }
  | { type: 'turn_completed'; turnId: string; usage: TokenUsage | null; lastMessage: string | undefined }
  | { type: 'turn_interrupted'; turnId: string }
  | { type: 'turn_failed'; turnId: string; message: string };

export type ThreadEventListener = (event: ThreadEvent) => void;
