// The in-memory state of an open thread; declared with the turn loop's other ports (turn-ports.ts),
// since the profile's thread and the state refer to each other.
export type { PendingInput, ThreadState } from './turn-ports.js';
