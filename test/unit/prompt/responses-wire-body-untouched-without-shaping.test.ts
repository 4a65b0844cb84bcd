import { describe, expect, it } from 'vitest';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import type { Prompt } from '../../../src/prompt/prompt.js';
import { PromptShaper } from '../../../src/prompt/prompt-shaper.js';
import { renderForWire, sampleRenderer } from '../../../src/prompt/render-for-wire.js';
import { renderResponsesBody } from '../../../src/prompt/responses.js';
import { minimalBody } from '../../support/client-helpers.js';
import { catalogModel, loadCodexPack, turnSettings, WEFT_PACK_DIR } from '../../support/packs.js';
import { renderCanned } from '../../support/render-canned.js';

const prompt: Prompt = {
  instructions: 'be brief',
  input: minimalBody().input,
  tools: [],
  parallelToolCalls: true,
};

describe('the Responses wire', () => {
  it('sends the very body the generation rendered when there is no shaping', async () => {
    const body = minimalBody();
    const req = await renderCanned(body, 'responses');
    expect(req.body).toBe(body);
  });

  it('renderForWire(responses) is the profile renderer, byte for byte', async () => {
    const pack = await loadCodexPack();
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const expected = JSON.stringify(renderResponsesBody(prompt, settings, { promptCacheKey: 'k' }));
    expect(JSON.stringify(renderForWire('responses', prompt, settings, { promptCacheKey: 'k' }).body)).toBe(expected);
  });

  it('the render port without a shaper is renderForWire', async () => {
    const pack = await loadCodexPack();
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    for (const wire of ['responses', 'chat', 'anthropic'] as const) {
      const direct = renderForWire(wire, prompt, settings, { promptCacheKey: 'k' });
      const ported = await sampleRenderer(undefined)(wire, {
        prompt,
        settings,
        rendering: { sentPrompt: (p) => p, bodyFor: renderResponsesBody },
        promptCacheKey: 'k',
      });
      expect(JSON.stringify(ported)).toBe(JSON.stringify(direct));
    }
  });

  it('with panels, only `input` changes; every other field keeps its value and place', async () => {
    const texts = await loadPanelTexts(WEFT_PACK_DIR);
    const panels = new PanelRegistry({ now: () => 0 });
    panels.register({ id: 'P1', header: 'Todo', content: '- a' });
    const body: ResponsesRequestBody = { ...minimalBody(), reasoning: { effort: 'high', summary: 'auto' }, prompt_cache_key: 'thread' };
    const req = await renderCanned(body, 'responses', new PromptShaper({ panels, now: () => 0 }, async () => texts));
    const out = req.body as ResponsesRequestBody;
    expect(Object.keys(out)).toEqual(Object.keys(body));
    expect({ ...out, input: body.input }).toEqual(body);
    expect(out.input.length).toBe(body.input.length + 6);
  });

  it('with panels, the generation works out the sent prompt once per sample', async () => {
    const texts = await loadPanelTexts(WEFT_PACK_DIR);
    const panels = new PanelRegistry({ now: () => 0 });
    panels.register({ id: 'P1', header: 'Todo', content: '- a' });
    const pack = await loadCodexPack();
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const render = sampleRenderer(new PromptShaper({ panels, now: () => 0 }, async () => texts));
    for (const wire of ['responses', 'chat', 'anthropic'] as const) {
      let worked = 0;
      const rendering = { sentPrompt: (p: Prompt): Prompt => (worked++, p), bodyFor: renderResponsesBody };
      await render(wire, { prompt, settings, rendering, promptCacheKey: 'k' });
      expect([wire, worked]).toEqual([wire, 1]);
    }
  });
});
