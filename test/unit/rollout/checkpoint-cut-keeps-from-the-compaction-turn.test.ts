import { describe, expect, it } from 'vitest';
import type { StoredRolloutLine } from '../../../protocol/rollout.js';
import { CheckpointCut } from '../../../src/rollout/cache/checkpoint.js';

type Rec = { line: StoredRolloutLine; offset: number };

const at = (offset: number, line: object): Rec => ({ offset, line: { timestamp: 't', ...line } as StoredRolloutLine });
const item = (offset: number) => at(offset, { type: 'response_item', payload: { type: 'message', role: 'user', content: [] } });
const context = (offset: number) => at(offset, { type: 'turn_context', payload: { cwd: '/', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'm', summary: 'auto' } });
const compacted = (offset: number, history: boolean) =>
  at(offset, { type: 'compacted', payload: { message: 's', ...(history ? { replacement_history: [] } : {}) } });

/** Feeds `records` one at a time as a forward read does, cutting where told; returns what is kept. */
function readForwards(records: Rec[]): number[] {
  const cut = new CheckpointCut();
  let kept: Rec[] = [];
  for (const r of records) {
    kept.push(r);
    const from = cut.keepFrom(kept);
    if (from > 0) kept = kept.slice(from);
  }
  return kept.map((r) => r.offset);
}

describe('reading a rollout forwards to its last checkpoint', () => {
  it('keeps the records from the turn_context that opens the last compaction with a replacement history', () => {
    expect(readForwards([item(0), context(10), item(20), context(30), compacted(40, true), item(50), context(60), compacted(70, true), item(80)])).toEqual([
      60, 70, 80,
    ]);
  });

  it('ignores a compaction without a replacement history (the history before it is still needed)', () => {
    expect(readForwards([item(0), context(10), compacted(20, false), item(30)])).toEqual([0, 10, 20, 30]);
  });

  it('keeps from the compaction itself when its turn_context is too far before it', () => {
    expect(readForwards([context(0), item(10), compacted(2 * 1024 * 1024, true), item(2 * 1024 * 1024 + 10)])).toEqual([
      2 * 1024 * 1024,
      2 * 1024 * 1024 + 10,
    ]);
  });
});
