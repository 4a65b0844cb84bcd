// A thread's prompt shaping, one request at a time: refresh the context panels, detach old history
// into frozen history panels, lay the panels and the conversation out by the chosen strategy, and
// account for what the provider's prefix cache can reuse. Stateful (the previous request's panel
// hashes, the tier tracker, what was detached), so there is one shaper per thread.
//
// Strategies:
// - `naive`: panels in registration order, then the footer, then the conversation.
// - `refresh-sorted` (seed 000, the default): panels oldest refresh first.
// - `tiers` (seed 003): panels and history units placed in stability tiers L0–L3 (each tier's last
//   item is an Anthropic cache breakpoint), then the active history, the active panels, the footer
//   and the newest history unit.
// The footer follows the last panel (there is none when there are no panels); on Anthropic the
// repeated instructions follow it, except under tiers, where they are tracked like an item.
import type { WireApi } from '../../protocol/config.js';
import type { ResponseItem } from '../../protocol/responses-items.js';
import { PackError } from '../errors.js';
import type { PackDirs } from '../pack/load-pack.js';
import { estimateItemsTokens, tokensForBytes, utf8ByteLength } from '../history/token-estimate.js';
import { accountPanelCache, DEFAULT_CACHE_PRICING, type CachePricing, type PanelCacheReport, type RenderedPanel } from '../assembly/panels/panel-cache.js';
import { DEFAULT_DETACH_THRESHOLDS, findDetachPoint, historyTranscript, type DetachThresholds } from '../assembly/panels/detach-history.js';
import { footerItems, panelItems, seedItems } from '../assembly/panels/panel-items.js';
import { sortByRefresh, type Panel, type PanelRegistry } from '../assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../assembly/panels/panel-texts.js';
import { contentHash, historyUnits, type HistoryUnit } from '../assembly/tiers/history-units.js';
import { ALL_TIERS, CACHED_TIERS, StabilityTracker, type CachedTier, type Tier, type TierMove, type TierThresholds, type TrackedItem } from '../assembly/tiers/stability-tracker.js';
import type { Prompt } from './prompt.js';

export type LayoutStrategy = 'naive' | 'refresh-sorted' | 'tiers';

export interface PromptShapingOptions {
  /** The panels shown on every request (shared by the threads that use these options). */
  readonly panels?: PanelRegistry;
  /** Default `refresh-sorted`. */
  readonly strategy?: LayoutStrategy;
  readonly tierThresholds?: Partial<TierThresholds>;
  /** Detaching old history into panels: on by default when `panels` is given; false turns it off. */
  readonly detach?: Partial<DetachThresholds> | false;
  readonly pricing?: CachePricing;
  readonly now?: () => number;
  /** The name of the n-th history panel; default `history <first>..<last>` (item positions). */
  readonly historyPanelHeader?: (n: number, first: number, last: number) => string;
  /** Called once per request with what was laid out and what the cache could reuse. */
  readonly onReport?: (report: ShapeReport) => void;
}

export interface ShapeReport {
  /** 1-based request number within the thread. */
  readonly request: number;
  readonly strategy: LayoutStrategy;
  readonly wire: WireApi;
  readonly panels: PanelCacheReport;
  readonly tiers?: {
    readonly sizes: Readonly<Record<Tier, number>>;
    readonly invalidated: readonly CachedTier[];
    readonly promoted: readonly TierMove[];
    readonly demoted: readonly TierMove[];
  };
  /** History panels made at this request, with the number of items each took. */
  readonly detached: readonly { readonly panelId: string; readonly items: number }[];
  readonly warnings: readonly string[];
}

export interface ShapedPrompt {
  readonly prompt: Prompt;
  /** Input indices of each non-empty cached tier's last item (Anthropic cache breakpoints). */
  readonly breakpoints: readonly number[];
  readonly report: ShapeReport;
}

type Slot = { kind: 'panel'; panel: Panel } | { kind: 'history'; items: readonly ResponseItem[] };

export class PromptShaper {
  readonly strategy: LayoutStrategy;
  readonly #options: PromptShapingOptions;
  readonly #loadTexts: () => Promise<PanelTexts | undefined>;
  readonly #now: () => number;
  readonly #detachThresholds: DetachThresholds | undefined;
  readonly #tracker: StabilityTracker;
  #texts: Promise<PanelTexts | undefined> | undefined;
  #requests = 0;
  #previousHashes: string[] | undefined;
  #detachedCount = 0;
  /** Content hash of the repeated instructions (Anthropic wire under tiers), while they are tracked. */
  #seedHash: string | undefined;
  #detachedHash = '';
  #historyPanels: Panel[] = [];
  /** N each history panel starts with in the tier tracker: that of the messages it replaced. */
  readonly #historyPanelN = new Map<string, number>();

  constructor(options: PromptShapingOptions, loadTexts: () => Promise<PanelTexts | undefined>) {
    this.#options = options;
    this.#loadTexts = loadTexts;
    this.strategy = options.strategy ?? 'refresh-sorted';
    this.#now = options.now ?? Date.now;
    const detach = options.detach ?? (options.panels ? {} : false);
    this.#detachThresholds = detach === false ? undefined : { ...DEFAULT_DETACH_THRESHOLDS, ...detach };
    this.#tracker = new StabilityTracker(options.tierThresholds);
  }

  async shape(prompt: Prompt, wire: WireApi): Promise<ShapedPrompt> {
    const request = ++this.#requests;
    const warnings = this.#options.panels ? await this.#options.panels.refresh() : [];
    const registered = this.#options.panels?.list() ?? [];
    const detached = this.#detach(prompt.input, registered);
    const live = prompt.input.slice(this.#detachedCount);
    const panels = [...registered, ...this.#historyPanels];
    const texts = panels.length > 0 ? await this.#requireTexts() : undefined;
    const ordered = this.strategy === 'naive' ? panels : sortByRefresh(panels);

    const input: ResponseItem[] = [];
    const breakpoints: number[] = [];
    const rendered: RenderedPanel[] = [];
    const emit = (slot: Slot): void => {
      if (slot.kind === 'history') {
        input.push(...slot.items);
        return;
      }
      if (!texts) return;
      const items = panelItems(slot.panel, texts, { leading: rendered.length === 0 });
      input.push(...items);
      rendered.push({ id: slot.panel.id, hash: contentHash(items), tokens: estimateItemsTokens(items) });
    };
    // On the Anthropic wire the instructions are repeated after the panels. Under tiers the pair is
    // tracked like any item (it rarely changes, so it settles in a cached tier) instead of following
    // the footer, whose timestamp keeps everything after it out of the cache.
    const seed = wire === 'anthropic' && texts && panels.length > 0 ? seedItems(texts, prompt.instructions) : undefined;
    const closePanels = (withSeed: boolean): void => {
      if (!texts || rendered.length === 0) return;
      input.push(...footerItems(texts, this.#now()));
      if (withSeed && seed) input.push(...seed);
    };

    let tiers: ShapeReport['tiers'];
    if (this.strategy !== 'tiers') {
      for (const panel of ordered) emit({ kind: 'panel', panel });
      // The footer carries the current time: the last panel is as far as the cache can reach.
      if (this.strategy === 'refresh-sorted' && rendered.length > 0) breakpoints.push(input.length - 1);
      closePanels(true);
      input.push(...live);
    } else {
      const slots = new Map<string, Slot>();
      for (const panel of ordered) slots.set(panelKey(panel), { kind: 'panel', panel });
      const units = historyUnits(live, this.#detachedCount);
      for (const unit of units) slots.set(unit.key, { kind: 'history', items: unit.items });
      if (seed) slots.set(SEED_KEY, { kind: 'history', items: seed });
      this.#seedHash = seed ? contentHash(seed) : undefined;
      const tracked = this.#tracked(ordered, units, texts, seed);
      const update = this.#tracker.update(tracked);
      for (const tier of CACHED_TIERS) {
        const keys = update.tiers[tier];
        for (const key of keys) emitKey(slots, key, emit);
        if (keys.length > 0) breakpoints.push(input.length - 1);
      }
      // The active tier by volatility (seed 003 ends with what changes each request): conversation
      // first, since it is append-only and the next request still matches through it; then the
      // panels, the repeated instructions and the timestamped footer; the newest history unit (the
      // user's message or the results the model answers) stays last.
      const active = update.tiers.active;
      const conversation = new Set(tracked.filter((i) => i.ordered).map((i) => i.key));
      const newest = units.at(-1)?.key;
      const held = newest !== undefined && active.includes(newest) ? newest : undefined;
      for (const key of active) if (conversation.has(key) && key !== held) emitKey(slots, key, emit);
      for (const key of active) if (!conversation.has(key) && key !== SEED_KEY) emitKey(slots, key, emit);
      if (active.includes(SEED_KEY)) emitKey(slots, SEED_KEY, emit);
      closePanels(false);
      if (held) emitKey(slots, held, emit);
      const sizes = Object.fromEntries(ALL_TIERS.map((t) => [t, update.tiers[t].length])) as Record<Tier, number>;
      tiers = { sizes, invalidated: update.invalidated, promoted: update.promoted, demoted: update.demoted };
    }

    const cache = accountPanelCache(this.#previousHashes, rendered, this.#options.pricing ?? DEFAULT_CACHE_PRICING);
    this.#previousHashes = rendered.map((r) => r.hash);
    const report: ShapeReport = { request, strategy: this.strategy, wire, panels: cache, ...(tiers ? { tiers } : {}), detached, warnings };
    this.#options.onReport?.(report);
    return { prompt: { ...prompt, input }, breakpoints, report };
  }

  async #requireTexts(): Promise<PanelTexts> {
    this.#texts ??= this.#loadTexts();
    const texts = await this.#texts;
    if (!texts) {
      throw new PackError('context panels need the pack texts panels/*.md (weft\'s own pack has them; the Codex pack does not): load a pack that has them, or register no panels');
    }
    return texts;
  }

  /** Freezes every chunk that meets the thresholds; starts over when the history was rewritten. */
  #detach(history: readonly ResponseItem[], registered: readonly Panel[]): { panelId: string; items: number }[] {
    const thresholds = this.#detachThresholds;
    if (!thresholds) return [];
    if (this.#detachedCount > 0 && (history.length < this.#detachedCount || contentHash(history.slice(0, this.#detachedCount)) !== this.#detachedHash)) {
      this.#detachedCount = 0;
      this.#historyPanels = [];
      this.#historyPanelN.clear();
    }
    const made: { panelId: string; items: number }[] = [];
    for (;;) {
      const live = history.slice(this.#detachedCount);
      const cut = findDetachPoint(live, thresholds);
      if (cut === undefined || !this.#detachNow(live, registered, thresholds)) break;
      const n = this.#historyPanels.length + 1;
      const first = this.#detachedCount + 1;
      const last = this.#detachedCount + cut;
      const panel: Panel = {
        id: `history-${n}`,
        header: this.#options.historyPanelHeader?.(n, first, last) ?? `history ${first}..${last}`,
        content: historyTranscript(live.slice(0, cut)),
        lastRefreshMs: this.#now(),
      };
      this.#historyPanels.push(panel);
      this.#historyPanelN.set(panel.id, this.#tracker.stateOf(`history:${this.#detachedCount}`)?.n ?? 0);
      this.#detachedCount += cut;
      made.push({ panelId: panel.id, items: cut });
    }
    if (made.length > 0) this.#detachedHash = contentHash(history.slice(0, this.#detachedCount));
    return made;
  }

  /**
   * With tiers, the oldest history sits in the most stable tier, and detaching it rewrites that tier
   * and every one after it. So the cut waits for a request that loses that part of the cache anyway
   * (a panel there changed), unless the live conversation has grown to four times what the
   * thresholds ask for. The history panel then starts with the stability of the messages it
   * replaces, so it lands in the tier being rewritten. Other strategies cut as soon as the
   * thresholds hold.
   */
  /**
   * What the tier tracker sees: the panels, the repeated instructions when tracked, the history; with
   * the texts, each with what it adds to the request.
   */
  #tracked(panels: readonly Panel[], units: readonly HistoryUnit[], texts?: PanelTexts, seed?: readonly ResponseItem[]): TrackedItem[] {
    const items = trackedItems(panels, units, this.#historyPanelN, texts);
    if (this.#seedHash !== undefined) items.splice(panels.length, 0, { key: SEED_KEY, hash: this.#seedHash, ...(seed ? { tokens: sentTokens(seed) } : {}) });
    return items;
  }

  #detachNow(live: readonly ResponseItem[], registered: readonly Panel[], t: DetachThresholds): boolean {
    if (this.strategy !== 'tiers') return true;
    const first = this.#tracker.stateOf(`history:${this.#detachedCount}`);
    if (!first || first.tier === 'active') return true;
    const panels = [...registered, ...this.#historyPanels];
    const units = historyUnits(live, this.#detachedCount);
    if (this.#tracker.wouldInvalidateThrough(first.tier, this.#tracked(panels, units))) return true;
    const messages = live.filter((i) => i.type !== 'reasoning');
    const f = DEFERRED_DETACH_FACTOR;
    return messages.length >= f * (t.chunkMinMessages + t.keepMinMessages) && estimateItemsTokens(messages) >= f * (t.chunkMinTokens + t.keepMinTokens);
  }
}

/** How far past its thresholds the live conversation may grow while a tiered detachment waits. */
const DEFERRED_DETACH_FACTOR = 4;

/** History panels are conversation too: ordered, so they stay ahead of the live history they precede. */
function trackedItems(panels: readonly Panel[], units: readonly HistoryUnit[], initialN: ReadonlyMap<string, number>, texts?: PanelTexts): TrackedItem[] {
  return [
    ...panels.map((p) => {
      const n = initialN.get(p.id);
      return {
        key: panelKey(p),
        hash: contentHash([p.id, p.header, p.content, p.lastRefreshMs]),
        ...(initialN.has(p.id) ? { ordered: true } : {}),
        ...(n ? { initialN: n } : {}),
        ...(texts ? { tokens: sentTokens(panelItems(p, texts, { leading: false })) } : {}),
      };
    }),
    ...units.map((u) => ({ key: u.key, hash: contentHash(u.items), ordered: true, tokens: sentTokens(u.items) })),
  ];
}

/**
 * Tokens the items add to a request as sent (their JSON), which is what a prefix cache compares;
 * unlike the compaction estimate, encrypted reasoning counts at its full length.
 */
function sentTokens(items: readonly ResponseItem[]): number {
  return tokensForBytes(utf8ByteLength(JSON.stringify(items)));
}

/** The tracked key of the repeated instructions (Anthropic wire, tiers strategy). */
const SEED_KEY = 'seed:instructions';

function panelKey(panel: Panel): string {
  return `panel:${panel.id}`;
}

function emitKey(slots: ReadonlyMap<string, Slot>, key: string, emit: (slot: Slot) => void): void {
  const slot = slots.get(key);
  if (slot) emit(slot);
}

/** A shaper for one thread, reading panel texts from the pack in `packDir`; none without options. */
export function createPromptShaper(options: PromptShapingOptions | undefined, packDir: PackDirs): PromptShaper | undefined {
  return options ? new PromptShaper(options, () => loadPanelTexts(packDir)) : undefined;
}
