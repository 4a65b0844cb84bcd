// The plain types of a tool call: what a handler gets (the call, the turn's tool context) and what it
// answers. Only types, from modules that never import the registry or this file back, so the tools
// and the registry can all name them without an import cycle (tool-registry.ts re-exports them).
import type { ApprovalPolicy, SandboxMode } from '../../protocol/config.js';
import type { TruncationPolicy } from '../../protocol/model-catalog.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import type { FunctionCallOutputPayload, ResponseItem } from '../../protocol/responses-items.js';
import type { ApprovalUnavailable, Approver } from './approval.js';
import type { PatchContext } from './apply-patch/patch-context.js';
import type { ExecEvent, ExecOutputVars } from './exec-event.js';
import type { GoalAccess } from './goals/goal-store.js';
import type { UserInputAsker } from './user-input/user-input-asker.js';
import type { AgentPort } from './agents/agent-port.js';
import type { PlanUpdate } from './plan-update.js';
import type { SandboxDeniedVars } from './sandbox/sandbox-denial.js';
import type { SandboxMechanism } from './sandbox/sandbox-mechanism.js';
import type { ToolOutputStyle } from './tool-output-style.js';
import type { ToolTexts } from './tool-texts.js';
import type { ExecSessionManager } from './unified-exec/session-manager.js';
import type { WorkspacePorts } from './workspace-ports.js';

export type { ExecEvent, ExecOutputVars };

export interface ToolCall {
  name: string;
  /** The raw JSON text the model produced; for a freeform (custom) tool, its raw input. */
  arguments: string;
  /** `custom` for a freeform tool call (`custom_tool_call`); absent or `function` otherwise. */
  kind?: 'function' | 'custom';
  callId: string;
  signal: AbortSignal;
}

export interface ToolResult {
  output: FunctionCallOutputPayload;
  success?: boolean;
  /** Items recorded right after the call's output (0.98 view_image: the image as a user message). */
  followUp?: ResponseItem[];
  /** The result as an object, for a code-mode script that called the tool (exec_command, write_stdin). */
  structured?: Record<string, unknown>;
}

export interface ToolContext {
  /** The turn's working directory (absolute). */
  cwd: string;
  /** The process's environment (where the shell is looked up). */
  env: Readonly<Record<string, string | undefined>>;
  /** The environment a model's command starts from (`[shell_environment_policy]` applied); absent, `env`. */
  commandEnv?: Readonly<Record<string, string>> | undefined;
  approvalPolicy: ApprovalPolicy;
  sandboxMode: SandboxMode;
  /** The full sandbox policy commands run under (writable roots, network). */
  sandboxPolicy: SandboxPolicy;
  /** What confines the commands (the profile's choice: bubblewrap, or the Landlock helper). */
  sandboxMechanism: SandboxMechanism;
  /** The model's truncation policy; the default budget for tool output. */
  truncationPolicy: TruncationPolicy;
  /** Who to ask when a command needs approval; undefined when nobody can be asked. */
  approver?: Approver | undefined;
  /** Renders the exec_command result text (the pack template). */
  renderExecOutput: (vars: ExecOutputVars) => string;
  /** Renders a sandbox refusal the way the generation reports it; absent when it reports an ordinary exec result. */
  renderSandboxDenied?: ((vars: SandboxDeniedVars) => string) | undefined;
  /** What the model reads when a call goes wrong (from the pack). */
  texts: ToolTexts;
  /** Kill a command that runs longer than this (default: exec-command's DEFAULT_EXEC_TIMEOUT_MS). */
  execTimeoutMs?: number | undefined;
  onExecEvent?: ((event: ExecEvent) => void) | undefined;
  /** A command or file change needed approval and nobody could give it (it was refused). */
  onApprovalUnavailable?: ((refusal: ApprovalUnavailable) => void) | undefined;
  /** The thread's running commands (exec_command sessions for write_stdin); absent, a process-wide set. */
  sessions?: ExecSessionManager | undefined;
  /** How this generation shapes tool outcomes (default: codex-0.98's). */
  style?: ToolOutputStyle | undefined;
  /** view_image handed this file (absolute path) to the model. */
  onImageViewed?: ((viewed: { callId: string; path: string }) => void) | undefined;
  /** wait_agent ended by itself (news came, or its time ran out; not a stopped turn), after `durationMs`. */
  onAgentWaitEnded?: ((wait: { callId: string; durationMs: number }) => void) | undefined;
  /** The model updated its plan (update_plan). */
  onPlanUpdate?: ((plan: PlanUpdate) => void) | undefined;
  /** What apply_patch needs (texts, sandbox roots, change listener); without it the tool is not offered. */
  patch?: PatchContext | undefined;
  /** The thread's goal (the goal tools); absent, those tools refuse. */
  goals?: GoalAccess | undefined;
  /** The turn's collaboration mode (`default`, `plan`): request_user_input runs in Plan mode only. */
  collaborationMode?: string | undefined;
  /** Who answers the model's questions (request_user_input); absent when nobody can. */
  askUser?: UserInputAsker | undefined;
  /** The team of agents the thread belongs to (the collaboration tools); absent, those tools refuse. */
  agents?: AgentPort | undefined;
  /** An editor's files and terminals the model's reads, edits and commands go through; absent, weft's own. */
  workspace?: WorkspacePorts | undefined;
}

export type ToolHandler = (call: ToolCall, ctx: ToolContext) => Promise<ToolResult>;
