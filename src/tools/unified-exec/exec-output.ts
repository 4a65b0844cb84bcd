// The text the model reads back from exec_command and write_stdin: the pack's frame for a finished
// process (`exec_command.md`) or a running one (`exec_command_running.md`, with its session id), the
// output cut in the middle to `max_output_tokens` (`truncated_output.md`, after the generation's
// warning line where it has one), and the token count of the output before any cut (bytes / 4).
import { randomBytes } from 'node:crypto';
import { countLines, middleCut } from '../../history/truncate-output.js';
import { estimateTokens } from '../../history/token-estimate.js';
import { CODEX_098_TOOL_OUTPUTS } from '../tool-output-style.js';
import type { ToolContext } from '../tool-registry.js';

/** Six lowercase hex digits, the shape of Codex's chunk ids. */
export function newChunkId(): string {
  return randomBytes(3).toString('hex');
}

/** Seconds with four decimals, as Codex prints wall time. */
export function formatWallTime(durationMs: number): string {
  return (Math.max(0, durationMs) / 1000).toFixed(4);
}

export interface ExecOutcome {
  /** What the command printed since the last read, decoded. */
  text: string;
  maxOutputTokens: number;
  durationMs: number;
  chunkId: string;
  /** Set once the process has exited. */
  exitCode?: number | undefined;
  /** Set while it runs (the session the model can write to). */
  sessionId?: number | undefined;
  /** A weft note after the output (timeout, interruption), already rendered. */
  note?: string | null | undefined;
}

/** `text` as shown within `maxTokens`: unchanged, or the pack's truncated form. */
export function shownOutput(text: string, maxTokens: number, ctx: Pick<ToolContext, 'texts' | 'style'>): string {
  const cut = middleCut(text, { mode: 'tokens', limit: maxTokens });
  if (cut === undefined) return text;
  const style = ctx.style ?? CODEX_098_TOOL_OUTPUTS;
  const warning = style.truncationWarning ? ctx.texts.truncationWarning(estimateTokens(text)) : '';
  const body = ctx.texts.truncatedOutput({
    total_lines: String(countLines(text)),
    head: cut.head,
    truncated_tokens: String(cut.removed),
    tail: cut.tail,
  });
  return `${warning}${body}`;
}

export function renderExecOutcome(o: ExecOutcome, ctx: Pick<ToolContext, 'texts' | 'style' | 'renderExecOutput'>): string {
  let output = shownOutput(o.text, o.maxOutputTokens, ctx);
  if (o.note !== null && o.note !== undefined) output = `${output}${output === '' || output.endsWith('\n') ? '' : '\n'}[${o.note}]\n`;
  const common = {
    chunk_id: o.chunkId,
    wall_time_seconds: formatWallTime(o.durationMs),
    original_token_count: String(estimateTokens(o.text)),
    output,
  };
  if (o.exitCode === undefined && o.sessionId !== undefined) return ctx.texts.execRunning({ ...common, session_id: String(o.sessionId) });
  return ctx.renderExecOutput({ ...common, exit_code: String(o.exitCode ?? -1) });
}
