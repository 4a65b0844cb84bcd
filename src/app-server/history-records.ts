// The records a thread's turns are replayed from. A paginated fork (0.169) keeps only its own lines
// and points at the parent (`forked_from_id`, `forked_from_ordinal_exclusive`): its history starts
// with the parent's lines before that ordinal, found the same way (a fork of a fork).
import type { ThreadStore } from '../rollout/thread-store.js';
import { readRollout, type RolloutRecord } from '../rollout/format/reader.js';

const MAX_DEPTH = 32;

function forkPoint(records: readonly RolloutRecord[]): { parent: string; before: number } | undefined {
  const first = records.find((r) => r.line.type === 'session_meta')?.line;
  const meta = first?.type === 'session_meta' ? first.payload : undefined;
  const parent = meta?.forked_from_id;
  const before = meta?.forked_from_ordinal_exclusive;
  return typeof parent === 'string' && typeof before === 'number' ? { parent, before } : undefined;
}

const ordinal = (r: RolloutRecord): number | undefined => r.line.ordinal;

export async function historyRecords(store: Pick<ThreadStore, 'localCopy' | 'find'>, path: string, depth = 0): Promise<RolloutRecord[]> {
  const own = await readRollout(await store.localCopy(path));
  const fork = depth < MAX_DEPTH ? forkPoint(own) : undefined;
  if (!fork) return own;
  const parentPath = await store.find(fork.parent);
  // A parent that is gone leaves the fork with its own lines only.
  if (!parentPath) return own;
  const parent = (await historyRecords(store, parentPath, depth + 1)).filter((r) => {
    const n = ordinal(r);
    return typeof n !== 'number' || n < fork.before;
  });
  return [...parent.filter((r) => r.line.type !== 'session_meta'), ...own];
}
