import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../../src/profile/codex-0.169/merge-patch.js';
import { fragmentHash, worldState } from '../../../src/profile/codex-0.169/world-state.js';
import { turnSettings } from '../../support/packs.js';
import { loadPack0169, model0169, recordedPart, recordedRollout } from '../../support/codex-0169.js';

const recordedState = (scenario: string, n = 0) =>
  (recordedRollout(scenario).filter((l) => l.type === 'world_state')[n]?.payload as { full: boolean; state: Record<string, unknown> });

describe('world_state fingerprints', () => {
  it('hash a fragment as Codex does: role and text, each length-prefixed', () => {
    expect(fragmentHash('developer', recordedPart('basic', 1, 1))).toBe(
      (recordedState('basic').state.permissions as { instructions: string }).instructions,
    );
    expect(fragmentHash('developer', recordedPart('tool_call', 1, 1))).toBe(
      (recordedState('tool_call').state.permissions as { instructions: string }).instructions,
    );
    expect(fragmentHash('developer', recordedPart('app_plan_mode', 1, 2))).toBe(
      (recordedState('app_plan_mode').state.collaboration_mode as { instructions: string }).instructions,
    );
  });

  it('the snapshot of a read-only exec thread matches the recorded one, catalog fingerprint aside', async () => {
    const pack = await loadPack0169();
    const settings = turnSettings(model0169(pack, 'gpt-5.5'), {
      cwd: '{{REPO}}',
      approvalPolicy: 'never',
      skills: [],
      shell: 'bash',
      reasoningSummary: 'none',
    });
    const state = worldState(pack, { settings, multiAgentVersion: 'v1', toolNames: new Set() });
    const { model_catalog: _catalog, host_skills: _skills, environments: recordedEnv, ...recorded } = recordedState('model_switch').state;
    const { host_skills: _mine, environments: env, ...mine } = state;
    expect(mine).toEqual(recorded);
    expect({ ...(env as object), current_date: '{{CURRENT_DATE}}', timezone: '{{TIMEZONE}}' }).toEqual(recordedEnv);
  });

  it('a partial snapshot is the merge patch of what changed', () => {
    const before = { a: { mode: 'plan', model: 'm', instructions: 'h1' }, b: 1, gone: true };
    const after = { a: { mode: 'default', model: 'm', instructions: 'h2' }, b: 1 };
    expect(mergePatch(before, after)).toEqual({ gone: null, a: { mode: 'default', instructions: 'h2' } });
    expect(mergePatch(after, after)).toBeUndefined();
  });
});
