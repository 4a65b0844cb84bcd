// Messages written out together: every line sent during one turn of the event loop goes to the
// output in one write, at the end of that turn. A stream of deltas becomes hundreds of notifications
// per chunk received; written one by one, each would be a system call of its own (stdout on a pipe
// is synchronous on Linux), which costs more than everything else the relay does. Order is kept,
// and a line waits at most until the current turn of the event loop ends.

export class BatchedLines {
  readonly #out: (text: string) => void;
  #pending: string[] = [];
  #scheduled = false;

  /** `out` receives the lines of one batch, each ended by `\n`. */
  constructor(out: (text: string) => void) {
    this.#out = out;
  }

  push(line: string): void {
    this.#pending.push(line);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes what waits now (also what a closing owner calls last). */
  flush(): void {
    this.#scheduled = false;
    if (this.#pending.length === 0) return;
    const lines = this.#pending;
    this.#pending = [];
    this.#out(`${lines.join('\n')}\n`);
  }
}
