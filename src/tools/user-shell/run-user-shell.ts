// A user's own shell command (app-server `thread/shellCommand`, Codex's `!cmd`), run as Codex 0.169
// runs it: the user's login shell with `-lc` and the script as typed (pipes, redirects and quoting
// kept), in the thread's directory, with the thread's `[shell_environment_policy]` environment and
// OUTSIDE any sandbox: the user typed it, so Codex gives it full access whatever the thread's
// sandbox (docs/security.md). stdout and stderr are kept in the order they came and handed on chunk
// by chunk; a time limit (Codex: one hour unless told) or the caller's signal kills the whole process
// group.
import { nodeChildProcess } from '../../node-builtins.js';
import { userShell } from '../../context/user-shell.js';
import { exitCodeOf, TIMEOUT_EXIT_CODE } from '../run-process.js';
import { killGroup, trackGroup, untrackGroup } from '../process-groups.js';
import type { UserShellOutcome } from './user-shell-record.js';

/** Codex's limit for a user's shell command when the client names none. */
export const USER_SHELL_TIMEOUT_MS = 60 * 60 * 1000;
/** After the shell exits, background children may still hold its pipes open; stop waiting after this. */
const CLOSE_GRACE_MS = 250;

export interface UserShellRun {
  /** The script as the user typed it. */
  readonly command: string;
  readonly cwd: string;
  /** The environment the thread's commands start from (`[shell_environment_policy]` applied). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the login shell is looked up (the account's, as for the model's commands). */
  readonly shellEnv: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly onOutput?: ((chunk: Buffer) => void) | undefined;
}

/** The argv Codex runs a user's script with: the login shell, `-lc`, the script. */
export function userShellArgv(command: string, shellEnv: Readonly<Record<string, string | undefined>>): string[] {
  return [userShell(shellEnv).path, '-lc', command];
}

/** Runs the command to its end; rejects only when it cannot start. */
export function runUserShell(run: UserShellRun): Promise<UserShellOutcome> {
  const [file, ...args] = userShellArgv(run.command, run.shellEnv);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(run.env)) if (v !== undefined) env[k] = v;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = nodeChildProcess().spawn(file as string, args, { cwd: run.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const chunks: Buffer[] = [];
    const take = (chunk: Buffer): void => {
      chunks.push(chunk);
      run.onOutput?.(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    let timedOut = false;
    let exit: number | undefined;
    let settled = false;
    const kill = (): void => {
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, Math.max(0, run.timeoutMs));
    const onAbort = (): void => kill();
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (): void => {
      if (settled || exit === undefined) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (child.pid !== undefined) untrackGroup(child.pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
      const durationMs = performance.now() - started;
      resolve({ exitCode: timedOut ? TIMEOUT_EXIT_CODE : exit, aggregatedOutput: Buffer.concat(chunks).toString('utf8'), durationMs, timedOut });
    };
    child.once('error', (err) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      settled = true;
      reject(err);
    });
    child.once('spawn', () => {
      trackGroup(child.pid as number);
      if (run.signal?.aborted) kill();
    });
    child.on('exit', (code, signal) => {
      exit = exitCodeOf(code, signal);
      setTimeout(finish, CLOSE_GRACE_MS).unref();
    });
    child.on('close', finish);
  });
}
