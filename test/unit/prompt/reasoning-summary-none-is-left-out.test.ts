// `model_reasoning_summary = "none"` asks for no summary: Codex 0.98 leaves `reasoning.summary` out of
// the body (seen by differential testing against the real Codex 0.98), it does not send "none".
import { describe, expect, it } from 'vitest';
import { renderResponsesBody } from '../../../src/prompt/responses.js';
import { syntheticModel, turnSettings } from '../../support/packs.js';

const prompt = { instructions: '', input: [], tools: [], parallelToolCalls: false };
const model = syntheticModel({ default_reasoning_level: 'medium' });

describe('reasoning summary', () => {
  it('is left out of the body when it is none', () => {
    const body = renderResponsesBody(prompt, turnSettings(model, { reasoningSummary: 'none' }), { promptCacheKey: 't' });
    expect(body.reasoning).toEqual({ effort: 'medium' });
  });

  it('is sent when it asks for one', () => {
    const body = renderResponsesBody(prompt, turnSettings(model, { reasoningSummary: 'detailed' }), { promptCacheKey: 't' });
    expect(body.reasoning).toEqual({ effort: 'medium', summary: 'detailed' });
  });
});
