// A model's command run in the editor's terminal (ACP terminal/*), as the exec tools read a command
// (tools/workspace-ports.ts): terminal/create with the argv weft's sandbox wrapped, the output read
// with terminal/output while it runs and once more at its exit (terminal/wait_for_exit), kill as
// terminal/kill, and terminal/release once its end is read. ACP pushes no output, so a running
// command is read every POLL_MS; the editor shows the live output itself (the tool call carries the
// terminal), the model gets what was read by its yield deadline, as with a local command.
import type * as acp from '@agentclientprotocol/sdk';
import { exitCodeOf } from '../tools/run-process.js';
import type { CommandStart, RunningCommand } from '../tools/workspace-ports.js';

/** How often a running command's output is read. */
export const POLL_MS = 100;
/** The output the editor keeps of one command (the exec session keeps as much). */
export const OUTPUT_BYTE_LIMIT = 1024 * 1024;
/** How much of the text already passed on is looked for in an output whose head the editor dropped. */
const OVERLAP_CHARS = 256;

/**
 * The part of `now` that was not in `before`. The editor's output only grows, or drops its head to
 * stay within its limit: then what was passed on last ends inside `now`, found by its last characters
 * (text that repeats exactly may be taken as passed on already; a lost head is never passed twice).
 */
export function freshOutput(before: string, now: string): string {
  if (now.startsWith(before)) return now.slice(before.length);
  const tail = before.slice(-OVERLAP_CHARS);
  const at = now.lastIndexOf(tail);
  return at === -1 ? now : now.slice(at + tail.length);
}

export async function startEditorTerminal(
  client: acp.AgentContext,
  sessionId: string,
  start: CommandStart,
  onCreated: (terminalId: string) => void,
): Promise<RunningCommand> {
  const [command, ...args] = start.argv;
  if (command === undefined) throw new Error('empty command line');
  const env = Object.entries(start.env).map(([name, value]) => ({ name, value }));
  const terminal = await client.createTerminal({ sessionId, command, args, env, cwd: start.cwd, outputByteLimit: OUTPUT_BYTE_LIMIT });
  onCreated(terminal.id);

  const listeners: ((chunk: Buffer) => void)[] = [];
  let passed = '';
  let reading: Promise<void> | undefined;
  const read = (): Promise<void> =>
    (reading ??= terminal
      .currentOutput()
      .then((out) => {
        const fresh = freshOutput(passed, out.output);
        passed = out.output;
        if (fresh === '') return;
        const chunk = Buffer.from(fresh, 'utf8');
        for (const l of listeners) l(chunk);
      })
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  const poll = setInterval(() => void read(), POLL_MS);
  poll.unref();

  const closed = terminal
    .waitForExit()
    .then((exit) => exitCodeOf(exit.exitCode ?? null, (exit.signal ?? null) as NodeJS.Signals | null))
    .catch(() => -1)
    .then(async (exitCode) => {
      clearInterval(poll);
      await reading;
      await read();
      void terminal.release().catch(() => undefined);
      return { exitCode };
    });

  return {
    tty: false,
    onData: (l) => void listeners.push(l),
    closed,
    write: () => false,
    kill: () => void terminal.kill().catch(() => undefined),
  };
}
