// The user message that records a user's own shell command for the model (app-server
// `thread/shellCommand`, Codex's `!cmd`), laid out as Codex 0.169 lays it out: the command, then its
// exit code, duration (seconds, four decimals) and output, cut in the middle past the model's
// truncation budget. A command that hit its time limit ends as Codex 0.169 ends it, as an execution
// error: exit code -1, no duration, and an output saying so (in the pack's words) before what it
// printed. Every text comes from the
// pack: the loaded pack's `user_shell/*` files when it has them (Codex keeps them in its binary, so a
// recorded Codex pack has none), else weft's own.
import type { TruncationPolicy } from '../../../protocol/model-catalog.js';
import type { MessageItem } from '../../../protocol/responses-items.js';
import { countLines, policyByteBudget, truncateText } from '../../history/truncate-output.js';
import { WEFT_PACK_DIR } from '../../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../../pack/load-pack.js';

export const USER_SHELL_FILES = [
  { path: 'user_shell/record.md', placeholders: ['command', 'exit_code', 'duration_seconds', 'output'] },
  { path: 'user_shell/timed_out.md', placeholders: ['milliseconds', 'output'] },
  { path: 'user_shell/truncated.md', placeholders: ['total_lines', 'output'] },
] as const;

/** How a user's shell command ended. */
export interface UserShellOutcome {
  readonly exitCode: number;
  /** stdout and stderr as they came, interleaved. */
  readonly aggregatedOutput: string;
  readonly durationMs: number;
  readonly timedOut: boolean;
}

/** The pack that has the user shell texts: `pack` when it has them all, else weft's own. */
export async function userShellPack(pack: Pack): Promise<Pack> {
  if (USER_SHELL_FILES.every((f) => pack.has(f.path))) return pack;
  return loadPack(WEFT_PACK_DIR, { name: 'weft user shell texts', files: USER_SHELL_FILES.map((f) => ({ path: f.path, placeholders: [...f.placeholders] })) });
}

/** How the command is reported: as it ran, or, when it hit its time limit, as Codex reports that error. */
export function reportedOutcome(pack: Pack, ran: UserShellOutcome, timeoutMs: number): UserShellOutcome {
  if (!ran.timedOut) return ran;
  const output = pack.render('user_shell/timed_out.md', { milliseconds: String(timeoutMs), output: ran.aggregatedOutput });
  return { exitCode: -1, aggregatedOutput: output, durationMs: 0, timedOut: true };
}

/** The output as the model reads it: cut in the middle past the budget. */
export function userShellOutputText(pack: Pack, outcome: UserShellOutcome, policy: TruncationPolicy): string {
  const content = outcome.aggregatedOutput;
  if (Buffer.byteLength(content, 'utf8') <= policyByteBudget(policy)) return content;
  return pack.render('user_shell/truncated.md', { total_lines: String(countLines(content)), output: truncateText(content, policy).text });
}

/** The user message recording `command` (as the user typed it) and how it ended. */
export function userShellRecordItem(pack: Pack, command: string, outcome: UserShellOutcome, policy: TruncationPolicy): MessageItem {
  const text = pack.render('user_shell/record.md', {
    command,
    exit_code: String(outcome.exitCode),
    duration_seconds: (outcome.durationMs / 1000).toFixed(4),
    output: userShellOutputText(pack, outcome, policy),
  });
  return { type: 'message', role: 'user', content: [{ type: 'input_text', text }] };
}
