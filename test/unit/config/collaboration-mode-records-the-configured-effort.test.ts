// The default collaboration mode Codex records in each turn_context carries the configured reasoning
// effort (`model_reasoning_effort`, `-c`, a profile), null when none is configured; seen by
// differential testing against both Codex generations.
import { describe, expect, it } from 'vitest';
import { resolveTurnSettings } from '../../../src/config/resolve-settings.js';
import { syntheticModel } from '../../support/packs.js';

const base = { overrides: {}, catalog: [syntheticModel({ default_reasoning_level: 'medium' })], fallbackModel: syntheticModel({ slug: '' }), cwd: '/repo', env: {}, userInstructions: undefined };

describe('default collaboration mode', () => {
  it('carries the configured effort', () => {
    const s = resolveTurnSettings({ ...base, config: { model_reasoning_effort: 'high' } });
    expect(s.collaborationMode.settings.reasoning_effort).toBe('high');
  });

  it('carries an override over the config', () => {
    const s = resolveTurnSettings({ ...base, overrides: { reasoningEffort: 'low' }, config: { model_reasoning_effort: 'high' } });
    expect(s.collaborationMode.settings.reasoning_effort).toBe('low');
  });

  it('is null without one (not the model default)', () => {
    const s = resolveTurnSettings({ ...base, config: {} });
    expect(s.collaborationMode.settings.reasoning_effort).toBeNull();
  });
});
