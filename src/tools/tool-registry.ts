// Tool handlers by name, and the one place a model's tool call is turned into a tool result. Every
// problem on the tool side (unknown tool, arguments that are not JSON, a handler that throws) becomes
// an output the model can read and react to; dispatch never rejects for those.
import type { ApprovalPolicy, SandboxMode } from '../../protocol/config.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import type { TruncationPolicy } from '../../protocol/model-catalog.js';
import type { FunctionCallOutputPayload } from '../../protocol/responses-items.js';
import { errorMessage } from '../errors.js';
import type { Approver } from './approval.js';
import type { SandboxDeniedVars } from './sandbox/sandbox-denial.js';
import type { ToolTexts } from './tool-texts.js';

export interface ToolCall {
  name: string;
  /** The raw JSON text the model produced. */
  arguments: string;
  callId: string;
  signal: AbortSignal;
}

export interface ToolResult {
  output: FunctionCallOutputPayload;
  success?: boolean;
}

/** Values for the pack's `tool_output/exec_command.md` placeholders, already formatted. */
export interface ExecOutputVars {
  chunk_id: string;
  wall_time_seconds: string;
  exit_code: string;
  original_token_count: string;
  output: string;
}

/** Lifecycle of one command, for UIs and event streams (exec --json, app-server items). */
export type ExecEvent =
  | { type: 'begin'; callId: string; command: string; argv: string[]; cwd: string }
  | {
      type: 'end';
      callId: string;
      command: string;
      argv: string[];
      cwd: string;
      aggregatedOutput: string;
      exitCode: number;
      durationMs: number;
      timedOut: boolean;
    };

export interface ToolContext {
  /** The turn's working directory (absolute). */
  cwd: string;
  /** Environment for child processes. */
  env: Readonly<Record<string, string | undefined>>;
  approvalPolicy: ApprovalPolicy;
  sandboxMode: SandboxMode;
  /** The full sandbox policy commands run under (writable roots, network). */
  sandboxPolicy: SandboxPolicy;
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
}

export type ToolHandler = (call: ToolCall, ctx: ToolContext) => Promise<ToolResult>;

export class ToolRegistry {
  readonly #handlers = new Map<string, ToolHandler>();

  /** Add or replace the handler for `name`. */
  register(name: string, handler: ToolHandler): this {
    this.#handlers.set(name, handler);
    return this;
  }

  /** A registry with the same handlers, to which more can be added independently. */
  clone(): ToolRegistry {
    const copy = new ToolRegistry();
    for (const [name, handler] of this.#handlers) copy.register(name, handler);
    return copy;
  }

  has(name: string): boolean {
    return this.#handlers.has(name);
  }

  names(): string[] {
    return [...this.#handlers.keys()];
  }

  /** Run one tool call. Resolves with a readable output for every tool-side failure. */
  async dispatch(call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
    const handler = this.#handlers.get(call.name);
    if (handler === undefined) return { output: ctx.texts.unknownTool(call.name), success: false };
    try {
      JSON.parse(call.arguments);
    } catch (err) {
      return { output: ctx.texts.invalidArguments(call.name, errorMessage(err)), success: false };
    }
    try {
      return await handler(call, ctx);
    } catch (err) {
      return { output: ctx.texts.toolFailed(call.name, errorMessage(err)), success: false };
    }
  }
}
