// Which stored items are model input. A rollout's response items are of the kinds `ResponseItem`
// knows, or of others: Codex 0.98's undo snapshots of the worktree (`ghost_snapshot`, kept through
// compactions but never sent) and whatever a newer Codex records. Those others stay in the records,
// so that nothing read is lost, and are left out of every history rebuilt from them.
import { knownItemKinds } from '../../../protocol/rollout.js';

export function isModelInputKind(payload: { readonly type: string }): boolean {
  return knownItemKinds().has(payload.type);
}

/** The items of a compaction's replacement history that are model input. */
export function modelInputOnly<T extends { readonly type: string }>(items: readonly T[]): T[] {
  return items.filter(isModelInputKind);
}
