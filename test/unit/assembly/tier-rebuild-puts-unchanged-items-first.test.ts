import { describe, expect, it } from 'vitest';
import { StabilityTracker } from '../../../src/assembly/tiers/stability-tracker.js';

describe('a rebuilt tier', () => {
  it('lists items that never changed before items that did, so a later change loses the least', () => {
    const tracker = new StabilityTracker({ L0: 4, L1: 3, L2: 2, L3: 1 });
    tracker.update([{ key: 'panel', hash: 'a1' }]);
    tracker.update([{ key: 'panel', hash: 'a2' }]); // changed once
    tracker.update([{ key: 'panel', hash: 'a2' }]);
    // The history item arrives as stable as the panel (it stands for messages already cached).
    const update = tracker.update([
      { key: 'panel', hash: 'a2' },
      { key: 'history', hash: 'h', ordered: true, initialN: 2 },
    ]);
    expect(tracker.stateOf('panel')?.tier).toBe(tracker.stateOf('history')?.tier);
    const tier = tracker.stateOf('history')?.tier as 'L0' | 'L1' | 'L2' | 'L3';
    expect(update.tiers[tier]).toEqual(['history', 'panel']);
  });
});
