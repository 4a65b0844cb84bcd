// The one place a model's command is started (exec_command and its sessions). Everything that wraps
// a command (a sandbox, say) belongs in spawnCommand, which takes argv, cwd and env and nothing else
// that matters to the child.
//
// Two modes, as Codex's unified exec has: without a TTY, stdout and stderr share one pipe (the child
// is started through `/bin/sh -c 'exec "$@" 2>&1'`, so text interleaves in the order the program wrote
// it) and stdin is closed; with a TTY, the child runs on a pseudo-terminal (node-pty), which also
// echoes what is written to it and ends lines with CRLF, as a terminal does. Either way the command
// leads a process group of its own, so killing it kills what it started in the background too, and
// the group is registered with the reaper (process-groups.ts) so that it dies with weft.
import { constants as osConstants } from 'node:os';
import { ToolError } from '../errors.js';
import { sandboxedArgv, type CommandSandbox } from './sandbox/sandbox-command.js';
import { killGroup, trackGroup, untrackGroup } from './process-groups.js';
import { importOutsideBundle } from '../import-outside-bundle.js';
import { keepPtyTail } from './pty-tail.js';
import { nodeChildProcess } from '../node-builtins.js';
import type { CommandRunner, RunningCommand } from './workspace-ports.js';

/** Exit code reported for a command killed by its timeout (the shell convention, also Codex's). */
export const TIMEOUT_EXIT_CODE = 124;
// After a piped command exits, background children may still hold the pipe open; stop waiting after this.
const CLOSE_GRACE_MS = 250;
// The terminal size Codex gives a PTY.
const PTY_COLS = 80;
const PTY_ROWS = 24;

export interface SpawnOptions {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  /** Run on a pseudo-terminal (stdin stays writable) instead of pipes (stdin closed). */
  tty?: boolean;
  /**
   * The thread's sandbox for this command: it runs inside the profile's mechanism (bubblewrap, or the
   * Landlock helper) unless the policy (or an approved escalation) says otherwise; when that mechanism
   * cannot sandbox here the command is refused (SandboxUnavailableError), never run unconfined.
   */
  sandbox: CommandSandbox;
}

export interface CommandExit {
  exitCode: number;
}

/**
 * A started local command. Output arrives through onData until `closed` resolves (once the process
 * exited and its output is read, or the close grace passed); `kill` is SIGKILL to its process group.
 */
export interface SpawnedCommand extends RunningCommand {
  readonly pid: number;
}

/** Keeps the head and the tail of a long output within a fixed memory budget. */
export class HeadTailBuffer {
  readonly #headCap: number;
  readonly #tailCap: number;
  #head: Buffer[] = [];
  #headBytes = 0;
  #tail: Buffer[] = [];
  #tailBytes = 0;

  constructor(capBytes: number) {
    this.#headCap = Math.floor(capBytes / 2);
    this.#tailCap = capBytes - this.#headCap;
  }

  get byteLength(): number {
    return this.#headBytes + this.#tailBytes;
  }

  push(chunk: Buffer): void {
    let rest = chunk;
    const headRoom = this.#headCap - this.#headBytes;
    if (headRoom > 0) {
      const part = rest.subarray(0, headRoom);
      this.#head.push(part);
      this.#headBytes += part.length;
      rest = rest.subarray(part.length);
    }
    if (rest.length === 0) return;
    this.#tail.push(rest);
    this.#tailBytes += rest.length;
    while (this.#tailBytes > this.#tailCap) {
      const first = this.#tail[0] as Buffer;
      const excess = this.#tailBytes - this.#tailCap;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailBytes -= first.length;
      } else {
        this.#tail[0] = first.subarray(excess);
        this.#tailBytes -= excess;
      }
    }
  }

  toBuffer(): Buffer {
    return Buffer.concat([...this.#head, ...this.#tail]);
  }

  /** The kept bytes, leaving the buffer empty. */
  take(): Buffer {
    const out = this.toBuffer();
    this.#head = [];
    this.#tail = [];
    this.#headBytes = 0;
    this.#tailBytes = 0;
    return out;
  }
}

export function exitCodeOf(code: number | null, signal: NodeJS.Signals | number | null): number {
  if (code !== null && !(code === 0 && typeof signal === 'number' && signal > 0)) return code;
  if (typeof signal === 'number' && signal > 0) return 128 + signal;
  if (typeof signal === 'string') return 128 + (osConstants.signals[signal] ?? 0);
  return -1;
}

/**
 * Start `argv` under its sandbox. Rejects with SandboxUnavailableError when the sandbox cannot be set
 * up, and with a ToolError when the process cannot be started.
 */
export async function spawnCommand(opts: SpawnOptions): Promise<SpawnedCommand> {
  const wrapped = await sandboxedArgv(opts.sandbox, opts.argv, opts.env);
  const run = { ...opts, argv: wrapped.argv };
  let spawned: SpawnedCommand;
  try {
    spawned = opts.tty === true ? await spawnPty(run) : await spawnPiped(run);
  } catch (err) {
    await wrapped.release();
    throw err;
  }
  trackGroup(spawned.pid);
  void spawned.closed.then(() => {
    untrackGroup(spawned.pid);
    return wrapped.release();
  });
  return spawned;
}

/**
 * Start `argv` under its sandbox through `runner` (an editor's terminal): the runner is handed the
 * wrapped argv, so the command is confined exactly as a local one. Rejects as spawnCommand does.
 */
export async function startThrough(runner: CommandRunner, opts: SpawnOptions, callId: string): Promise<RunningCommand> {
  const wrapped = await sandboxedArgv(opts.sandbox, opts.argv, opts.env);
  let started: RunningCommand;
  try {
    started = await runner.start({ argv: wrapped.argv, cwd: opts.cwd, env: opts.env, callId });
  } catch (err) {
    await wrapped.release();
    throw cannotStart(opts, err);
  }
  void started.closed.then(
    () => wrapped.release(),
    () => wrapped.release(),
  );
  return started;
}

function cannotStart(opts: SpawnOptions, err: unknown): ToolError {
  const message = err instanceof Error ? err.message : String(err);
  return new ToolError(`could not start ${opts.argv[0] ?? 'command'} in ${opts.cwd}: ${message}`, { cause: err });
}

function spawnPiped(opts: SpawnOptions): Promise<SpawnedCommand> {
  return new Promise((resolve, reject) => {
    const child = nodeChildProcess().spawn('/bin/sh', ['-c', 'exec "$@" 2>&1', 'sh', ...opts.argv], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    const listeners: ((chunk: Buffer) => void)[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const l of listeners) l(chunk);
    });
    let exit: CommandExit | undefined;
    let settle: ((e: CommandExit) => void) | undefined;
    const closed = new Promise<CommandExit>((done) => (settle = done));
    const finish = (): void => {
      if (exit === undefined || settle === undefined) return;
      const done = settle;
      settle = undefined;
      child.stdout?.destroy();
      done(exit);
    };
    child.once('error', (err) => reject(cannotStart(opts, err)));
    child.once('spawn', () => {
      const pid = child.pid as number;
      resolve({
        pid,
        tty: false,
        onData: (l) => void listeners.push(l),
        closed,
        write: () => false,
        kill: () => killGroup(pid),
      });
    });
    child.on('exit', (code, signal) => {
      exit = { exitCode: exitCodeOf(code, signal) };
      setTimeout(finish, CLOSE_GRACE_MS).unref();
    });
    child.on('close', finish);
  });
}

async function spawnPty(opts: SpawnOptions): Promise<SpawnedCommand> {
  // Loaded on first use: a native module that most runs never need.
  const pty = await importOutsideBundle<typeof import('node-pty')>('node-pty');
  const [file, ...args] = opts.argv;
  if (file === undefined) throw cannotStart(opts, new Error('empty command line'));
  let term: import('node-pty').IPty;
  try {
    term = pty.spawn(file, args, { cwd: opts.cwd, env: { ...opts.env }, cols: PTY_COLS, rows: PTY_ROWS, encoding: null });
  } catch (err) {
    throw cannotStart(opts, err);
  }
  const listeners: ((chunk: Buffer) => void)[] = [];
  term.onData((data: string | Buffer) => {
    const chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (const l of listeners) l(chunk);
  });
  keepPtyTail(term, (chunk) => {
    for (const l of listeners) l(chunk);
  });
  // node-pty reports the exit once the terminal's output is read to its end.
  const closed = new Promise<CommandExit>((done) => {
    term.onExit(({ exitCode, signal }) => done({ exitCode: exitCodeOf(exitCode, signal ?? null) }));
  });
  let open = true;
  void closed.then(() => (open = false));
  return {
    pid: term.pid,
    tty: true,
    onData: (l) => void listeners.push(l),
    closed,
    write: (data) => {
      if (!open) return false;
      term.write(data);
      return true;
    },
    kill: () => killGroup(term.pid),
  };
}
