// The web search tool as Codex offers it (both generations, seen by differential testing):
// `web_search` decides (disabled: no tool; cached: no live access; live: live access), then the older
// switches (`[features] web_search_request` / `[tools] web_search = true`: live; `[features]
// web_search_cached`: cached), else live only without a sandbox.
import { describe, expect, it } from 'vitest';
import type { ConfigToml } from '../../protocol/config.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { configuredWebSearchMode } from '../../src/config/web-search-mode.js';
import { toolsForTurn } from '../../src/prompt/tools-for-turn.js';
import { syntheticModel } from '../support/packs.js';

const packTools: ToolSpec[] = [{ type: 'function', name: 'exec_command' }, { type: 'web_search', external_web_access: false }];
const full: SandboxPolicy = { type: 'danger-full-access' };
const readOnly: SandboxPolicy = { type: 'read-only' };

function webSearch(config: ConfigToml, sandbox: SandboxPolicy): ToolSpec | 'absent' {
  const mode = configuredWebSearchMode(config);
  const tools = toolsForTurn(packTools, { sandbox, model: syntheticModel(), ...(mode ? { webSearch: mode } : {}) });
  return tools.find((t) => t.type === 'web_search') ?? 'absent';
}

describe('web search mode', () => {
  it('follows the sandbox when nothing is configured', () => {
    expect(webSearch({}, full)).toEqual({ type: 'web_search', external_web_access: true });
    expect(webSearch({}, readOnly)).toEqual({ type: 'web_search', external_web_access: false });
  });

  it('takes web_search over the sandbox', () => {
    expect(webSearch({ web_search: 'live' }, readOnly)).toEqual({ type: 'web_search', external_web_access: true });
    expect(webSearch({ web_search: 'cached' }, full)).toEqual({ type: 'web_search', external_web_access: false });
    expect(webSearch({ web_search: 'disabled' }, full)).toBe('absent');
  });

  it('honours the older switches', () => {
    expect(webSearch({ features: { web_search_request: true } }, readOnly)).toEqual({ type: 'web_search', external_web_access: true });
    expect(webSearch({ tools: { web_search: true } }, readOnly)).toEqual({ type: 'web_search', external_web_access: true });
    expect(webSearch({ features: { web_search_cached: true } }, full)).toEqual({ type: 'web_search', external_web_access: false });
    expect(webSearch({ tools: { web_search: false } }, full)).toEqual({ type: 'web_search', external_web_access: true });
  });
});
