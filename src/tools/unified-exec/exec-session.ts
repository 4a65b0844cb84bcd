// One command started by exec_command: its output since the model last read it, the whole output
// for the end-of-command event, and its exit. A call reads output until its yield deadline, or until
// the command exits and its output is closed, whichever comes first.
import { HeadTailBuffer, TIMEOUT_EXIT_CODE } from '../run-process.js';
import type { RunningCommand } from '../workspace-ports.js';
import type { ExecEvent } from '../exec-event.js';

/** Output kept between two reads, and for the whole command: head and tail of this many bytes. */
export const SESSION_OUTPUT_MAX_BYTES = 1024 * 1024;

export interface SessionInfo {
  readonly callId: string;
  readonly command: string;
  readonly argv: string[];
  readonly cwd: string;
  /** Where the command's end is reported (the context of the call that started it). */
  readonly onExecEvent?: ((event: ExecEvent) => void) | undefined;
}

export class ExecSession {
  readonly startedAt = performance.now();
  lastUsed = this.startedAt;
  #unread = new HeadTailBuffer(SESSION_OUTPUT_MAX_BYTES);
  readonly #all = new HeadTailBuffer(SESSION_OUTPUT_MAX_BYTES);
  #exitCode: number | undefined;
  #wake: (() => void) | undefined;
  #timedOut = false;
  #announced = false;
  #endReported = false;

  constructor(
    readonly id: number,
    readonly process: RunningCommand,
    readonly info: SessionInfo,
  ) {
    process.onData((chunk) => {
      this.#unread.push(chunk);
      this.#all.push(chunk);
      this.#poke();
    });
    void process.closed.then((exit) => {
      this.#exitCode = this.#timedOut ? TIMEOUT_EXIT_CODE : exit.exitCode;
      this.#poke();
    });
  }

  get tty(): boolean {
    return this.process.tty;
  }

  /** The exit code once the command has exited and its output is read; undefined while it runs. */
  get exitCode(): number | undefined {
    return this.#exitCode;
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  #poke(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Output that arrived since the last read, gathered until `deadline` (performance.now() ms) or the end. */
  async read(deadline: number, signal?: AbortSignal): Promise<Buffer> {
    this.lastUsed = performance.now();
    const parts: Buffer[] = [];
    for (;;) {
      if (this.#unread.byteLength > 0) parts.push(this.#unread.take());
      if (this.#exitCode !== undefined || signal?.aborted === true) break;
      const remaining = deadline - performance.now();
      if (remaining <= 0) break;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          if (this.#wake === done) this.#wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, remaining);
        this.#wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    if (this.#unread.byteLength > 0) parts.push(this.#unread.take());
    this.lastUsed = performance.now();
    return Buffer.concat(parts);
  }

  /** Writes to the command's terminal; false when its stdin is closed (no TTY) or it has ended. */
  write(chars: string): boolean {
    this.lastUsed = performance.now();
    return this.#exitCode === undefined && this.process.write(chars);
  }

  /** Kills the command (and its process group); `timedOut` marks a kill by the time limit. */
  kill(reason: 'timeout' | 'close' = 'close'): void {
    if (reason === 'timeout') this.#timedOut = true;
    this.process.kill();
  }

  /** Waits until the command has exited and its output is read. */
  async ended(): Promise<number> {
    await this.process.closed;
    return this.#exitCode ?? -1;
  }

  /** Whether the command's begin has been reported. */
  get announced(): boolean {
    return this.#announced;
  }

  /**
   * Reports the command's begin once (exec `command_execution` items, app-server items).
   * `alreadyShown`: an earlier attempt of the same call reported it; this one only ends it.
   */
  announce(alreadyShown = false): void {
    if (this.#announced) return;
    this.#announced = true;
    if (alreadyShown) return;
    const { callId, command, argv, cwd } = this.info;
    this.info.onExecEvent?.({ type: 'begin', callId, command, argv, cwd });
  }

  /**
   * Reports the command's end once, and only for a command whose begin was reported: one the sandbox
   * refused before it was announced is never shown as a command (exec-command.ts).
   */
  reportEnd(exitCode: number, shown?: string): void {
    if (this.#endReported || !this.#announced) return;
    this.#endReported = true;
    const text = shown ?? new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.#all.toBuffer());
    this.info.onExecEvent?.({
      type: 'end',
      callId: this.info.callId,
      command: this.info.command,
      argv: this.info.argv,
      cwd: this.info.cwd,
      aggregatedOutput: text,
      exitCode,
      durationMs: performance.now() - this.startedAt,
      timedOut: this.#timedOut,
      processId: this.id,
    });
  }
}
