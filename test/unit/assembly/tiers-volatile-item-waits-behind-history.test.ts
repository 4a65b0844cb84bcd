import { describe, expect, it } from 'vitest';
import { ALL_TIERS, StabilityTracker, type TierUpdate, type TrackedItem } from '../../../src/assembly/tiers/stability-tracker.js';

const panel = (key: string, hash: string, tokens: number): TrackedItem => ({ key, hash, tokens });
const history = (i: number, tokens: number): TrackedItem => ({ key: `history:${i}`, hash: `h${i}`, ordered: true, tokens });

/** Requests with a panel (its hash per request) and one new 500-token history item each. */
function session(tracker: StabilityTracker, requests: number, panelHash: (r: number) => string, panelTokens: number): TierUpdate[] {
  const updates: TierUpdate[] = [];
  for (let r = 0; r < requests; r++) {
    const items = [panel('panel:p', panelHash(r), panelTokens), ...Array.from({ length: r + 1 }, (_, i) => history(i, 500))];
    updates.push(tracker.update(items));
  }
  return updates;
}

describe('a panel that changes', () => {
  it('stays active, behind the cached history, while it is smaller than what the conversation adds per request', () => {
    const tracker = new StabilityTracker();
    // Changes at request 5, then stays unchanged for 15 requests.
    const updates = session(tracker, 20, (r) => (r < 5 ? 'v0' : 'v1'), 100);
    const last = updates.at(-1) as TierUpdate;
    expect(tracker.stateOf('panel:p')).toEqual({ tier: 'active', n: 14 });
    expect(last.tiers.L3.length).toBeGreaterThan(0);
    // History keeps settling in L3, ahead of the panel: its next change loses only itself.
    const cached = ALL_TIERS.filter((t) => t !== 'active').flatMap((t) => last.tiers[t]);
    expect(cached.every((k) => k.startsWith('history:'))).toBe(true);
  });

  it('still settles in L3 when it is larger than that: sending it again each request would cost more', () => {
    const tracker = new StabilityTracker();
    session(tracker, 20, (r) => (r < 5 ? 'v0' : 'v1'), 2_000);
    expect(tracker.stateOf('panel:p')?.tier).not.toBe('active');
  });

  it('never changed, it settles like any item, whatever its size', () => {
    const tracker = new StabilityTracker();
    session(tracker, 10, () => 'v0', 100);
    expect(tracker.stateOf('panel:p')?.tier).not.toBe('active');
  });
});

describe('appending to L3', () => {
  /**
   * Thresholds 4/3/2/1; `panels` panels of 300 tokens that changed once (at request 1), then one new
   * 500-token history item per request. Returns the requests that appended to L3.
   */
  function run(panels: number, requests: number): number[] {
    const tracker = new StabilityTracker({ L0: 4, L1: 3, L2: 2, L3: 1 });
    const appends: number[] = [];
    for (let r = 0; r < requests; r++) {
      const ps = Array.from({ length: panels }, (_, i) => panel(`panel:${i}`, r < 1 ? 'v0' : 'v1', 300));
      const update = tracker.update([...ps, ...Array.from({ length: r + 1 }, (_, i) => history(i, 500))]);
      if (update.invalidated.length === 0 && update.promoted.length > 0) appends.push(r);
      // Panels that stay active come after those about to settle; history never waits long.
      if (r >= 2) expect(update.tiers.active.slice(update.tiers.active.length - panels)).toEqual(ps.map((p) => p.key));
      if (r >= 3) expect(update.tiers.active).not.toContain(`history:${r - 3}`);
    }
    return appends.filter((r) => r >= 10);
  }

  it('happens each request when no unchanged active panel would move', () => {
    expect(run(0, 30)).toHaveLength(20);
  });

  it('of history happens each request even with unchanged panels active: they follow the history, nothing moves', () => {
    expect(run(3, 30)).toHaveLength(20);
  });

  it('of a panel behind active history waits while moving that history would cost more than waiting has', () => {
    // Thresholds 6/5/4/3; a 600-token panel changes at request 15; one new 500-token item per request.
    const tracker = new StabilityTracker({ L0: 6, L1: 5, L2: 4, L3: 3 });
    const entered: number[] = [];
    for (let r = 0; r < 24; r++) {
      const update = tracker.update([panel('panel:p', r < 15 ? 'v0' : 'v1', 600), ...Array.from({ length: r + 1 }, (_, i) => history(i, 500))]);
      if (r > 15 && update.promoted.some((m) => m.key === 'panel:p')) entered.push(r);
      // History reaching L3 goes at once: it is at the head of the active tier.
      if (r > 15) expect(update.promoted.map((m) => m.key)).toContain(`history:${r - 3}`);
    }
    // At 18 (N = 3) appending it would move two unchanged items (1000 tokens); it has waited 600.
    // At 19 it has waited 1200.
    expect(entered).toEqual([19]);
  });
});
