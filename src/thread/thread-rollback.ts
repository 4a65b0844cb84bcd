// Rolling a thread back by whole user turns: the history loses everything from the N-th last user
// message on (the model's answers and tool calls of those turns with it), and the rollout records a
// `thread_rolled_back` marker so that a resume rebuilds the same shortened history. Files the
// agent changed are not touched: that is the client's business.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { KnownEventKind, KnownEventMsg } from '../../protocol/rollout-events.js';
import { UsageError } from '../errors.js';
import type { RolloutLineInput } from '../rollout/format/writer.js';
import type { ThreadState } from './thread-state.js';

export const THREAD_ROLLED_BACK = 'thread_rolled_back' satisfies KnownEventKind;

export const threadRolledBackEvent = (numTurns: number): RolloutLineInput => ({
  type: 'event_msg',
  payload: { type: THREAD_ROLLED_BACK, num_turns: numTurns },
});

/** How many user turns `history` holds. */
export function countUserTurns(history: readonly ResponseItem[], isUserTurn: (item: ResponseItem) => boolean): number {
  return history.reduce((n, item) => (isUserTurn(item) ? n + 1 : n), 0);
}

/**
 * `history` without its last `numTurns` user turns. Asking for more turns than there are drops
 * them all and keeps what came before the first one (the initial context).
 */
export function dropLastUserTurns(
  history: readonly ResponseItem[],
  numTurns: number,
  isUserTurn: (item: ResponseItem) => boolean,
): ResponseItem[] {
  if (numTurns <= 0) return [...history];
  let seen = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (isUserTurn(history[i] as ResponseItem) && ++seen === numTurns) return history.slice(0, i);
  }
  const first = history.findIndex(isUserTurn);
  return first === -1 ? [...history] : history.slice(0, first);
}

/** The event's turn count when it is a rollback marker. */
export function rolledBackTurns(event: KnownEventMsg | undefined): number | undefined {
  return event?.type === THREAD_ROLLED_BACK && event.num_turns > 0 ? event.num_turns : undefined;
}

/** Drops the last `numTurns` user turns of a loaded thread and records the marker. */
export async function rollbackThreadState(
  state: ThreadState,
  numTurns: number,
  isUserTurn: (item: ResponseItem) => boolean,
): Promise<void> {
  if (!Number.isInteger(numTurns) || numTurns < 1) throw new UsageError(`numTurns must be a whole number ≥ 1, got ${numTurns}`);
  const turns = countUserTurns(state.history, isUserTurn);
  if (numTurns > turns) throw new UsageError(`thread ${state.id} has ${turns} user turn(s); cannot roll back ${numTurns}`);
  state.history = dropLastUserTurns(state.history, numTurns, isUserTurn);
  await state.writer.append(threadRolledBackEvent(numTurns));
  await state.writer.flush();
}
