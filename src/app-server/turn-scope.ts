// Which thread and turn the current async work belongs to. Approvals and client tools are asked
// from deep inside a turn (a tool handler), where only this scope knows whom to ask about what.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TurnNotifier } from './turn-notifier.js';

export interface TurnScope {
  readonly threadId: string;
  readonly turnId: string;
  readonly notifier: TurnNotifier;
  readonly signal: AbortSignal;
  /** Stops the turn (an approval answered `cancel`). */
  readonly interrupt: () => void;
  /** Requests to the client carry the time they were asked (`startedAtMs`, 0.169). */
  readonly stampsRequests: boolean;
  /** The tool call being run, when inside one. */
  readonly callId?: string;
}

export const turnScope = new AsyncLocalStorage<TurnScope>();
