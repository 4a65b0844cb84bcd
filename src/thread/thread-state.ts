// The in-memory state of an open thread: its history (what the next request carries), the settings
// of its last turn, and its token totals. Mutated only by the turn loop and compaction.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ExecSessionManager } from '../tools/unified-exec/session-manager.js';
import type { PreviousTurn } from '../context/settings-update.js';
import type { ProfileThread } from '../profile/profile.js';
import type { RolloutWriter } from './rollout-writer.js';
import type { TokenInfo } from './token-info.js';

export interface ThreadState {
  readonly id: string;
  readonly rolloutPath: string;
  readonly writer: RolloutWriter;
  readonly baseInstructions: string;
  history: ResponseItem[];
  /** The settings the previous turn ran with; what settings-update items are computed against. */
  previousTurn: PreviousTurn;
  /**
   * True when the next turn must first record a fresh initial context: a new thread, or a thread
   * reopened by resume or fork (0.98 appends a fresh copy before the next user message).
   */
  needsInitialContext: boolean;
  /** App-server resumes and forks leave the configured developer instructions out of that copy. */
  includeDeveloperInstructions: boolean;
  tokenInfo: TokenInfo | null;
  /** This thread's tool handlers: the process-wide ones plus any added to the thread. */
  readonly tools: ToolRegistry;
  /** Specs of tools added to this thread (app-server dynamic tools), sent after the pack's tools. */
  readonly extraToolSpecs: ToolSpec[];
  /** User input steered into the running turn, recorded before its next request. */
  pendingInput?: PendingInput[];
  /** Aborts the response streaming now (not the turn): steered input that should not wait for it. */
  cutSample?: AbortController;
  /** Commands exec_command left running (write_stdin sessions); created on the first tool call. */
  execSessions?: ExecSessionManager;
  /** The profile's per-thread behaviour, when it has some (codex-0.169: ids, metadata, rollout format). */
  readonly profileThread?: ProfileThread;
}

export interface PendingInput {
  readonly text: string;
  /** Image URLs (data URLs for local files), sent as `input_image` parts before the text. */
  readonly images: readonly string[];
}
