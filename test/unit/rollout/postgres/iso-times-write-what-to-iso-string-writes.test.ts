// The listing's update times are written by arithmetic, not Date#toISOString: the same text for every
// time, across days, leap years, the epoch, the end of year 9999 and beyond it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IsoTimes } from '../../../../src/rollout/postgres/iso-time.js';

describe('IsoTimes', () => {
  it('writes what toISOString writes for any millisecond', () => {
    const times = new IsoTimes();
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 8.64e15 }), (ms) => {
        expect(times.of(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges and neighbouring times of one day as toISOString does', () => {
    const times = new IsoTimes();
    const edges = [0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, 951_782_400_000, 253_402_300_799_999, 253_402_300_800_000, -1];
    for (const ms of edges) expect(times.of(ms)).toBe(new Date(ms).toISOString());
    for (let ms = 1_795_000_000_000; ms < 1_795_000_000_000 + 3 * 86_400_000; ms += 977_777) expect(times.of(ms)).toBe(new Date(ms).toISOString());
  });
});
