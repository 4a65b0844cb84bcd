// The stream idle timeout (`stream_idle_timeout_ms`, Codex's default five minutes): an attempt that
// receives nothing for that long is given up as a broken stream, and retried like one, instead of
// waiting forever on a connection that went quiet. One watch per attempt; its signal is the one the
// attempt's request uses, so firing it closes the connection.

import type { ProviderSettings } from './provider.js';

const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 300_000;

export class IdleWatch {
  readonly #controller = new AbortController();
  readonly #ms: number;
  readonly #outer: AbortSignal | undefined;
  readonly #onOuterAbort = (): void => this.#controller.abort(this.#outer?.reason);
  #timer: NodeJS.Timeout | undefined;
  #fired = false;

  constructor(ms: number, outer: AbortSignal | undefined) {
    this.#ms = ms;
    this.#outer = outer;
    if (outer?.aborted) this.#controller.abort(outer.reason);
    else outer?.addEventListener('abort', this.#onOuterAbort, { once: true });
    this.touch();
  }

  /** Aborted when the caller's signal is, or when the stream has been idle too long. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True once the idle timeout ended the attempt. */
  get fired(): boolean {
    return this.#fired;
  }

  /** What the attempt's failure says when the watch fired. */
  get reason(): string {
    return `no data for ${this.#ms} ms (stream_idle_timeout_ms)`;
  }

  /** The failure of an attempt this watch ended: a broken stream, worth another attempt. */
  failure(what: string): { message: string; retryable: true } {
    return { message: `${what}: ${this.reason}`, retryable: true };
  }

  /** Data arrived: the idle time starts again. */
  touch(): void {
    clearTimeout(this.#timer);
    if (this.#controller.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#fired = true;
      this.#controller.abort(new Error(this.reason));
    }, this.#ms);
    // An idle watch alone must not keep the process alive.
    this.#timer.unref();
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#outer?.removeEventListener('abort', this.#onOuterAbort);
  }
}

/** A watch with the provider's timeout; the caller disposes of it when the attempt ends. */
export function idleWatchFor(provider: ProviderSettings, outer: AbortSignal | undefined): IdleWatch {
  return new IdleWatch(provider.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS, outer);
}

/** Runs one attempt under its own watch (the provider's timeout), disposed however the attempt ends. */
export async function* watched<T, R>(
  provider: ProviderSettings,
  outer: AbortSignal | undefined,
  attempt: (watch: IdleWatch) => AsyncGenerator<T, R, undefined>,
): AsyncGenerator<T, R, undefined> {
  const watch = idleWatchFor(provider, outer);
  try {
    return yield* attempt(watch);
  } finally {
    watch.dispose();
  }
}
