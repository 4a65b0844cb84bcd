// What a codex-0.169 world_state snapshot says of a multi-agent v2 thread on a code-mode model, as
// the real Codex 0.169 writes it in the team session (cross-team-requests-codex-0.169): the base
// instructions its window holds and the usage hint it gave the agent, each by fingerprint, and no
// `tools` key when no tool is deferred.
import { describe, expect, it } from 'vitest';
import { fragmentHash, worldState } from '../../../src/profile/codex-0.169/world-state.js';
import { turnSettings } from '../../support/packs.js';
import { loadPack0169, model0169 } from '../../support/codex-0169.js';

describe('world_state of a multi-agent v2 thread (codex-0.169)', () => {
  it('fingerprints the window instructions and the usage hint, and leaves out empty deferred tools', async () => {
    const pack = await loadPack0169();
    const settings = turnSettings(model0169(pack, 'gpt-5.5'), { cwd: '/repo', skills: [], shell: 'bash', reasoningSummary: 'none' });
    const state = worldState(pack, { settings, multiAgentVersion: 'v2', toolNames: new Set(), windowInstructions: 'BASE', multiAgentUsageHint: 'HINT' });
    expect(state.model).toEqual({ model: 'gpt-5.5', instructions: fragmentHash('developer', 'BASE') });
    expect(state.multi_agent_mode).toEqual({ mode: 'explicitRequestOnly', usage_hint_hash: fragmentHash('developer', 'HINT') });
    expect(state.multi_agent_usage_hint).toBe(fragmentHash('developer', 'HINT'));
    expect('tools' in state).toBe(false);
    // In Codex's sorted key order.
    const keys = Object.keys(state);
    expect(keys).toEqual([...keys].sort());
  });

  it('a v1 thread names no mode and no hint', async () => {
    const pack = await loadPack0169();
    const settings = turnSettings(model0169(pack, 'gpt-5.5'), { cwd: '/repo', skills: [], shell: 'bash', reasoningSummary: 'none' });
    const state = worldState(pack, { settings, multiAgentVersion: 'v1', toolNames: new Set(), multiAgentUsageHint: 'HINT' });
    expect(state.multi_agent_mode).toEqual({});
    expect('multi_agent_usage_hint' in state).toBe(false);
    expect(state.model).toBe('gpt-5.5');
  });
});
