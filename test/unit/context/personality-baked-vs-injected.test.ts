import { beforeAll, describe, expect, it } from 'vitest';
import { modelInstructions } from '../../../src/context/base-instructions.js';
import { buildInitialContext } from '../../../src/profile/codex-0.98/initial-context.js';
import { hasBakedPersonality, personalityToInject, supportsPersonality } from '../../../src/context/personality.js';
import { fallbackModel } from '../../../src/config/fallback-model.js';
import { findModel } from '../../../src/config/resolve-settings.js';
import { FALLBACK_MODEL_098 } from '../../../src/profile/codex-0.98/fallback-model-facts.js';
import { messageText } from '../../../src/history/message.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { catalogModel, loadCodexPack, packWith, syntheticModel, turnSettings } from '../../support/packs.js';

const model = syntheticModel({
  model_messages: {
    instructions_template: 'T:{{ personality }}',
    instructions_variables: { personality_default: 'D', personality_friendly: 'F', personality_pragmatic: 'P' },
  },
});

describe('personality baked into the instructions', () => {
  it('is baked when the instructions equal the template rendered with the personality', () => {
    expect(hasBakedPersonality(model, 'T:F', 'friendly')).toBe(true);
    expect(personalityToInject(model, 'T:F', 'friendly', true)).toBeUndefined();
  });

  it('is not baked when the instructions were rendered with another personality', () => {
    expect(hasBakedPersonality(model, 'T:P', 'friendly')).toBe(false);
    expect(personalityToInject(model, 'T:P', 'friendly', true)).toBe('F');
  });

  it('adds no spec item to the initial context when baked', async () => {
    const pack = await loadCodexPack();
    const items = buildInitialContext(pack, turnSettings(model, { personality: 'pragmatic' }), 'T:P');
    expect(items.map((i) => messageText(i))).not.toContainEqual(expect.stringContaining('<personality_spec>'));
  });
});

describe('personality injected as a spec message', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await loadCodexPack();
  });

  it('is injected when the instructions differ from the template (an override)', () => {
    expect(personalityToInject(model, 'OVERRIDDEN', 'pragmatic', true)).toBe('P');
  });

  it('uses personality/spec_initial.md in the initial context', () => {
    const marked = packWith(pack, { 'personality/spec_initial.md': 'INITIAL<{{ personality }}>' });
    const items = buildInitialContext(marked, turnSettings(model, { personality: 'friendly' }), 'OVERRIDDEN');
    expect(items.map((i) => messageText(i))).toContain('INITIAL<F>');
    expect(items[1]).toEqual({ type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'INITIAL<F>' }] });
  });

  it('injects the Codex catalog friendly text for exp-codex-personality under an override', () => {
    const real = catalogModel(pack, 'exp-codex-personality');
    const friendly = real.model_messages?.instructions_variables?.personality_friendly;
    expect(personalityToInject(real, 'custom', 'friendly', true)).toBe(friendly);
    expect(personalityToInject(real, modelInstructions(real, 'friendly'), 'friendly', true)).toBeUndefined();
  });
});

describe('no personality message', () => {
  it('when the personality feature is off', () => {
    expect(personalityToInject(model, 'OVERRIDDEN', 'friendly', false)).toBeUndefined();
  });

  it('when the personality is none or unset', () => {
    expect(personalityToInject(model, 'OVERRIDDEN', 'none', true)).toBeUndefined();
    expect(personalityToInject(model, 'OVERRIDDEN', undefined, true)).toBeUndefined();
  });

  it('when the model has no message for the personality', () => {
    const noFriendly = syntheticModel({
      model_messages: { instructions_template: 'T:{{ personality }}', instructions_variables: { personality_friendly: '' } },
    });
    expect(personalityToInject(noFriendly, 'OVERRIDDEN', 'friendly', true)).toBeUndefined();
    const noMessages = syntheticModel();
    expect(supportsPersonality(noMessages)).toBe(false);
    expect(personalityToInject(noMessages, 'OVERRIDDEN', 'friendly', true)).toBeUndefined();
  });

  it('when the slug is not in the catalog (the fallback entry has no personality messages)', async () => {
    const pack = await loadCodexPack();
    const catalog = [catalogModel(pack, 'exp-codex-personality')];
    const { model: unknown, known } = findModel(catalog, 'not-in-catalog', fallbackModel(FALLBACK_MODEL_098, 'FALLBACK'));
    expect(known).toBe(false);
    expect(unknown.slug).toBe('not-in-catalog');
    expect(personalityToInject(unknown, 'OVERRIDDEN', 'friendly', true)).toBeUndefined();
  });
});
