// What a thread open in the server is given and asked for (loaded-thread.ts): the turn a client
// requests, the channel it reports through (its connection's generation and notifications), and a
// review's part of a review turn (review-turn.ts).
import type { Turn, UserInput } from '../../protocol/app-server/common.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { TurnOutcome } from '../thread/turn-loop.js';
import type { AppServerGeneration } from './generation/generation.js';
import type { Notify } from './turn-notifier.js';

export interface TurnRequest {
  readonly input: UserInput[];
  readonly overrides: SettingsOverrides;
  /** The request changed settings (Codex spends a submission on that). */
  readonly changesSettings: boolean;
  readonly outputSchema?: unknown;
  /** A goal's continuation turn (no input; started by the server when a turn ends with the goal active). */
  readonly goal?: boolean;
}

/** Where a loaded thread reports (the server context of its connection). */
export interface ThreadChannel {
  readonly generation: AppServerGeneration;
  /** The client opted into the experimental API (some notifications go only to such clients). */
  readonly experimental: boolean;
  readonly notify: Notify;
  notifyAny(method: string, params: Record<string, unknown>): void;
  turnSummary(turnId: string): Turn['items'];
}

/** A review's part of a review turn (review-turn.ts). */
export interface ReviewWork {
  /** The items the answer to review/start shows (the review's name as a user message). */
  items(turnId: string): Turn['items'];
  /** Announces and records the review; resolves with the id of the review thread's turn. */
  enter(turnId: string, notify: Notify): Promise<string>;
  /** Runs the review and hands it back to the thread. */
  run(turnId: string, signal: AbortSignal, notify: Notify): Promise<TurnOutcome>;
}
