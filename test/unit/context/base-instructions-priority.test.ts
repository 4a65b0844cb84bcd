import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import { modelInstructions, personalityVariable, resolveBaseInstructions } from '../../../src/context/base-instructions.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { catalogModel, loadCodexPack, syntheticModel } from '../../support/packs.js';

const templated: ModelInfo = syntheticModel({
  slug: 'templated',
  base_instructions: 'PLAIN BASE',
  model_messages: {
    instructions_template: 'Intro.\n{{ personality }}\nOutro.',
    instructions_variables: {
      personality_default: 'DEFAULT STYLE',
      personality_friendly: 'FRIENDLY STYLE',
      personality_pragmatic: 'PRAGMATIC STYLE',
    },
  },
});

describe('resolveBaseInstructions priority', () => {
  it('takes the override over session_meta text and the catalog', () => {
    expect(resolveBaseInstructions({ override: 'OVERRIDE', sessionText: 'SESSION', model: templated, personality: 'friendly' })).toEqual({
      text: 'OVERRIDE',
      source: 'override',
    });
  });

  it('takes an empty override as an override', () => {
    expect(resolveBaseInstructions({ override: '', sessionText: 'SESSION', model: templated, personality: undefined })).toEqual({
      text: '',
      source: 'override',
    });
  });

  it('takes the session_meta text over the catalog when there is no override', () => {
    expect(resolveBaseInstructions({ sessionText: 'SESSION', model: templated, personality: 'friendly' })).toEqual({
      text: 'SESSION',
      source: 'session',
    });
  });

  it('falls back to the catalog default rendered with the personality', () => {
    expect(resolveBaseInstructions({ model: templated, personality: 'pragmatic' })).toEqual({
      text: 'Intro.\nPRAGMATIC STYLE\nOutro.',
      source: 'catalog',
    });
  });
});

describe('modelInstructions renders the catalog template', () => {
  it('renders {{ personality }} with friendly and pragmatic texts', () => {
    expect(modelInstructions(templated, 'friendly')).toBe('Intro.\nFRIENDLY STYLE\nOutro.');
    expect(modelInstructions(templated, 'pragmatic')).toBe('Intro.\nPRAGMATIC STYLE\nOutro.');
  });

  it('renders personality none as empty', () => {
    expect(modelInstructions(templated, 'none')).toBe('Intro.\n\nOutro.');
  });

  it('renders an unset personality with personality_default', () => {
    expect(modelInstructions(templated, undefined)).toBe('Intro.\nDEFAULT STYLE\nOutro.');
  });

  it('renders a personality the model has no text for as empty', () => {
    const partial = syntheticModel({
      model_messages: { instructions_template: '[{{ personality }}]', instructions_variables: { personality_friendly: null } },
    });
    expect(personalityVariable(partial, 'friendly')).toBeUndefined();
    expect(modelInstructions(partial, 'friendly')).toBe('[]');
    expect(modelInstructions(partial, undefined)).toBe('[]');
  });

  it('returns base_instructions for a model without a template', () => {
    expect(modelInstructions(syntheticModel({ base_instructions: 'ONLY BASE' }), 'friendly')).toBe('ONLY BASE');
    expect(modelInstructions(syntheticModel({ base_instructions: 'ONLY BASE', model_messages: { instructions_template: null } }), 'friendly')).toBe(
      'ONLY BASE',
    );
  });

  it('does not render placeholders inside the personality text (one pass)', () => {
    const tricky = syntheticModel({
      model_messages: { instructions_template: '<{{ personality }}>', instructions_variables: { personality_friendly: '{{ personality }}' } },
    });
    expect(modelInstructions(tricky, 'friendly')).toBe('<{{ personality }}>');
  });
});

describe('modelInstructions with the Codex catalog', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await loadCodexPack();
  });

  it('renders exp-codex-personality with the friendly text and the empty default', () => {
    const model = catalogModel(pack, 'exp-codex-personality');
    const template = model.model_messages?.instructions_template as string;
    const friendly = model.model_messages?.instructions_variables?.personality_friendly as string;
    expect(template).toContain('\n\n{{ personality }}\n\n');
    const rendered = modelInstructions(model, 'friendly');
    expect(rendered).toBe(template.replace('{{ personality }}', friendly));
    expect(rendered).not.toContain('{{ personality }}');
    expect(modelInstructions(model, undefined)).toBe(template.replace('{{ personality }}', ''));
    expect(modelInstructions(model, 'none')).toBe(template.replace('{{ personality }}', ''));
  });

  it('returns gpt-5.2-codex base_instructions as they are', () => {
    const model = catalogModel(pack, 'gpt-5.2-codex');
    expect(modelInstructions(model, 'friendly')).toBe(model.base_instructions);
    expect(model.base_instructions.length).toBeGreaterThan(100);
  });
});
