// Runs one command to completion and captures what it printed. stdout and stderr share a single pipe
// (the child is started through `/bin/sh -c 'exec "$@" 2>&1'`), so the text interleaves in the order
// the program wrote it, as it would on Codex's terminal; weft does not allocate a PTY, so programs see
// a pipe, not a TTY. The command gets its own process group: a timeout or an abort kills the whole
// group, including anything it started in the background.
//
// This is the one place weft starts a process for the model, so it is where the sandbox applies:
// `sandbox` is required, and the command runs inside bubblewrap unless the policy (or an approved
// escalation) says otherwise. When bubblewrap cannot sandbox here the command is refused
// (SandboxUnavailableError), never run unconfined.
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ToolError } from '../errors.js';
import { sandboxedArgv, type CommandSandbox } from './sandbox/sandbox-command.js';

/** Exit code reported for a command killed by its timeout (the shell convention, also Codex's). */
export const TIMEOUT_EXIT_CODE = 124;
/** Output kept in memory: the first and the last half of this many bytes. */
export const MAX_CAPTURED_BYTES = 1024 * 1024;
// After the command exits, background children may still hold the pipe open; stop waiting after this.
const CLOSE_GRACE_MS = 250;

export interface RunProcessOptions {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The thread's sandbox for this command. */
  sandbox: CommandSandbox;
  /** Also keep stdout and stderr apart (two pipes; `output` interleaves them as they arrive). */
  separateStreams?: boolean | undefined;
}

export interface RunProcessResult {
  output: Buffer;
  exitCode: number;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** True when the command ran inside the OS sandbox. */
  sandboxed: boolean;
  /** With `separateStreams`: each stream on its own. */
  stdout?: Buffer | undefined;
  stderr?: Buffer | undefined;
}

/** Keeps the head and the tail of a long output within a fixed memory budget. */
export class HeadTailBuffer {
  readonly #headCap: number;
  readonly #tailCap: number;
  readonly #head: Buffer[] = [];
  #headBytes = 0;
  readonly #tail: Buffer[] = [];
  #tailBytes = 0;

  constructor(capBytes: number) {
    this.#headCap = Math.floor(capBytes / 2);
    this.#tailCap = capBytes - this.#headCap;
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
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  if (signal !== null) return 128 + (osConstants.signals[signal] ?? 0);
  return -1;
}

/**
 * Run `argv` with merged output. Rejects (ToolError) only when the process cannot be started, and with
 * SandboxUnavailableError when the sandbox it needs cannot be set up.
 */
export async function runProcess(opts: RunProcessOptions): Promise<RunProcessResult> {
  const started = performance.now();
  const wrapped = await sandboxedArgv(opts.sandbox, opts.argv, opts.cwd, opts.env);
  return spawnCaptured(opts, wrapped.argv, wrapped.sandboxed, started);
}

function spawnCaptured(opts: RunProcessOptions, argv: readonly string[], sandboxed: boolean, started: number): Promise<RunProcessResult> {
  return new Promise((resolve, reject) => {
    const buffer = new HeadTailBuffer(MAX_CAPTURED_BYTES);
    const split = opts.separateStreams === true;
    const outBuffer = split ? new HeadTailBuffer(MAX_CAPTURED_BYTES) : undefined;
    const errBuffer = split ? new HeadTailBuffer(MAX_CAPTURED_BYTES) : undefined;
    const child = spawn('/bin/sh', ['-c', split ? 'exec "$@"' : 'exec "$@" 2>&1', 'sh', ...argv], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', split ? 'pipe' : 'ignore'],
      detached: true,
    });
    let timedOut = false;
    let aborted = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;

    const onAbort = (): void => {
      aborted = true;
      killGroup(child.pid);
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, Math.max(0, opts.timeoutMs));

    const cleanup = (): void => {
      clearTimeout(timeoutTimer);
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    const finish = (): void => {
      if (settled || exit === null) return;
      settled = true;
      cleanup();
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        output: buffer.toBuffer(),
        exitCode: timedOut ? TIMEOUT_EXIT_CODE : exitCodeOf(exit.code, exit.signal),
        timedOut,
        aborted,
        durationMs: performance.now() - started,
        sandboxed,
        stdout: outBuffer?.toBuffer(),
        stderr: errBuffer?.toBuffer(),
      });
    };

    child.stdout?.on('data', (chunk: Buffer) => {
      buffer.push(chunk);
      outBuffer?.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer.push(chunk);
      errBuffer?.push(chunk);
    });
    child.on('error', (err) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(new ToolError(`could not start ${opts.argv[0] ?? 'command'} in ${opts.cwd}: ${err.message}`, { cause: err }));
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      graceTimer = setTimeout(finish, CLOSE_GRACE_MS);
    });
    child.on('close', finish);

    if (opts.signal?.aborted === true) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
