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
  /**
   * Where the generation reports the thread's status (0.169), a notification about the thread beside
   * the turn's items: a status while the client is asked, a server request resolved.
   */
  readonly threadNotice?: ((method: 'thread/status/changed' | 'serverRequest/resolved', params: Record<string, unknown>) => void) | undefined;
  /** The tool call being run, when inside one. */
  readonly callId?: string;
}

export const turnScope = new AsyncLocalStorage<TurnScope>();
