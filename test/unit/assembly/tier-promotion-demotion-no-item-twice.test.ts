import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { ALL_TIERS, DEFAULT_TIER_THRESHOLDS, StabilityTracker, type TierUpdate, type TrackedItem } from '../../../src/assembly/tiers/stability-tracker.js';

const item = (key: string, hash = 'h', ordered = false): TrackedItem => ({ key, hash, ordered });

/** Runs `n` identical requests and returns the last update. */
function repeat(tracker: StabilityTracker, items: TrackedItem[], n: number): TierUpdate {
  let last: TierUpdate | undefined;
  for (let i = 0; i < n; i++) last = tracker.update(items);
  if (!last) throw new Error('n must be > 0');
  return last;
}

function everyKeyOnce(update: TierUpdate, items: readonly TrackedItem[]): void {
  const placed = ALL_TIERS.flatMap((t) => update.tiers[t]);
  expect(placed.length).toBe(new Set(placed).size);
  expect([...placed].sort()).toEqual(items.map((i) => i.key).sort());
}

describe('stability tiers', () => {
  it('uses entry thresholds 12/9/6/3 by default and checks configured ones', () => {
    expect(DEFAULT_TIER_THRESHOLDS).toEqual({ L0: 12, L1: 9, L2: 6, L3: 3 });
    expect(new StabilityTracker({ L3: 2 }).thresholds).toEqual({ L0: 12, L1: 9, L2: 6, L3: 2 });
    expect(() => new StabilityTracker({ L2: 2, L3: 3 })).toThrow(UsageError);
  });

  it('an item enters L3 after 3 unchanged requests and climbs only through tiers with nothing to lose', () => {
    const tracker = new StabilityTracker();
    const items = [item('a')];
    expect(repeat(tracker, items, 3).tiers.active).toEqual(['a']);
    const fourth = tracker.update(items);
    expect(fourth.tiers.L3).toEqual(['a']);
    expect(fourth.promoted).toEqual([{ key: 'a', from: 'active', to: 'L3' }]);
    expect(fourth.invalidated).toEqual([]);
    // The tiers above are empty (nothing cached to break), so it climbs at N = 6, 9 and 12.
    expect(repeat(tracker, items, 3).tiers.L2).toEqual(['a']);
    expect(repeat(tracker, items, 3).tiers.L1).toEqual(['a']);
    expect(repeat(tracker, items, 3).tiers.L0).toEqual(['a']);
    expect(tracker.stateOf('a')).toEqual({ tier: 'L0', n: 12 });
  });

  /** L0..L3 each hold one item (a, b, c, d), with thresholds 4/3/2/1. */
  function fourTiers(): { tracker: StabilityTracker; items: TrackedItem[] } {
    const tracker = new StabilityTracker({ L0: 4, L1: 3, L2: 2, L3: 1 });
    const items: TrackedItem[] = [];
    for (const key of ['a', 'b', 'c', 'd']) {
      items.push(item(key));
      repeat(tracker, items, 6);
    }
    const last = tracker.update(items);
    expect([last.tiers.L0, last.tiers.L1, last.tiers.L2, last.tiers.L3]).toEqual([['a'], ['b'], ['c'], ['d']]);
    return { tracker, items };
  }

  it('does not promote into a tier that kept its content, however high N gets', () => {
    const { tracker, items } = fourTiers();
    const update = repeat(tracker, items, 10);
    expect(tracker.stateOf('d')).toEqual({ tier: 'L3', n: 16 });
    expect(update.promoted).toEqual([]);
    expect(update.invalidated).toEqual([]);
  });

  it('a changed item is demoted to active with N reset; its tier and those after it are invalidated', () => {
    const { tracker, items } = fourTiers();
    const update = tracker.update(items.map((i) => (i.key === 'b' ? item('b', 'b2') : i)));
    expect(update.demoted).toEqual([{ key: 'b', from: 'L1', to: 'active' }]);
    expect(tracker.stateOf('b')).toEqual({ tier: 'active', n: 0 });
    expect(update.invalidated).toEqual(['L1', 'L2', 'L3']);
  });

  it('promotes into the invalidated tiers, refilling them from below with every qualifying item in order', () => {
    const { tracker, items } = fourTiers();
    const update = tracker.update(items.map((i) => (i.key === 'b' ? item('b', 'b2') : i)));
    // L1 lost `b`: c (N ≥ 3) moves up into L1, d (N ≥ 3) too; L0 was untouched and keeps only `a`.
    expect(update.tiers).toEqual({ L0: ['a'], L1: ['c', 'd'], L2: [], L3: [], active: ['b'] });
    expect(update.promoted).toEqual([
      { key: 'c', from: 'L2', to: 'L1' },
      { key: 'd', from: 'L3', to: 'L1' },
    ]);
  });

  it('a removed item invalidates its tier like a change does', () => {
    const { tracker, items } = fourTiers();
    const update = tracker.update(items.filter((i) => i.key !== 'c'));
    expect(update.invalidated).toEqual(['L2', 'L3']);
    expect(update.tiers.L2).toEqual(['d']);
  });

  it('appending to L3 invalidates nothing: only the uncached active tier follows it', () => {
    const { tracker, items } = fourTiers();
    tracker.update([...items, item('e')]);
    const update = tracker.update([...items, item('e')]);
    expect(update.tiers.L3).toEqual(['d', 'e']);
    expect(update.invalidated).toEqual([]);
  });

  it('never places one item twice, and keeps history items in conversation order', () => {
    const tracker = new StabilityTracker({ L0: 8, L1: 6, L2: 4, L3: 2 });
    let items: TrackedItem[] = [item('panel:p')];
    for (let r = 0; r < 30; r++) {
      items = [item('panel:p', `v${Math.floor(r / 5)}`), ...Array.from({ length: r + 1 }, (_, i) => item(`history:${i}`, 'h', true))];
      const update = tracker.update(items);
      everyKeyOnce(update, items);
      const historyOrder = ALL_TIERS.flatMap((t) => update.tiers[t]).filter((k) => k.startsWith('history:'));
      expect(historyOrder).toEqual(items.filter((i) => i.ordered).map((i) => i.key));
    }
  });

  it('a rewritten history (compaction) moves later items down behind the earliest changed one', () => {
    const tracker = new StabilityTracker({ L0: 8, L1: 6, L2: 4, L3: 2 });
    const h = (i: number, hash = 'h'): TrackedItem => item(`history:${i}`, hash, true);
    repeat(tracker, [h(0), h(1), h(2)], 4);
    const update = tracker.update([h(0, 'new'), h(1), h(2)]);
    expect(update.tiers.active).toEqual(['history:0', 'history:1', 'history:2']);
    expect(update.tiers.L3).toEqual([]);
  });

  it('refuses the same key twice in one request', () => {
    expect(() => new StabilityTracker().update([item('a'), item('a')])).toThrow(UsageError);
  });
});
