// A user's own shell command on a thread (app-server `thread/shellCommand`, Codex's `!cmd`), as Codex
// 0.169 runs it: outside the sandbox, in the thread's directory (tools/user-shell/). Its end is
// recorded twice: the completed command item (0.169's `item_completed`, the rollout line) and a user
// message laying out the command and its result for the model. With a turn running, the command
// belongs to that turn: the message joins it at its next boundary and the model is asked again with
// it, as with steered input. Between turns it is a turn of its own that asks the model nothing: its
// start, the item, the message and its end, and no turn context (the next turn opens with the
// initial context, after the message, as in Codex).
import { randomUUID } from 'node:crypto';
import { errorMessage } from '../errors.js';
import { displayCommand } from '../tools/display-command.js';
import { runUserShell, userShellArgv, USER_SHELL_TIMEOUT_MS } from '../tools/user-shell/run-user-shell.js';
import { reportedOutcome, userShellPack, userShellRecordItem } from '../tools/user-shell/user-shell-record.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { MessageItem } from '../../protocol/responses-items.js';
import type { ThreadState, TurnDeps } from './turn-ports.js';
import { record } from './record-items.js';

/** The command as a client shows it: Codex's display of the argv, where it ran, the script. */
export interface UserShellCommandView {
  readonly callId: string;
  readonly command: string;
  readonly cwd: string;
  readonly script: string;
}

/** Where a user's shell command reports as it runs. */
export interface UserShellListener {
  started(view: UserShellCommandView): void;
  output(view: UserShellCommandView, delta: string): void;
  finished(view: UserShellCommandView, end: { exitCode: number; aggregatedOutput: string; durationMs: number }): void;
}

export interface UserShellOptions {
  /** Codex's default is one hour; 0 times out at once. */
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly listener: UserShellListener;
}

type Deps = Pick<TurnDeps, 'pack' | 'toolContext'>;

/**
 * Runs the command and records its item line; returns the message to record for the model. A shell
 * that cannot start ends the command with exit code -1 and the reason as its output, as in Codex.
 */
export async function runUserShellCommand(state: ThreadState, deps: Deps, settings: TurnSettings, script: string, opts: UserShellOptions): Promise<MessageItem> {
  const signal = opts.signal ?? new AbortController().signal;
  const ctx = deps.toolContext(settings, signal, () => undefined);
  const argv = userShellArgv(script, ctx.env);
  const view: UserShellCommandView = { callId: randomUUID(), command: displayCommand(argv), cwd: settings.cwd, script };
  const timeoutMs = opts.timeoutMs ?? USER_SHELL_TIMEOUT_MS;
  const pack = await userShellPack(deps.pack);
  const decoder = new TextDecoder('utf-8');
  opts.listener.started(view);
  const ran = await runUserShell({
    command: script,
    cwd: settings.cwd,
    env: ctx.commandEnv ?? ctx.env,
    shellEnv: ctx.env,
    timeoutMs,
    signal,
    onOutput: (chunk) => {
      const delta = decoder.decode(chunk, { stream: true });
      if (delta !== '') opts.listener.output(view, delta);
    },
  }).catch((err: unknown) => ({ exitCode: -1, aggregatedOutput: errorMessage(err), durationMs: 0, timedOut: false }));
  const outcome = reportedOutcome(pack, ran, timeoutMs);
  const record = { kind: 'user_shell' as const, callId: view.callId, argv, script, cwd: settings.cwd, exitCode: outcome.exitCode, aggregatedOutput: outcome.aggregatedOutput, durationMs: outcome.durationMs };
  await state.writer.append(state.profileThread.toolItemCompleted(record));
  // A client told of the item can count on it: a store that groups commits makes it durable first.
  await state.writer.commit();
  opts.listener.finished(view, outcome);
  return userShellRecordItem(pack, script, outcome, settings.model.truncation_policy);
}

/** Between turns: the command as a turn of its own, `turnId`, that asks the model nothing. */
export async function runUserShellCommandTurn(state: ThreadState, deps: Deps, settings: TurnSettings, turnId: string, script: string, opts: UserShellOptions): Promise<void> {
  await state.writer.append(await state.profileThread.turnStarted(turnId, settings));
  await record(state, [await runUserShellCommand(state, deps, settings, script, opts)]);
  await state.writer.append(state.profileThread.turnCompleted(undefined));
  await state.writer.flush();
}
