// Stability tiers (seed 003). Every item of the prompt prefix (a panel, a history unit) carries a
// content hash and N, the number of consecutive requests it came back unchanged. Items live in the
// uncached `active` tier or in one of four cached tiers, L0 (most stable, first in the prompt) to L3,
// each entered once N reaches its threshold (defaults L0 12, L1 9, L2 6, L3 3).
//
// Providers cache prefixes, so the rules keep as much of the previous request's prefix as they can:
// - A changed item is demoted to `active` with N = 0; a removed or changed item invalidates its
//   tier, and with it every tier after it (their bytes now follow different bytes).
// - Items are promoted only into tiers already invalidated this request (an empty tier has nothing
//   to lose and counts as invalidated): from the first such tier down, tiers are refilled with every
//   item whose N qualifies, keeping their order, so bytes that did not change stay in place.
// - In a rebuilt tier, items that never changed come before items that did: when a changeable one
//   changes again, only what follows it is lost.
// - With nothing invalidated, items reaching the L3 threshold are appended to the end of L3; only the
//   active tier follows it. The active tier starts with the conversation (append-only, so a prefix
//   cache still reuses it), then the panels: appending history moves nothing, appending a panel
//   moves the conversation ahead of it, so such appends wait while that would cost more than
//   waiting has so far.
// - A panel that has changed before and is smaller than what the conversation adds per request stays
//   active: in a cached tier, every newer history item ends up behind it and is lost at its next
//   change; active, only the panel itself is sent again, behind the growing history.
// - Each key is in exactly one tier. Items marked `ordered` (conversation history) keep their input
//   order across the whole layout: a later one is never in an earlier tier than an earlier one.
import { UsageError } from '../../errors.js';

export type CachedTier = 'L0' | 'L1' | 'L2' | 'L3';
export type Tier = CachedTier | 'active';
export const CACHED_TIERS: readonly CachedTier[] = ['L0', 'L1', 'L2', 'L3'];
export const ALL_TIERS: readonly Tier[] = [...CACHED_TIERS, 'active'];

export type TierThresholds = Readonly<Record<CachedTier, number>>;
export const DEFAULT_TIER_THRESHOLDS: TierThresholds = { L0: 12, L1: 9, L2: 6, L3: 3 };

export interface TrackedItem {
  readonly key: string;
  readonly hash: string;
  /** Conversation items: their relative order is part of their meaning. */
  readonly ordered?: boolean;
  /**
   * N of a new item that replaces content already in the prompt (history frozen into a panel keeps
   * the stability of the messages it stands for). Default 0.
   */
  readonly initialN?: number;
  /** What the item adds to a request, in tokens; weighs moves against losses. Default 0. */
  readonly tokens?: number;
}

export interface TierMove {
  readonly key: string;
  readonly from: Tier;
  readonly to: Tier;
}

export interface TierUpdate {
  /** Keys per tier, in prompt order. `active`: conversation, then the other items (input order). */
  readonly tiers: Readonly<Record<Tier, readonly string[]>>;
  /** Cached tiers that held something and whose previous bytes are no longer where they were. */
  readonly invalidated: readonly CachedTier[];
  readonly promoted: readonly TierMove[];
  readonly demoted: readonly TierMove[];
}

interface Entry {
  hash: string;
  n: number;
  tier: Tier;
  /** How often this item changed while tracked. */
  changes: number;
  tokens: number;
  ordered: boolean;
}

const rank = (tier: Tier): number => ALL_TIERS.indexOf(tier);

export function resolveTierThresholds(over: Partial<TierThresholds> = {}): TierThresholds {
  const t = { ...DEFAULT_TIER_THRESHOLDS, ...over };
  if (!(t.L0 > t.L1 && t.L1 > t.L2 && t.L2 > t.L3 && t.L3 >= 1) || !CACHED_TIERS.every((k) => Number.isInteger(t[k]))) {
    throw new UsageError(`tier thresholds must be integers with L0 > L1 > L2 > L3 >= 1 (got L0 ${t.L0}, L1 ${t.L1}, L2 ${t.L2}, L3 ${t.L3})`);
  }
  return t;
}

export class StabilityTracker {
  readonly thresholds: TierThresholds;
  readonly #entries = new Map<string, Entry>();
  #order: Record<CachedTier, string[]> = { L0: [], L1: [], L2: [], L3: [] };
  /** Tokens of new conversation items over the requests after the first, and those requests. */
  #growth = { tokens: 0, requests: 0 };
  #started = false;
  /** Tokens sent again, uncached, since the last append because the items waiting for L3 waited. */
  #waited = 0;

  constructor(thresholds: Partial<TierThresholds> = {}) {
    this.thresholds = resolveTierThresholds(thresholds);
  }

  /** The tier and N of a key after the last update. */
  stateOf(key: string): { tier: Tier; n: number } | undefined {
    const e = this.#entries.get(key);
    return e ? { tier: e.tier, n: e.n } : undefined;
  }

  /**
   * Would these items (the next request's) change or drop anything cached in `tier` or before it?
   * Lets a caller time a rewrite it has to make anyway (detaching history) for when that part of
   * the cache is lost regardless.
   */
  wouldInvalidateThrough(tier: Tier, items: readonly TrackedItem[]): boolean {
    const next = new Map(items.map((i) => [i.key, i.hash]));
    const limit = rank(tier);
    for (const [key, e] of this.#entries) {
      if (e.tier === 'active' || rank(e.tier) > limit) continue;
      if (next.get(key) !== e.hash) return true;
    }
    return false;
  }

  /** One request's items, in their natural order (panels, then history). */
  update(items: readonly TrackedItem[]): TierUpdate {
    const byKey = new Map<string, TrackedItem>();
    for (const item of items) {
      if (byKey.has(item.key)) throw new UsageError(`tier tracking: key '${item.key}' appears twice in one request`);
      byKey.set(item.key, item);
    }
    const before = { L0: [...this.#order.L0], L1: [...this.#order.L1], L2: [...this.#order.L2], L3: [...this.#order.L3] };
    const broken = new Set<CachedTier>();
    const promoted: TierMove[] = [];
    const demoted: TierMove[] = [];

    for (const tier of CACHED_TIERS) {
      const kept = this.#order[tier].filter((key) => byKey.has(key));
      if (kept.length !== this.#order[tier].length) broken.add(tier);
      this.#order[tier] = kept;
    }
    for (const key of [...this.#entries.keys()]) if (!byKey.has(key)) this.#entries.delete(key);

    let fresh = 0;
    for (const item of items) {
      const e = this.#entries.get(item.key);
      if (!e) {
        // History replacing what was already sent (initialN) is not growth.
        if (item.ordered && item.initialN === undefined) fresh += item.tokens ?? 0;
        this.#entries.set(item.key, { hash: item.hash, n: item.initialN ?? 0, tier: 'active', changes: 0, tokens: 0, ordered: false });
      } else if (e.hash !== item.hash) {
        if (e.tier !== 'active') {
          broken.add(e.tier);
          this.#order[e.tier] = this.#order[e.tier].filter((k) => k !== item.key);
          demoted.push({ key: item.key, from: e.tier, to: 'active' });
        }
        Object.assign(e, { hash: item.hash, n: 0, tier: 'active' as Tier, changes: e.changes + 1 });
      } else {
        e.n += 1;
      }
      Object.assign(this.#entry(item.key), { tokens: item.tokens ?? 0, ordered: item.ordered === true });
    }
    // The first request brings the whole history at once (a resumed thread): not a per-request rate.
    if (this.#started) this.#growth = { tokens: this.#growth.tokens + fresh, requests: this.#growth.requests + 1 };
    this.#started = true;

    // A tier is open to promotions when its cached content is lost anyway: it changed this request,
    // or it holds nothing. Opening one reopens every tier after it (their bytes move).
    const active = items.filter((i) => this.#entry(i.key).tier === 'active' && this.#settles(i.key)).map((i) => i.key);
    const first = CACHED_TIERS.findIndex((t) => broken.has(t) || this.#order[t].length === 0);
    if (first >= 0) {
      const refill = CACHED_TIERS.slice(first);
      let pool = [...refill.slice(1).flatMap((t) => this.#order[t]), ...active];
      for (const t of refill.slice(1)) this.#order[t] = [];
      for (const tier of refill) {
        const qualified = pool.filter((key) => this.#entry(key).n >= this.thresholds[tier]);
        // Items that never changed go first in a rebuilt tier: when one that did changes again,
        // only what follows it is lost, and that is then least.
        const take = [...qualified.filter((k) => this.#entry(k).changes === 0), ...qualified.filter((k) => this.#entry(k).changes > 0)];
        const taken = new Set(take);
        pool = pool.filter((key) => !taken.has(key));
        this.#place(take, tier, promoted);
      }
      this.#waited = 0;
    } else {
      const waiting = this.#activeOrder(items).filter((key) => this.#settles(key) && this.#entry(key).n >= this.thresholds.L3);
      if (waiting.length > 0) this.#place(this.#appended(items, waiting), 'L3', promoted);
    }

    this.#keepConversationOrder(items, demoted);
    const tiers = { ...this.#order, active: this.#activeOrder(items) };
    return { tiers, invalidated: invalidatedTiers(before, this.#order), promoted, demoted };
  }

  /** Whether the item may enter a cached tier at all (see the header). */
  #settles(key: string): boolean {
    const e = this.#entry(key);
    const perRequest = this.#growth.requests > 0 ? this.#growth.tokens / this.#growth.requests : 0;
    return e.ordered || e.changes === 0 || e.tokens >= perRequest;
  }

  /**
   * Active keys in input order: the conversation first (it only grows, so it never invalidates what
   * follows it in the cache), then the other items, those that will settle in a cached tier first, so
   * that appending one moves none of those that stay active.
   */
  #activeOrder(items: readonly TrackedItem[]): string[] {
    const keys = items.map((i) => i.key).filter((key) => this.#entry(key).tier === 'active');
    const others = keys.filter((key) => !this.#entry(key).ordered);
    return [...keys.filter((key) => this.#entry(key).ordered), ...others.filter((key) => this.#settles(key)), ...others.filter((key) => !this.#settles(key))];
  }

  /**
   * What to append to L3 of the waiting items. Those at the head of the active tier move nothing
   * and always go. Appending the others puts them ahead of active items that were still cached
   * (up to the first changed one, after which the cache is lost anyway): those are sent again. Left
   * waiting, they are sent again themselves. They go once waiting has cost as much as the move (the
   * rent-or-buy balance), which keeps either cost from running far past the other without guessing
   * what the conversation does next.
   */
  #appended(items: readonly TrackedItem[], waiting: readonly string[]): readonly string[] {
    const order = this.#activeOrder(items);
    const split = waiting.findIndex((key, i) => order[i] !== key);
    if (split < 0) return waiting;
    const head = waiting.slice(0, split);
    const rest = waiting.slice(split);
    const queued = new Set(rest);
    let moved = 0;
    for (const key of order.slice(split)) {
      const e = this.#entry(key);
      if (e.n === 0) break;
      if (!queued.has(key)) moved += e.tokens;
    }
    const weight = rest.reduce((sum, key) => sum + this.#entry(key).tokens, 0);
    if (this.#waited + weight >= moved) {
      this.#waited = 0;
      return waiting;
    }
    this.#waited += weight;
    return head;
  }

  #entry(key: string): Entry {
    const e = this.#entries.get(key);
    if (!e) throw new Error(`tier tracking: no entry for '${key}'`);
    return e;
  }

  /** Appends keys to a tier; none of them is in it yet (callers take them from lower tiers). */
  #place(keys: readonly string[], tier: CachedTier, promoted: TierMove[]): void {
    for (const key of keys) {
      const e = this.#entry(key);
      if (rank(tier) < rank(e.tier)) promoted.push({ key, from: e.tier, to: tier });
      e.tier = tier;
      this.#order[tier].push(key);
    }
  }

  /**
   * Only a rewritten history (compaction) can break the order; then later items follow the
   * earliest tier an earlier item is in, and ordered items are re-sorted within their tier.
   */
  #keepConversationOrder(items: readonly TrackedItem[], demoted: TierMove[]): void {
    const ordered = items.filter((i) => i.ordered);
    const position = new Map(ordered.map((item, i) => [item.key, i]));
    let floor = 0;
    for (const item of ordered) {
      const e = this.#entry(item.key);
      if (rank(e.tier) < floor) {
        const from = e.tier as CachedTier;
        const to = ALL_TIERS[floor] as Tier;
        this.#order[from] = this.#order[from].filter((k) => k !== item.key);
        if (to !== 'active') this.#order[to].push(item.key);
        e.tier = to;
        demoted.push({ key: item.key, from, to });
      }
      floor = Math.max(floor, rank(e.tier));
    }
    for (const tier of CACHED_TIERS) {
      const list = this.#order[tier];
      const slots = list.map((key, i) => (position.has(key) ? i : -1)).filter((i) => i >= 0);
      const sorted = slots.map((i) => list[i] as string).sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
      slots.forEach((slot, i) => (list[slot] = sorted[i] as string));
    }
  }
}

/**
 * Tiers that held something and whose bytes are no longer where they were: their key list is not
 * an extension of the previous one, or a tier before them changed or grew.
 */
function invalidatedTiers(before: Readonly<Record<CachedTier, readonly string[]>>, after: Readonly<Record<CachedTier, readonly string[]>>): CachedTier[] {
  const out: CachedTier[] = [];
  let shifted = false;
  for (const tier of CACHED_TIERS) {
    const b = before[tier];
    const a = after[tier];
    const extends_ = b.every((key, i) => a[i] === key);
    if (b.length > 0 && (shifted || !extends_)) out.push(tier);
    if (!extends_ || a.length !== b.length) shifted = true;
  }
  return out;
}
