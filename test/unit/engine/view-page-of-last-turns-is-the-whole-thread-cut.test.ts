// The viewer works out only what a page asks for (the last turns' items and requests, a range of
// requests): what it gives must be exactly that part of the whole thread, compositions and stable
// prefixes included, whichever parts were asked for first.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { viewApiFor } from '../../../src/view/view-session.js';
import { generateRollout } from '../../../scripts/bench/generate-rollout.js';

interface Page {
  thread: { turnCount: number; fromTurn: number; requestCount: number; items: { turn: number }[]; requests: { index: number; turn: number }[] };
}

async function apiOver(home: string) {
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
  return viewApiFor(weft);
}

describe('weft view, a long thread', () => {
  it('gives for its last turns, and for any range of requests, exactly that part of the whole thread', async () => {
    const home = await mkdtemp(join(tmpdir(), 'weft-view-lazy-'));
    const { id } = await generateRollout(home, 1200 * 1024, { compactEvery: 4 });

    // Parts first, in a fresh server: nothing of the earlier turns was worked out before.
    const lazy = await apiOver(home);
    const last = (await lazy.thread(id, 3)).json as Page;
    const range = (await lazy.requests(id, 2, 3)).json as { requests: unknown[] };
    const whole = (await (await apiOver(home)).thread(id)).json as Page;

    const turns = whole.thread.turnCount;
    expect(turns).toBeGreaterThan(10);
    expect(last.thread.turnCount).toBe(turns);
    expect(last.thread.fromTurn).toBe(turns - 2);
    expect(last.thread.requestCount).toBe(whole.thread.requestCount);
    expect(last.thread.items).toEqual(whole.thread.items.filter((i) => i.turn >= turns - 2));
    expect(last.thread.requests).toEqual(whole.thread.requests.filter((r) => r.turn >= turns - 2));
    const wholeRange = (await (await apiOver(home)).requests(id)).json as { requests: unknown[] };
    expect(range.requests).toEqual(wholeRange.requests.slice(2, 5));
    expect((await lazy.request(id, -1)).status).toBe(404);
    expect((await lazy.request(id, whole.thread.requestCount)).status).toBe(404);
  });
});
