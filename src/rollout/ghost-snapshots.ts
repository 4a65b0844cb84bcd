// Codex 0.98 records its undo snapshots of the worktree (`ghost_snapshot` items) among a rollout's
// response items and keeps them through compactions, but never sends them to the model. weft reads
// them as valid lines, without a warning, and leaves them out of the history it rebuilds.
import { GhostSnapshotPayload } from '../../protocol/rollout.js';
import { REJECTED, verdictOf } from './schema-verdict.js';

export function isGhostSnapshot(payload: unknown): boolean {
  return verdictOf(GhostSnapshotPayload, payload) !== REJECTED;
}

/** The items of a compaction's replacement history that are model input. */
export function withoutGhostSnapshots<T>(items: readonly T[]): T[] {
  return items.filter((item) => !isGhostSnapshot(item));
}
