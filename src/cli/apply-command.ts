// `apply <TASK_ID>`: Codex applies the diff of a Codex Cloud task to the working tree. weft has no
// cloud tasks (its threads write their changes in place, through apply_patch), so it says so in one
// line and fails, rather than pretend.
import { UsageError } from '../errors.js';
import { parseCommand, type CliIo } from './cli-options.js';

const HELP = `Usage: weft apply <task-id>

Codex applies a Codex Cloud task's diff with this command. weft runs no cloud tasks: the changes of
its threads are already in the working tree.`;

export async function applyCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, {}, HELP, io);
  if (parsed === undefined) return 0;
  if (parsed.positionals.length !== 1) throw new UsageError('apply takes one task id');
  io.stderr(`weft apply: ${parsed.positionals[0]} would be a Codex Cloud task, and weft runs none: a weft thread's changes are written to the working tree as it runs`);
  return 1;
}
