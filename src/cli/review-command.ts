// `review`: Codex's non-interactive code review, the same run as `exec review` (see review-mode.ts).
import type { CliIo } from './cli-options.js';
import { execCommand } from './exec-command.js';

export function reviewCommand(argv: string[], io: CliIo): Promise<number> {
  return execCommand(['review', ...argv], io);
}
