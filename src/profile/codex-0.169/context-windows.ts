// A 0.169 thread's context windows: the number of the window its history is in (0 until the first
// compaction), and the ids Codex gives each window (the first, the current) that a `compacted` line,
// session_meta and each request's metadata name.
import { newThreadId } from '../../rollout/store/thread-id.js';

export class ContextWindows {
  #number: number;
  #id: string;
  readonly #firstId: string;

  /** Continues from what the rollout records (a new thread: window 0 under a fresh id). */
  constructor(number: number, id: string | undefined) {
    this.#number = number;
    this.#id = id ?? newThreadId();
    this.#firstId = this.#id;
  }

  get number(): number {
    return this.#number;
  }

  get id(): string {
    return this.#id;
  }

  /** A compaction builds the next window's items. */
  next(): void {
    this.#number += 1;
  }

  /** The compaction is recorded: the window takes a new id; the fields its `compacted` line names. */
  compacted(): { window_number: number; first_window_id: string; previous_window_id: string; window_id: string } {
    const previous = this.#id;
    this.#id = newThreadId();
    return { window_number: this.#number, first_window_id: this.#firstId, previous_window_id: previous, window_id: this.#id };
  }
}
