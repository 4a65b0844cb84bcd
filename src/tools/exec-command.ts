// The `exec_command` tool: run the model's command line through the user's shell in the turn's cwd,
// after the approval check, and answer with the pack's exec_command text, as Codex's unified exec
// does for a process that has finished.
//
// Differences from Codex, on purpose: weft has no long-lived exec sessions (no write_stdin), so every
// command runs to completion or to ctx.execTimeoutMs and `yield_time_ms` is ignored; `tty` is ignored
// (merged pipes, no PTY); `shell` may only name a POSIX shell.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../errors.js';
import { formatTruncatedOutput, policyTokenBudget } from '../history/truncate-output.js';
import { authorizeCommand } from './approval.js';
import { runProcess, TIMEOUT_EXIT_CODE, type RunProcessResult } from './run-process.js';
import { SandboxUnavailableError } from './sandbox/sandbox-command.js';
import { isLikelySandboxDenial, sandboxDeniedVars } from './sandbox/sandbox-denial.js';
import { joinWords } from './shell-words.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from './tool-registry.js';

export const EXEC_COMMAND_TOOL_NAME = 'exec_command';
/** How long a command may run when the context sets no limit. */
export const DEFAULT_EXEC_TIMEOUT_MS = 10 * 60 * 1000;

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
const ExecCommandArgs = z.object({
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
});
export type ExecCommandArgs = z.infer<typeof ExecCommandArgs>;

/** Six lowercase hex digits, the shape of Codex's chunk ids. */
export function newChunkId(): string {
  return randomBytes(3).toString('hex');
}

/** Seconds with four decimals, as Codex prints wall time. */
export function formatWallTime(durationMs: number): string {
  return (Math.max(0, durationMs) / 1000).toFixed(4);
}

function decode(bytes: Buffer | undefined): string {
  return bytes === undefined ? '' : new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

function failure(output: string): ToolResult {
  return { output, success: false };
}

function resolveShell(requested: string | null | undefined, ctx: ToolContext): string | { error: string } {
  const env = ctx.env;
  if (requested !== null && requested !== undefined && requested !== '') {
    if (POSIX_SHELLS.has(path.basename(requested))) return requested;
    return { error: ctx.texts.unsupportedShell(requested, [...POSIX_SHELLS].join(', ')) };
  }
  const userShell = env['SHELL'];
  if (userShell !== undefined && POSIX_SHELLS.has(path.basename(userShell))) return userShell;
  return FALLBACK_SHELL;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

function childEnv(env: ToolContext['env']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return { ...out, ...EXEC_ENV_OVERRIDES };
}

export interface ExecCommandOptions {
  /** Chunk id source (tests pin it). */
  chunkId?: () => string;
}

/** Build the exec_command handler. */
export function createExecCommandHandler(options: ExecCommandOptions = {}): ToolHandler {
  const chunkId = options.chunkId ?? newChunkId;
  return async (call: ToolCall, ctx: ToolContext): Promise<ToolResult> => {
    let raw: unknown;
    try {
      raw = JSON.parse(call.arguments);
    } catch (err) {
      return failure(ctx.texts.invalidArguments(EXEC_COMMAND_TOOL_NAME, errorMessage(err)));
    }
    const parsed = ExecCommandArgs.safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
      return failure(ctx.texts.invalidArguments(EXEC_COMMAND_TOOL_NAME, detail));
    }
    const args = parsed.data;

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
    if (!auth.run) return failure(auth.output);
    // Outside the sandbox only when the model asked for it and the user said yes.
    const escalated = args.sandbox_permissions === 'require_escalated' && auth.asked;

    const argv = [shell, args.login === false ? '-c' : '-lc', args.cmd];
    const display = joinWords(argv);
    ctx.onExecEvent?.({ type: 'begin', callId: call.callId, command: display, argv, cwd });
    let run: RunProcessResult;
    try {
      run = await runProcess({
        argv,
        cwd,
        env: childEnv(ctx.env),
        timeoutMs: ctx.execTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS,
        signal: call.signal,
        sandbox: { policy: ctx.sandboxPolicy, escalated },
        separateStreams: ctx.renderSandboxDenied !== undefined,
      });
    } catch (err) {
      if (err instanceof SandboxUnavailableError) return failure(ctx.texts.sandboxUnavailable(err.reason, err.hint));
      return failure(ctx.texts.toolFailed(EXEC_COMMAND_TOOL_NAME, errorMessage(err)));
    }
    const text = decode(run.output);
    // A generation that reports a sandbox refusal as an error of its own (0.98) has the pack file for it.
    if (run.sandboxed && ctx.renderSandboxDenied !== undefined && !run.timedOut && isLikelySandboxDenial(run.exitCode, text)) {
      const vars = sandboxDeniedVars(run.exitCode, decode(run.stdout), decode(run.stderr), text);
      return failure(ctx.renderSandboxDenied(vars));
    }
    ctx.onExecEvent?.({
      type: 'end',
      callId: call.callId,
      command: display,
      argv,
      cwd,
      aggregatedOutput: text,
      exitCode: run.exitCode,
      durationMs: run.durationMs,
      timedOut: run.timedOut,
    });

    const maxTokens = Math.floor(args.max_output_tokens ?? policyTokenBudget(ctx.truncationPolicy));
    const shown = formatTruncatedOutput(text, { mode: 'tokens', limit: maxTokens });
    let output = shown.text;
    const note = run.timedOut
      ? ctx.texts.commandTimedOut(ctx.execTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS, TIMEOUT_EXIT_CODE)
      : run.aborted
        ? ctx.texts.commandInterrupted()
        : null;
    if (note !== null) output = `${output}${output === '' || output.endsWith('\n') ? '' : '\n'}[${note}]\n`;

    return {
      output: ctx.renderExecOutput({
        chunk_id: chunkId(),
        wall_time_seconds: formatWallTime(run.durationMs),
        exit_code: String(run.exitCode),
        original_token_count: String(shown.originalTokens),
        output,
      }),
      success: true,
    };
  };
}

/** The exec_command handler with default options. */
export const execCommand: ToolHandler = createExecCommandHandler();
