// The events of a rollout weft reads, typed. The reader has checked each event of a known kind
// against that kind's schema (protocol/rollout-events.ts), so telling the kind is all that is left:
// an event of any other kind is kept in the records and is none of these.
import { knownEventKinds, type EventMsgPayload, type KnownEventMsg } from '../../../protocol/rollout-events.js';
import type { StoredRolloutLine } from '../../../protocol/rollout.js';

export function isKnownEvent(payload: EventMsgPayload): payload is KnownEventMsg {
  return knownEventKinds().has(payload.type);
}

/** The line's event when it is an event_msg of a kind weft reads. */
export function knownEventOf(line: StoredRolloutLine): KnownEventMsg | undefined {
  return line.type === 'event_msg' && isKnownEvent(line.payload) ? line.payload : undefined;
}
