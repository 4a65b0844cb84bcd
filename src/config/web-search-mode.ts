// How the web search tool is offered, as the Codex generations resolve it (found by differential
// testing). `web_search = "disabled"` leaves the tool out and `"live"` turns live access on. Without
// a setting it follows the sandbox: live only when commands run without one. The generations differ
// on the rest: Codex 0.98 holds `"cached"` even without a sandbox and honours all the older switches
// (`[features] web_search_request` and `[tools] web_search = true`: live; `[features]
// web_search_cached`: cached); Codex 0.169 treats `"cached"` as the default, keeps only
// `[features] web_search_request`, and adds `"indexed"`: live access with indexed access too
// (Codex 0.98 refuses that value at start, and so does weft: its retired settings).
import type { ConfigToml } from '../../protocol/config.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';

export type WebSearchMode = 'disabled' | 'cached' | 'live' | 'indexed';

export interface WebSearchRules {
  /** `cached` holds even under danger-full-access (0.98); else it is the default, following the sandbox. */
  readonly cachedOverridesSandbox: boolean;
  /** Which older switches still count: all three (0.98), or only `[features] web_search_request`. */
  readonly olderSwitches: 'all' | 'request-only';
}

export const WEB_SEARCH_RULES_0_98: WebSearchRules = { cachedOverridesSandbox: true, olderSwitches: 'all' };
export const WEB_SEARCH_RULES_0_169: WebSearchRules = { cachedOverridesSandbox: false, olderSwitches: 'request-only' };

/** The mode the config sets, undefined when it leaves it to the sandbox (which a turn may change). */
export function configuredWebSearchMode(config: Pick<ConfigToml, 'web_search' | 'features' | 'tools'>, rules: WebSearchRules = WEB_SEARCH_RULES_0_98): WebSearchMode | undefined {
  const all = rules.olderSwitches === 'all';
  const mode =
    config.web_search ??
    (config.features?.web_search_request === true || (all && config.tools?.web_search === true)
      ? 'live'
      : all && config.features?.web_search_cached === true
        ? 'cached'
        : undefined);
  return mode === 'cached' && !rules.cachedOverridesSandbox ? undefined : mode;
}

export function webSearchMode(configured: WebSearchMode | undefined, sandbox: SandboxPolicy): WebSearchMode {
  return configured ?? (sandbox.type === 'danger-full-access' ? 'live' : 'cached');
}
