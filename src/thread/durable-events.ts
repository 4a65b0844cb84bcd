// A thread's events, told to their listener only once what they report is durable. A store that
// groups its commits (Postgres: postgres-sink.ts) holds the lines a turn writes until its writer
// commits; an event that tells a client of an item — a message, a tool call or output, a finished
// turn — must not reach the client before the lines it reports are committed, or a crash could lose
// an item the client was shown. So such an event, emitted while lines are held, asks the writer to
// commit and is delivered after; events behind it wait too, so order is kept. Events that report no
// item (deltas, token counts, rate limits, retries, warnings, the turn's start) go straight through
// when nothing waits. On the home's files nothing is ever held: every event goes straight through,
// synchronously, as before.
import type { RolloutWriter } from '../rollout/format/writer.js';
import type { ThreadEvent, ThreadEventListener } from './thread-events.js';

/** Events that acknowledge no item: they may reach the client while lines are still held. */
const REPORTS_NO_ITEM: ReadonlySet<ThreadEvent['type']> = new Set(['text_delta', 'reasoning_delta', 'token_count', 'rate_limits', 'retrying', 'warning', 'turn_started']);

/** Delivered even when the commit before them failed: they say the turn ended badly. */
const TELLS_FAILURE: ReadonlySet<ThreadEvent['type']> = new Set(['turn_failed', 'turn_interrupted', 'warning']);

export class DurableEvents {
  /** The delivery chain while events wait for a commit; undefined when nothing waits. */
  #waiting: Promise<void> | undefined;
  #listenerError: { error: unknown } | undefined;

  constructor(
    private readonly writer: () => RolloutWriter,
    private readonly listener: ThreadEventListener,
  ) {}

  readonly emit: ThreadEventListener = (event) => {
    const writer = this.writer();
    const mustCommit = writer.uncommitted && !REPORTS_NO_ITEM.has(event.type);
    if (!mustCommit && this.#waiting === undefined) return this.listener(event);
    const committed = mustCommit ? writer.commit().then(() => true, () => false) : undefined;
    const before = this.#waiting ?? Promise.resolve();
    const chain: Promise<void> = before.then(async () => {
      const durable = committed === undefined ? true : await committed;
      // Lines that could not be committed are not told of; the failure reaches the turn at its next write.
      if (durable || TELLS_FAILURE.has(event.type)) this.#deliver(event);
      if (this.#waiting === chain) this.#waiting = undefined;
    });
    this.#waiting = chain;
  };

  /** Resolves once every event emitted so far is delivered; rethrows what the listener threw meanwhile. */
  async drained(): Promise<void> {
    while (this.#waiting !== undefined) await this.#waiting;
    const failed = this.#listenerError;
    this.#listenerError = undefined;
    if (failed) throw failed.error;
  }

  #deliver(event: ThreadEvent): void {
    try {
      this.listener(event);
    } catch (error) {
      this.#listenerError ??= { error };
    }
  }
}
