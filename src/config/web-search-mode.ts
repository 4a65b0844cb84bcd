// How the web search tool is offered, as both Codex generations resolve it (found by differential
// testing): `web_search = "disabled" | "cached" | "live"` decides; else the older switches ask for it
// (`[features] web_search_request` or `[tools] web_search = true`: live; `[features]
// web_search_cached`: cached); else it follows the sandbox: live only when commands run without one.
import type { ConfigToml } from '../../protocol/config.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';

export type WebSearchMode = 'disabled' | 'cached' | 'live';

/** The mode the config sets, undefined when it leaves it to the sandbox (which a turn may change). */
export function configuredWebSearchMode(config: Pick<ConfigToml, 'web_search' | 'features' | 'tools'>): WebSearchMode | undefined {
  if (config.web_search !== undefined) return config.web_search;
  if (config.features?.web_search_request === true || config.tools?.web_search === true) return 'live';
  if (config.features?.web_search_cached === true) return 'cached';
  return undefined;
}

export function webSearchMode(configured: WebSearchMode | undefined, sandbox: SandboxPolicy): WebSearchMode {
  return configured ?? (sandbox.type === 'danger-full-access' ? 'live' : 'cached');
}
