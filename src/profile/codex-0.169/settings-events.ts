// When a 0.169 thread records its settings (`thread_settings_applied`) besides a rebuilt window:
// owed from opening the thread, when they changed since the last turn in this process, and after
// the first goal a client sets on a new thread that has run no turn.
import type { TurnSettings } from '../../context/turn-settings.js';

/** What a thread_settings_applied event reports, to tell when it changed. */
function settingsKey(s: TurnSettings): string {
  return JSON.stringify([s.model.slug, s.cwd, s.approvalPolicy, s.sandbox, s.collaborationMode]);
}

export interface SettingsEventsOpening {
  readonly kind: 'new' | 'resume' | 'fork';
  /** `exec` sends its settings with the turn, so it records them when it reopens a thread. */
  readonly exec: boolean;
  /** The model the rollout's last turn ran, if any. */
  readonly lastModel: string | undefined;
  readonly model: string;
}

export class SettingsEvents {
  /** Events owed from opening the thread, written with its first turn. */
  #owed: number;
  /** The settings of the previous turn in this process: a change is recorded when the next one starts. */
  #lastKey: string | undefined;
  #goalRecorded = false;

  constructor(readonly opening: SettingsEventsOpening) {
    // Codex records the settings when a fork opens and when they changed since the last turn; `exec`
    // also when it reopens a thread, an app-server client not (appserver-0.169 b–d).
    const changed = opening.lastModel !== undefined && opening.lastModel !== opening.model;
    this.#owed = opening.kind === 'new' ? 0 : (opening.exec ? 1 : 0) + (opening.kind === 'fork' || changed ? 1 : 0);
  }

  /** A turn starts with `settings`: how many settings events to record before it. */
  forTurn(settings: TurnSettings): number {
    const key = settingsKey(settings);
    const changed = this.#lastKey !== undefined && this.#lastKey !== key ? 1 : 0;
    this.#lastKey = key;
    const count = this.#owed + changed;
    this.#owed = 0;
    return count;
  }

  /** A client set the goal: whether the settings follow (the first set on a new thread that ran no turn). */
  afterGoalSet(): boolean {
    const first = this.opening.kind === 'new' && this.#lastKey === undefined && !this.#goalRecorded;
    this.#goalRecorded = true;
    return first;
  }
}
