// The `write_stdin` tool: input for a command exec_command left running (its session id), then the
// output it printed since the model last read it. Waits as Codex does: at least 250 ms; a write waits
// at most 30 s, an empty poll between 5 s and 5 minutes. A command that has exited answers with its
// exit code and is forgotten; a session that was never opened, or whose end was already reported,
// answers with the pack's unknown-session text.
import { z } from 'zod';
import { policyTokenBudget } from '../../history/truncate-output.js';
import { decodeOutput, MAX_YIELD_MS, MIN_YIELD_MS, sessionResult, sessionsOf } from './exec-command-tool.js';
import { parseToolArguments } from '../tool-arguments.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from '../tool-registry.js';
import { newChunkId } from './exec-output.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const WRITE_STDIN_TOOL_NAME = 'write_stdin';
export const DEFAULT_WRITE_STDIN_YIELD_MS = 250;
/** Bounds of an empty poll's wait. */
export const MIN_POLL_YIELD_MS = 5_000;
export const MAX_POLL_YIELD_MS = 300_000;

const WriteStdinArgs = lazySchema(() =>
  z.object({
    session_id: z.number().int(),
    chars: z.string().nullish(),
    yield_time_ms: z.number().nonnegative().nullish(),
    max_output_tokens: z.number().nonnegative().nullish(),
  }),
);

/** How long a write_stdin call waits for output. */
export function writeStdinYield(requested: number | null | undefined, polling: boolean): number {
  const ms = Math.max(requested ?? DEFAULT_WRITE_STDIN_YIELD_MS, MIN_YIELD_MS);
  return polling ? Math.min(MAX_POLL_YIELD_MS, Math.max(MIN_POLL_YIELD_MS, ms)) : Math.min(MAX_YIELD_MS, ms);
}

export interface WriteStdinOptions {
  chunkId?: () => string;
}

export function createWriteStdinHandler(options: WriteStdinOptions = {}): ToolHandler {
  const chunkId = options.chunkId ?? newChunkId;
  return async (call: ToolCall, ctx: ToolContext): Promise<ToolResult> => {
    const parsed = parseToolArguments(call, WriteStdinArgs, ctx);
    if (!parsed.ok) return { output: parsed.output, success: false };
    const args = parsed.value;
    const sessions = sessionsOf(ctx);
    const session = sessions.get(args.session_id);
    if (session === undefined) return { output: ctx.texts.unknownSession(args.session_id), success: false };

    const chars = args.chars ?? '';
    if (chars !== '' && session.exitCode === undefined && !session.write(chars)) {
      return { output: ctx.texts.stdinClosed(args.session_id), success: false };
    }
    const started = performance.now();
    const bytes = await session.read(started + writeStdinYield(args.yield_time_ms, chars === ''), call.signal);
    const exitCode = session.exitCode;
    if (exitCode !== undefined) {
      sessions.remove(session.id);
      session.reportEnd(exitCode);
    }
    const text = decodeOutput(bytes);
    const maxTokens = Math.floor(args.max_output_tokens ?? policyTokenBudget(ctx.truncationPolicy));
    return sessionResult(session, { text, maxTokens, started, chunkId: chunkId(), interrupted: false }, ctx);
  };
}

export const writeStdin: ToolHandler = createWriteStdinHandler();
