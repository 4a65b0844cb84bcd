// What codex-0.169 records of a thread's context state (world-state.ts), line after line: the whole
// snapshot when the window is built, then at every later point Codex compares it (a turn's prompt,
// each sampling request of a turn) the merge patch of what changed since the last line, and nothing
// when nothing did. A thread reopened from its rollout records no patch until its window is rebuilt:
// it does not hold the last snapshot.
import { mergePatch } from './merge-patch.js';

export class WorldStateRecord {
  #last: Record<string, unknown> | undefined;

  /** The line's payload for the state as it stands now (`rebuilt`: the window was just built), if any. */
  update(state: Record<string, unknown>, rebuilt: boolean): { full: boolean; state: unknown } | undefined {
    if (rebuilt) {
      this.#last = state;
      return { full: true, state };
    }
    if (this.#last === undefined) return undefined;
    const patch = mergePatch(this.#last, state);
    this.#last = state;
    return patch === undefined ? undefined : { full: false, state: patch };
  }
}
