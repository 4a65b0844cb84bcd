// A stored thread's read receipt (`readState` of thread/read, `readStates` of thread/list), as
// Codex 0.169 gives it: `firstUnread` is the first result nobody acknowledged (weft records no
// acknowledgements, so it is the first turn the thread went idle after: first-unread-turn.ts), null
// when there is none; `revision` is opaque: `initial:<thread id>` before any turn completed, else an
// id that changes whenever the rollout does (so a client's mark made on an older revision can be
// told apart). Ephemeral threads and threads of other origins (sub-agents, unknown) have none.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { firstUnreadTurnId } from '../rollout/store/first-unread-turn.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { errorMessage } from '../errors.js';

export interface ThreadReadState {
  readonly firstUnread: { type: 'turn'; turnId: string } | null;
  readonly revision: string;
}

/** A UUID-shaped id from a digest (stable for equal input). */
function uuidFrom(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function hasReadState(source: unknown, ephemeral: boolean): boolean {
  return !ephemeral && typeof source === 'string' && source !== 'unknown';
}

export async function threadReadState(store: Pick<ThreadStore, 'localCopy'>, threadId: string, rolloutPath: string): Promise<ThreadReadState> {
  const copy = await store.localCopy(rolloutPath);
  const first = await firstUnreadTurnId(copy);
  if (first === undefined) return { firstUnread: null, revision: `initial:${threadId}` };
  const st = await stat(copy);
  return { firstUnread: { type: 'turn', turnId: first }, revision: uuidFrom(`${threadId}|${st.size}|${st.mtimeMs}`) };
}

/** The read state to report after a turn, or undefined when it cannot be read (`log` says why). */
export function readStateOrNone(store: Pick<ThreadStore, 'localCopy'>, threadId: string, rolloutPath: string, log: (message: string) => void): Promise<ThreadReadState | undefined> {
  return threadReadState(store, threadId, rolloutPath).catch((err: unknown) => {
    log(`thread ${threadId}: read state not reported: ${errorMessage(err)}`);
    return undefined;
  });
}
