// Tool handlers by name, and the one place a model's tool call is turned into a tool result. Every
// problem on the tool side (unknown tool, arguments that are not JSON, a handler that throws) becomes
// an output the model can read and react to; dispatch never rejects for those.
import type { ApprovalPolicy, SandboxMode } from '../../protocol/config.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import type { TruncationPolicy } from '../../protocol/model-catalog.js';
import type { FunctionCallOutputPayload, ResponseItem } from '../../protocol/responses-items.js';
import { errorMessage } from '../errors.js';
import type { Approver } from './approval.js';
import type { SandboxDeniedVars } from './sandbox/sandbox-denial.js';
import type { ToolOutputStyle } from './tool-output-style.js';
import type { PatchContext } from './apply-patch/run-patch.js';
import type { ToolTexts } from './tool-texts.js';
import type { ExecSessionManager } from './unified-exec/session-manager.js';
import type { PlanUpdate } from './update-plan.js';

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
  /** The thread's running commands (exec_command sessions for write_stdin); absent, a process-wide set. */
  sessions?: ExecSessionManager | undefined;
  /** How this generation shapes tool outcomes (default: codex-0.98's). */
  style?: ToolOutputStyle | undefined;
  /** The model updated its plan (update_plan). */
  onPlanUpdate?: ((plan: PlanUpdate) => void) | undefined;
  /** What apply_patch needs (texts, sandbox roots, change listener); without it the tool is not offered. */
  patch?: PatchContext | undefined;
}

export type ToolHandler = (call: ToolCall, ctx: ToolContext) => Promise<ToolResult>;

export interface RegisterOptions {
  /** A tool of the generation's own set: it runs only when the request offered it (Codex's registry). */
  whenOffered?: boolean;
}

export class ToolRegistry {
  readonly #handlers = new Map<string, ToolHandler>();
  readonly #whenOffered = new Set<string>();

  /** Add or replace the handler for `name`. */
  register(name: string, handler: ToolHandler, opts: RegisterOptions = {}): this {
    this.#handlers.set(name, handler);
    if (opts.whenOffered === true) this.#whenOffered.add(name);
    else this.#whenOffered.delete(name);
    return this;
  }

  /** A registry with the same handlers, to which more can be added independently. */
  clone(): ToolRegistry {
    const copy = new ToolRegistry();
    for (const [name, handler] of this.#handlers) copy.register(name, handler, { whenOffered: this.#whenOffered.has(name) });
    return copy;
  }

  has(name: string): boolean {
    return this.#handlers.has(name);
  }

  names(): string[] {
    return [...this.#handlers.keys()];
  }

  /** A generation tool the request did not offer, or an offered tool nobody handles. */
  #unsupported(name: string, offered: ReadonlySet<string> | undefined): boolean {
    if (offered === undefined) return false;
    return this.#handlers.has(name) ? this.#whenOffered.has(name) && !offered.has(name) : offered.has(name);
  }

  /**
   * Run one tool call. Resolves with a readable output for every tool-side failure. `offered` holds
   * the tool names the request offered: a generation tool it did not offer answers as an unsupported
   * call, as does a name the request offered but nobody handles.
   */
  async dispatch(call: ToolCall, ctx: ToolContext, offered?: ReadonlySet<string>): Promise<ToolResult> {
    const handler = this.#handlers.get(call.name);
    if (this.#unsupported(call.name, offered)) return { output: ctx.texts.unsupportedCall(call.name), success: false };
    if (handler === undefined) return { output: ctx.texts.unknownTool(call.name), success: false };
    if (call.kind !== 'custom') {
      try {
        JSON.parse(call.arguments);
      } catch (err) {
        return { output: ctx.texts.invalidArguments(call.name, errorMessage(err)), success: false };
      }
    }
    try {
      return await handler(call, ctx);
    } catch (err) {
      return { output: ctx.texts.toolFailed(call.name, errorMessage(err)), success: false };
    }
  }
}
