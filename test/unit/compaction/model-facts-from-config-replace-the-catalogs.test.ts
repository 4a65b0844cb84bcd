// config.toml's `model_context_window` replaces the catalog's window for the turn's model, so the
// automatic compaction limit (90% of it) and the window in token counts follow the config; and
// `model_verbosity` replaces its default verbosity, which a request carries only for a model that
// supports verbosity.
import { describe, expect, it } from 'vitest';
import { autoCompactTokenLimit } from '../../../src/compaction/compaction-trigger.js';
import { resolveTurnSettings } from '../../../src/config/resolve-settings.js';
import { renderResponsesBody } from '../../../src/prompt/responses.js';
import { effectiveContextWindow } from '../../../src/rollout/format/token-info.js';
import { syntheticModel } from '../../support/packs.js';

describe('model_context_window', () => {
  const base = { overrides: {}, catalog: [{ ...syntheticModel(), context_window: 200_000 }], fallbackModel: syntheticModel({ slug: '' }), cwd: '/repo', env: {}, userInstructions: undefined };

  it('replaces the catalog window, and the compaction limit and token-count window follow', () => {
    const settings = resolveTurnSettings({ ...base, config: { model_context_window: 50_000 } });
    expect(settings.model.context_window).toBe(50_000);
    expect(autoCompactTokenLimit(settings, undefined)).toBe(45_000);
    expect(effectiveContextWindow(settings.model)).toBe(47_500);
  });

  it('leaves the catalog window when absent', () => {
    const settings = resolveTurnSettings({ ...base, config: {} });
    expect(settings.model.context_window).toBe(200_000);
    expect(autoCompactTokenLimit(settings, undefined)).toBe(180_000);
  });
});

describe('model_verbosity', () => {
  const prompt = { instructions: '', input: [], tools: [], parallelToolCalls: false };
  const settingsFor = (support: boolean, config: { model_verbosity?: 'low' | 'medium' | 'high' }) =>
    resolveTurnSettings({ overrides: {}, config, catalog: [syntheticModel({ support_verbosity: support, default_verbosity: 'medium' })], fallbackModel: syntheticModel({ slug: '' }), cwd: '/repo', env: {}, userInstructions: undefined });

  it('replaces the default verbosity a request carries', () => {
    expect(renderResponsesBody(prompt, settingsFor(true, {}), { promptCacheKey: 't' }).text).toEqual({ verbosity: 'medium' });
    expect(renderResponsesBody(prompt, settingsFor(true, { model_verbosity: 'low' }), { promptCacheKey: 't' }).text).toEqual({ verbosity: 'low' });
  });

  it('is not sent to a model without verbosity support', () => {
    expect(renderResponsesBody(prompt, settingsFor(false, { model_verbosity: 'low' }), { promptCacheKey: 't' }).text).toBeUndefined();
  });
});
