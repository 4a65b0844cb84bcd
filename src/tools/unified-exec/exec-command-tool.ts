// The `exec_command` tool: run the model's command line through the user's shell (after the approval
// check) as Codex's unified exec does. The call waits `yield_time_ms` (10 s by default, held within
// 250 ms..30 s) for the command: one that has exited by then answers with the pack's exec_command
// frame; one still running keeps a session id in the thread's session manager, answers with the
// running frame, and is read from and written to later with write_stdin. `tty: true` runs it on a
// pseudo-terminal; without it, stdout and stderr share a pipe and stdin is closed.
//
// A command is announced (its begin event: exec's `item.started`, the app-server's item) once it is
// known not to be a sandbox refusal, as Codex does: a sandboxed command is watched for a short window
// after it starts, and one that exits within it with what looks like a refusal is answered with the
// refusal and never shown as a command (no begin, no end, no 0.169 rollout item). A command that
// exits sooner is announced at its exit, one that runs longer when the window ends. Codex waits for
// every command and its window is 150 ms; weft announces unsandboxed commands at once, and its window
// is wider because on a busy machine the refused command's own start (the sandbox, a login shell)
// took up to ~210 ms here, and a refusal seen later would be shown as a command.
//
// Differences from Codex, on purpose: a command is killed once it has run ctx.execTimeoutMs (default
// 10 minutes), session or not; `shell` may only name a POSIX shell.
import { isDirectory } from '../../path-probes.js';
import path from 'node:path';
import { userShell } from '../../context/user-shell.js';
import { z } from 'zod';
import { errorMessage } from '../../errors.js';
import { policyTokenBudget } from '../../history/truncate-output.js';
import { authorizeCommand } from '../approval.js';
import { SandboxUnavailableError } from '../sandbox/sandbox-command.js';
import { isLikelySandboxDenial, sandboxDeniedVars } from '../sandbox/sandbox-denial.js';
import { offersRetryOutsideSandbox, RETRY_OUTSIDE_SANDBOX_REASON } from '../sandbox/sandbox-retry.js';
import { displayCommand } from '../display-command.js';
import { parseToolArguments } from '../tool-arguments.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from '../tool-registry.js';
import { formatWallTime, newChunkId, renderExecOutcome, shownOutput, type ExecOutcome } from './exec-output.js';
import { estimateTokens } from '../../history/token-estimate.js';
import { CODEX_098_TOOL_OUTPUTS } from '../tool-output-style.js';
import type { ExecSession } from './exec-session.js';
import { ExecSessionManager } from './session-manager.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export { formatWallTime, newChunkId } from './exec-output.js';

export const EXEC_COMMAND_TOOL_NAME = 'exec_command';
/** How long a command may run when the context sets no limit. */
export const DEFAULT_EXEC_TIMEOUT_MS = 10 * 60 * 1000;
/** Codex's yield bounds: the default wait of exec_command, and the range any wait is held in. */
export const DEFAULT_EXEC_YIELD_MS = 10_000;
export const MIN_YIELD_MS = 250;
export const MAX_YIELD_MS = 30_000;
/** How long after its start a sandboxed command is watched for a refusal before it is announced. */
export const EARLY_EXIT_WINDOW_MS = 1000;

const POSIX_SHELLS = new Set(['bash', 'zsh', 'sh', 'dash', 'ksh']);
const FALLBACK_SHELL = '/bin/bash';

// Keep command output plain and non-interactive: no colors, no pagers waiting for a key.
const EXEC_ENV_OVERRIDES: Readonly<Record<string, string>> = {
  NO_COLOR: '1',
  TERM: 'dumb',
  COLORTERM: '',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GH_PAGER: 'cat',
};

// Field names and meanings from the tool's JSON schema (pack tools.json). Like Codex, unknown fields
// are ignored and null counts as absent.
const ExecCommandArgs = lazySchema(() =>
  z.object({
    cmd: z.string(),
    workdir: z.string().nullish(),
    shell: z.string().nullish(),
    login: z.boolean().nullish(),
    tty: z.boolean().nullish(),
    yield_time_ms: z.number().nonnegative().nullish(),
    max_output_tokens: z.number().nonnegative().nullish(),
    sandbox_permissions: z.string().nullish(),
    justification: z.string().nullish(),
    prefix_rule: z.array(z.string()).nullish(),
  }),
);
export type ExecCommandArgs = z.infer<typeof ExecCommandArgs>;

/** A requested wait held within Codex's bounds. */
export function clampYield(ms: number): number {
  return Math.min(MAX_YIELD_MS, Math.max(MIN_YIELD_MS, ms));
}

// Sessions of calls made without a thread's manager (a handler used on its own): one per process.
let processSessions: ExecSessionManager | undefined;
export function sessionsOf(ctx: ToolContext): ExecSessionManager {
  return ctx.sessions ?? (processSessions ??= new ExecSessionManager());
}

function failure(output: string): ToolResult {
  return { output, success: false };
}

function resolveShell(requested: string | null | undefined, ctx: ToolContext): string | { error: string } {
  if (requested !== null && requested !== undefined && requested !== '') {
    if (POSIX_SHELLS.has(path.basename(requested))) return requested;
    return { error: ctx.texts.unsupportedShell(requested, [...POSIX_SHELLS].join(', ')) };
  }
  // The account's login shell, as Codex runs commands with (not `$SHELL`).
  const own = userShell(ctx.env).path;
  if (POSIX_SHELLS.has(path.basename(own))) return own;
  return FALLBACK_SHELL;
}

function childEnv(env: ToolContext['env']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return { ...out, ...EXEC_ENV_OVERRIDES };
}

export function decodeOutput(bytes: Buffer): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** The weft note after a command's output: it hit its time limit, or the turn was interrupted. */
export function endNote(session: ExecSession, interrupted: boolean, ctx: ToolContext): string | null {
  if (session.timedOut) return ctx.texts.commandTimedOut(ctx.execTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS, session.exitCode ?? -1);
  return interrupted ? ctx.texts.commandInterrupted() : null;
}

export interface ExecCommandOptions {
  /** Chunk id source (tests pin it). */
  chunkId?: () => string;
}

/** Build the exec_command handler. */
export function createExecCommandHandler(options: ExecCommandOptions = {}): ToolHandler {
  const chunkId = options.chunkId ?? newChunkId;
  return async (call: ToolCall, ctx: ToolContext): Promise<ToolResult> => {
    const parsed = parseToolArguments(call, ExecCommandArgs, ctx);
    if (!parsed.ok) return failure(parsed.output);
    const args = parsed.value;

    const cwd = args.workdir ? path.resolve(ctx.cwd, args.workdir) : ctx.cwd;
    if (!(await isDirectory(cwd))) return failure(ctx.texts.missingWorkdir(cwd));
    const shell = resolveShell(args.shell, ctx);
    if (typeof shell !== 'string') return failure(shell.error);

    const auth = await authorizeCommand(
      { command: args.cmd, cwd, ...(args.justification ? { reason: args.justification } : {}) },
      {
        approvalPolicy: ctx.approvalPolicy,
        sandboxMode: ctx.sandboxMode,
        approver: ctx.approver,
        texts: ctx.texts,
        forceAsk: args.sandbox_permissions === 'require_escalated',
      },
    );
    if (!auth.run) {
      if (auth.unavailable) ctx.onApprovalUnavailable?.({ callId: call.callId, command: args.cmd, cwd, approvalPolicy: ctx.approvalPolicy, sandboxMode: ctx.sandboxMode });
      return failure(auth.output);
    }
    // Outside the sandbox only when the model asked for it and the user said yes.
    const escalated = args.sandbox_permissions === 'require_escalated' && auth.asked;

    const argv = [shell, args.login === false ? '-c' : '-lc', args.cmd];
    const display = displayCommand(argv);
    const sessions = sessionsOf(ctx);
    const attempt = (outside: boolean, shown = false): Promise<Attempt | ToolResult> =>
      runAttempt({ argv, display, cwd, tty: args.tty === true, escalated: outside, yieldMs: args.yield_time_ms, shown }, call, ctx, sessions);

    let run = await attempt(escalated);
    if (!('session' in run)) return run;
    // A sandboxed command the sandbox seems to have stopped: Codex's `on-failure` offers it for a run
    // outside the sandbox, which answers in place of the refused attempt.
    const sandboxed = ctx.sandboxPolicy.type !== 'danger-full-access' && !escalated;
    const denied = sandboxed && run.session.exitCode !== undefined && isLikelySandboxDenial(run.session.exitCode, run.text, run.session.timedOut);
    if (denied && !run.interrupted && offersRetryOutsideSandbox(ctx.approvalPolicy) && ctx.approver !== undefined) {
      const approved = auth.asked || (await askRetry(ctx, { command: args.cmd, cwd, callId: call.callId }));
      if (!approved) {
        run.session.reportEnd(run.session.exitCode ?? -1, shownFor(run, args.max_output_tokens, ctx));
        return failure(ctx.texts.commandDenied(args.cmd));
      }
      // A refusal seen after the command was announced: the retry ends that same item.
      run = await attempt(true, run.session.announced);
      if (!('session' in run)) return run;
    } else if (denied && ctx.renderSandboxDenied !== undefined) {
      // A generation that reports a sandbox refusal as an error of its own (0.98) has the pack file
      // for it. weft reads the command's two streams merged, so the frame carries them as its stderr.
      const exitCode = run.session.exitCode ?? -1;
      run.session.reportEnd(exitCode, shownFor(run, args.max_output_tokens, ctx));
      return failure(ctx.renderSandboxDenied(sandboxDeniedVars(exitCode, '', run.text, run.text)));
    }

    const { session } = run;
    const maxTokens = maxTokensFor(args.max_output_tokens, ctx);
    if (session.exitCode === undefined) sessions.keep(session);
    else session.reportEnd(session.exitCode, shownFor(run, args.max_output_tokens, ctx));
    return sessionResult(session, { text: run.text, maxTokens, started: run.started, chunkId: chunkId(), interrupted: run.interrupted }, ctx);
  };
}

/** One run of the command: inside the sandbox, or outside it when `escalated`. */
interface Attempt {
  session: ExecSession;
  text: string;
  started: number;
  interrupted: boolean;
}

interface AttemptSpec {
  argv: string[];
  display: string;
  cwd: string;
  tty: boolean;
  escalated: boolean;
  yieldMs: number | null | undefined;
  /** An earlier attempt of this call was announced already. */
  shown: boolean;
}

/** Starts the command and reads it until it exits or its yield time is up; a ToolResult when it cannot start. */
async function runAttempt(spec: AttemptSpec, call: ToolCall, ctx: ToolContext, sessions: ExecSessionManager): Promise<Attempt | ToolResult> {
  const started = performance.now();
  let session: ExecSession;
  try {
    session = await sessions.start(
      { argv: spec.argv, cwd: spec.cwd, env: childEnv(ctx.commandEnv ?? ctx.env), tty: spec.tty, sandbox: { policy: ctx.sandboxPolicy, policyCwd: ctx.cwd, mechanism: ctx.sandboxMechanism, escalated: spec.escalated } },
      { callId: call.callId, command: spec.display, argv: spec.argv, cwd: spec.cwd, onExecEvent: ctx.onExecEvent },
      ctx.workspace?.commands,
    );
  } catch (err) {
    if (err instanceof SandboxUnavailableError) return failure(ctx.texts.sandboxUnavailable(err.reason, err.hint));
    return failure(ctx.texts.toolFailed(EXEC_COMMAND_TOOL_NAME, errorMessage(err)));
  }
  const limit = setTimeout(() => session.kill('timeout'), ctx.execTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS);
  limit.unref();
  void session.ended().then(() => clearTimeout(limit));

  const deadline = started + clampYield(spec.yieldMs ?? DEFAULT_EXEC_YIELD_MS);
  let bytes: Buffer = Buffer.alloc(0);
  if (spec.shown) {
    session.announce(true);
  } else if (!spec.escalated && ctx.sandboxPolicy.type !== 'danger-full-access') {
    // Until it is known not to be a refusal: a sandboxed command that exits at once with one is
    // never announced (see the top of this file).
    bytes = await session.read(Math.min(deadline, performance.now() + EARLY_EXIT_WINDOW_MS), call.signal);
    const exitCode = session.exitCode;
    if (exitCode === undefined || !isLikelySandboxDenial(exitCode, decodeOutput(bytes), session.timedOut)) session.announce();
  } else {
    session.announce();
  }
  if (session.announced) bytes = Buffer.concat([bytes, await session.read(deadline, call.signal)]);
  // An interrupted turn stops the command it was waiting for.
  const interrupted = call.signal.aborted && session.exitCode === undefined;
  if (interrupted) {
    session.kill();
    await session.ended();
    bytes = Buffer.concat([bytes, await session.read(0)]);
  }
  return { session, text: decodeOutput(bytes), started, interrupted };
}

/** Asks whether a command the sandbox stopped may run again outside it. A failed question is a no. */
async function askRetry(ctx: ToolContext, req: { command: string; cwd: string; callId: string }): Promise<boolean> {
  try {
    return (await ctx.approver?.({ ...req, reason: RETRY_OUTSIDE_SANDBOX_REASON })) === 'approved';
  } catch {
    return false;
  }
}

function maxTokensFor(requested: number | null | undefined, ctx: ToolContext): number {
  return Math.floor(requested ?? policyTokenBudget(ctx.truncationPolicy));
}

/** The output an end event carries, for generations that show it there. */
function shownFor(run: Attempt, requested: number | null | undefined, ctx: ToolContext): string | undefined {
  return (ctx.style ?? CODEX_098_TOOL_OUTPUTS).endEventOutput === 'shown' ? shownOutput(run.text, maxTokensFor(requested, ctx), ctx) : undefined;
}

/** The call's answer for a session just read: exited (with its exit code and note) or still running. */
export function sessionResult(
  session: ExecSession,
  read: { text: string; maxTokens: number; started: number; chunkId: string; interrupted: boolean },
  ctx: ToolContext,
): ToolResult {
  const exitCode = session.exitCode;
  const outcome = {
    text: read.text,
    maxOutputTokens: read.maxTokens,
    durationMs: performance.now() - read.started,
    chunkId: read.chunkId,
    exitCode,
    sessionId: exitCode === undefined ? session.id : undefined,
    note: exitCode === undefined ? null : endNote(session, read.interrupted, ctx),
  };
  return { output: renderExecOutcome(outcome, ctx), success: true, structured: execOutcomeObject(outcome, ctx) };
}

/** The outcome as a code-mode script receives it (the fields the nested tool's declaration lists). */
function execOutcomeObject(o: ExecOutcome, ctx: ToolContext): Record<string, unknown> {
  return {
    chunk_id: o.chunkId,
    wall_time_seconds: Number(formatWallTime(o.durationMs)),
    ...(o.exitCode !== undefined ? { exit_code: o.exitCode } : {}),
    ...(o.sessionId !== undefined ? { session_id: o.sessionId } : {}),
    original_token_count: estimateTokens(o.text),
    output: shownOutput(o.text, o.maxOutputTokens, ctx),
  };
}

/** The exec_command handler with default options. */
export const execCommand: ToolHandler = createExecCommandHandler();
