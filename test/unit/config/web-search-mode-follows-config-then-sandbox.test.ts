// The web search tool as the Codex generations offer it (seen by differential testing). Both:
// `web_search = "disabled"` leaves it out, `"live"` turns live access on, and without a setting it is
// live only without a sandbox. Codex 0.98 also holds `"cached"` without a sandbox and honours the
// older switches; Codex 0.169 treats `"cached"` as the default, keeps only
// `[features] web_search_request`, and adds `"indexed"`, which Codex 0.98 refuses.
import { describe, expect, it } from 'vitest';
import type { ConfigToml } from '../../../protocol/config.js';
import type { ToolSpec } from '../../../protocol/responses-request.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { configuredWebSearchMode, WEB_SEARCH_RULES_0_169, WEB_SEARCH_RULES_0_98, type WebSearchRules } from '../../../src/config/web-search-mode.js';
import { toolsForTurn } from '../../../src/prompt/tools-for-turn.js';
import { syntheticModel } from '../../support/packs.js';

const packTools: ToolSpec[] = [{ type: 'function', name: 'exec_command' }, { type: 'web_search', external_web_access: false }];
const full: SandboxPolicy = { type: 'danger-full-access' };
const readOnly: SandboxPolicy = { type: 'read-only' };
const LIVE = { type: 'web_search', external_web_access: true };
const CACHED = { type: 'web_search', external_web_access: false };

function webSearch(rules: WebSearchRules, config: ConfigToml, sandbox: SandboxPolicy): ToolSpec | 'absent' {
  const mode = configuredWebSearchMode(config, rules);
  const tools = toolsForTurn(packTools, { sandbox, model: syntheticModel(), ...(mode ? { webSearch: mode } : {}) });
  return tools.find((t) => t.type === 'web_search') ?? 'absent';
}

describe.each([
  ['codex-0.98', WEB_SEARCH_RULES_0_98],
  ['codex-0.169', WEB_SEARCH_RULES_0_169],
])('web search mode (%s)', (_name, rules) => {
  it('follows the sandbox when nothing is configured', () => {
    expect(webSearch(rules, {}, full)).toEqual(LIVE);
    expect(webSearch(rules, {}, readOnly)).toEqual(CACHED);
  });

  it('leaves the tool out when disabled and goes live when live', () => {
    expect(webSearch(rules, { web_search: 'disabled' }, full)).toBe('absent');
    expect(webSearch(rules, { web_search: 'live' }, readOnly)).toEqual(LIVE);
    expect(webSearch(rules, { features: { web_search_request: true } }, readOnly)).toEqual(LIVE);
  });
});

describe('where the generations differ', () => {
  it('codex-0.98 holds cached without a sandbox and honours every older switch', () => {
    expect(webSearch(WEB_SEARCH_RULES_0_98, { web_search: 'cached' }, full)).toEqual(CACHED);
    expect(webSearch(WEB_SEARCH_RULES_0_98, { features: { web_search_cached: true } }, full)).toEqual(CACHED);
    expect(webSearch(WEB_SEARCH_RULES_0_98, { tools: { web_search: true } }, readOnly)).toEqual(LIVE);
    expect(webSearch(WEB_SEARCH_RULES_0_98, { tools: { web_search: false } }, full)).toEqual(LIVE);
  });

  it('codex-0.169 treats cached as the default and ignores web_search_cached and [tools] web_search', () => {
    expect(webSearch(WEB_SEARCH_RULES_0_169, { web_search: 'cached' }, full)).toEqual(LIVE);
    expect(webSearch(WEB_SEARCH_RULES_0_169, { features: { web_search_cached: true } }, full)).toEqual(LIVE);
    expect(webSearch(WEB_SEARCH_RULES_0_169, { tools: { web_search: true } }, readOnly)).toEqual(CACHED);
  });

  it('codex-0.169 has "indexed": live access with indexed access too; codex-0.98 refuses the value at start', async () => {
    expect(webSearch(WEB_SEARCH_RULES_0_169, { web_search: 'indexed' }, readOnly)).toEqual({ ...LIVE, indexed_web_access: true });
    const { refuseRetiredSettings } = await import('../../../src/config/retired-settings.js');
    const { PROFILE_FACTS } = await import('../../../src/profile/profile-facts.js');
    expect(() => refuseRetiredSettings(PROFILE_FACTS['codex-0.98'].retiredSettings, 'codex-0.98', { web_search: 'indexed' }, '/h/config.toml')).toThrow(/web_search = "indexed"/);
    expect(() => refuseRetiredSettings(PROFILE_FACTS['codex-0.169'].retiredSettings, 'codex-0.169', { web_search: 'indexed' }, '/h/config.toml')).not.toThrow();
  });
});
