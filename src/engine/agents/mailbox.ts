// An agent's mailbox as wait_agent sees it: news (a message, a final answer) wakes the waiter; a wait
// with no news ends at its timeout, or early when the wait's turn is given new input or stopped.
export class Mailbox {
  #news = false;
  readonly #waiters = new Set<() => void>();

  notify(): void {
    this.#news = true;
    for (const wake of [...this.#waiters]) wake();
  }

  wait(timeoutMs: number, signal: AbortSignal): Promise<{ timedOut: boolean; interrupted: boolean }> {
    if (this.#news) {
      this.#news = false;
      return Promise.resolve({ timedOut: false, interrupted: false });
    }
    return new Promise((resolve) => {
      const done = (result: { timedOut: boolean; interrupted: boolean }): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#waiters.delete(wake);
        this.#news = false;
        resolve(result);
      };
      const wake = (): void => done({ timedOut: false, interrupted: false });
      const onAbort = (): void => done({ timedOut: false, interrupted: true });
      const timer = setTimeout(() => done({ timedOut: true, interrupted: false }), timeoutMs);
      this.#waiters.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
