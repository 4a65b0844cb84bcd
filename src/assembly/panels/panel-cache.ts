// Per-panel cache accounting (seed 000): each rendered panel's hash is compared with the previous
// request's list. Providers cache prompt prefixes, so a panel is a hit only when it and every panel
// before it sit where they sat last time with the same bytes; from the first difference on, all are
// misses. Costs are estimates from per-million-token prices.

export interface CachePricing {
  /** $ per million input tokens that are not served from the cache. */
  readonly inputPerMTok: number;
  /** $ per million input tokens read from the cache. */
  readonly cachedInputPerMTok: number;
}

/** A common price point (Anthropic Sonnet-class: $3 in, $0.30 cached); override with real prices. */
export const DEFAULT_CACHE_PRICING: CachePricing = { inputPerMTok: 3, cachedInputPerMTok: 0.3 };

export interface RenderedPanel {
  readonly id: string;
  readonly hash: string;
  readonly tokens: number;
}

export interface PanelCacheLine extends RenderedPanel {
  readonly position: number;
  readonly hit: boolean;
  readonly cost: number;
}

export interface PanelCacheReport {
  readonly panels: readonly PanelCacheLine[];
  readonly hits: number;
  readonly misses: number;
  readonly hitTokens: number;
  readonly missTokens: number;
  /** What the panels cost in this request. */
  readonly estimatedCost: number;
  /** What they would cost with no cache at all. */
  readonly uncachedCost: number;
}

export function accountPanelCache(
  previous: readonly string[] | undefined,
  current: readonly RenderedPanel[],
  pricing: CachePricing = DEFAULT_CACHE_PRICING,
): PanelCacheReport {
  let prefixIntact = previous !== undefined;
  const panels = current.map((panel, position): PanelCacheLine => {
    prefixIntact = prefixIntact && previous?.[position] === panel.hash;
    const price = prefixIntact ? pricing.cachedInputPerMTok : pricing.inputPerMTok;
    return { ...panel, position, hit: prefixIntact, cost: (panel.tokens * price) / 1e6 };
  });
  const hitLines = panels.filter((p) => p.hit);
  const missLines = panels.filter((p) => !p.hit);
  const sum = (lines: readonly PanelCacheLine[], f: (l: PanelCacheLine) => number): number => lines.reduce((n, l) => n + f(l), 0);
  return {
    panels,
    hits: hitLines.length,
    misses: missLines.length,
    hitTokens: sum(hitLines, (l) => l.tokens),
    missTokens: sum(missLines, (l) => l.tokens),
    estimatedCost: sum(panels, (l) => l.cost),
    uncachedCost: (sum(panels, (l) => l.tokens) * pricing.inputPerMTok) / 1e6,
  };
}
