// One process of `command/exec`: started inside the sandbox a model's command would get
// (tools/sandbox: the profile's mechanism, refused rather than run unconfined when it cannot
// sandbox here), on pipes (stdout and stderr apart, stdin open when streamed) or on a
// pseudo-terminal (node-pty: output on stdout, resizable). Output is kept up to a cap per stream
// and, when streamed, handed on as it comes; a timeout kills the process group.
import { spawn } from 'node:child_process';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { importOutsideBundle } from '../import-outside-bundle.js';
import { exitCodeOf, TIMEOUT_EXIT_CODE } from '../tools/run-process.js';
import { killGroup, trackGroup, untrackGroup } from '../tools/process-groups.js';
import { sandboxedArgv } from '../tools/sandbox/sandbox-command.js';
import type { SandboxMechanism } from '../tools/sandbox/sandbox-mechanism.js';

export type ExecStream = 'stdout' | 'stderr';

export interface ExecProcessOptions {
  readonly argv: readonly string[];
  readonly cwd: string;
  /** Where the policy's workspace is (the server's directory): the roots never follow `cwd`. */
  readonly policyCwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly policy: SandboxPolicy;
  readonly mechanism: SandboxMechanism;
  readonly tty: boolean;
  readonly size?: { rows: number; cols: number } | undefined;
  readonly streamStdin: boolean;
  /** Called with each chunk when output is streamed (it is then not kept for the answer). */
  readonly onOutput?: ((stream: ExecStream, chunk: Buffer, capReached: boolean) => void) | undefined;
  /** Bytes kept (or streamed) per stream; undefined: no cap. */
  readonly outputCap: number | undefined;
  /** Undefined: no timeout. */
  readonly timeoutMs: number | undefined;
}

export interface ExecResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

interface Io {
  write(data: Buffer): void;
  closeStdin(): void;
  resize(rows: number, cols: number): boolean;
}

export class ExecProcess {
  readonly done: Promise<ExecResult>;
  #io: Io | undefined;
  #pid: number | undefined;

  private constructor(start: (proc: ExecProcess) => Promise<ExecResult>) {
    this.done = start(this);
  }

  /** Starts the process; rejects when the sandbox cannot be set up or the program cannot start. */
  static async start(opts: ExecProcessOptions): Promise<ExecProcess> {
    const wrapped = await sandboxedArgv({ policy: opts.policy, policyCwd: opts.policyCwd, mechanism: opts.mechanism }, opts.argv, opts.env);
    let started!: () => void;
    let failed!: (err: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
    // Once the process has gone, the read-only guards its sandbox put in the roots go too.
    const proc = new ExecProcess((p) =>
      (opts.tty ? p.#runPty(wrapped.argv, opts, started, failed) : p.#runPiped(wrapped.argv, opts, started, failed)).finally(() => wrapped.release()),
    );
    proc.done.catch(() => undefined);
    await ready;
    return proc;
  }

  /** Writes to stdin (false: the process takes no input). */
  write(data: Buffer): boolean {
    if (!this.#io) return false;
    this.#io.write(data);
    return true;
  }

  closeStdin(): void {
    this.#io?.closeStdin();
  }

  /** False when the process has no terminal. */
  resize(rows: number, cols: number): boolean {
    return this.#io?.resize(rows, cols) ?? false;
  }

  terminate(): void {
    if (this.#pid !== undefined) killGroup(this.#pid);
  }

  #collector(opts: ExecProcessOptions) {
    const kept: Record<ExecStream, Buffer[]> = { stdout: [], stderr: [] };
    const sizes: Record<ExecStream, number> = { stdout: 0, stderr: 0 };
    return {
      add: (stream: ExecStream, chunk: Buffer) => {
        const room = opts.outputCap === undefined ? chunk.length : Math.max(0, opts.outputCap - sizes[stream]);
        const part = room >= chunk.length ? chunk : chunk.subarray(0, room);
        const capReached = part.length < chunk.length;
        sizes[stream] += part.length;
        if (opts.onOutput) {
          if (part.length > 0 || capReached) opts.onOutput(stream, part, capReached);
        } else kept[stream].push(part);
      },
      result: (exitCode: number): ExecResult => ({ exitCode, stdout: Buffer.concat(kept.stdout).toString('utf8'), stderr: Buffer.concat(kept.stderr).toString('utf8') }),
    };
  }

  #timer(opts: ExecProcessOptions, onTimeout: () => void): NodeJS.Timeout | undefined {
    return opts.timeoutMs === undefined ? undefined : setTimeout(onTimeout, opts.timeoutMs);
  }

  #runPiped(argv: string[], opts: ExecProcessOptions, started: () => void, failed: (e: unknown) => void): Promise<ExecResult> {
    const out = this.#collector(opts);
    return new Promise<ExecResult>((resolve, reject) => {
      const child = spawn(argv[0] as string, argv.slice(1), { cwd: opts.cwd, env: opts.env, stdio: [opts.streamStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
      let timedOut = false;
      const timer = this.#timer(opts, () => {
        timedOut = true;
        this.terminate();
      });
      child.stdout?.on('data', (c: Buffer) => out.add('stdout', c));
      child.stderr?.on('data', (c: Buffer) => out.add('stderr', c));
      child.once('error', (err) => {
        if (timer) clearTimeout(timer);
        failed(err);
        reject(err);
      });
      child.once('spawn', () => {
        this.#pid = child.pid;
        trackGroup(child.pid as number);
        const stdin = child.stdin;
        if (stdin) {
          stdin.on('error', () => undefined);
          this.#io = { write: (d) => void stdin.write(d), closeStdin: () => stdin.end(), resize: () => false };
        }
        started();
      });
      child.once('close', (code, signal) => {
        if (timer) clearTimeout(timer);
        if (child.pid !== undefined) untrackGroup(child.pid);
        this.#io = undefined;
        resolve(out.result(timedOut ? TIMEOUT_EXIT_CODE : exitCodeOf(code, signal)));
      });
    });
  }

  async #runPty(argv: string[], opts: ExecProcessOptions, started: () => void, failed: (e: unknown) => void): Promise<ExecResult> {
    const out = this.#collector(opts);
    let term: import('node-pty').IPty;
    try {
      const pty = await importOutsideBundle<typeof import('node-pty')>('node-pty');
      term = pty.spawn(argv[0] as string, argv.slice(1), { cwd: opts.cwd, env: { ...opts.env }, cols: opts.size?.cols || 80, rows: opts.size?.rows || 24, encoding: null });
    } catch (err) {
      failed(err);
      throw err;
    }
    this.#pid = term.pid;
    trackGroup(term.pid);
    let open = true;
    this.#io = {
      write: (d) => open && term.write(d.toString('utf8')),
      closeStdin: () => open && term.write('\x04'),
      resize: (rows, cols) => {
        if (open) term.resize(cols, rows);
        return open;
      },
    };
    term.onData((d: string | Buffer) => out.add('stdout', typeof d === 'string' ? Buffer.from(d, 'utf8') : d));
    let timedOut = false;
    const timer = this.#timer(opts, () => {
      timedOut = true;
      this.terminate();
    });
    started();
    const exit = await new Promise<{ exitCode: number; signal?: number }>((resolve) => term.onExit(resolve));
    open = false;
    if (timer) clearTimeout(timer);
    untrackGroup(term.pid);
    this.#io = undefined;
    return out.result(timedOut ? TIMEOUT_EXIT_CODE : exitCodeOf(exit.exitCode, exit.signal ?? null));
  }
}
