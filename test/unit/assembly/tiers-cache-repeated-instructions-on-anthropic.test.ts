import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { FOOTER_CALL_ID } from '../../../src/assembly/panels/panel-items.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper } from '../../../src/prompt/prompt-shaper.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';

const INSTRUCTIONS = 'THE THREAD INSTRUCTIONS';

function callIndex(input: readonly ResponseItem[], predicate: (item: ResponseItem) => boolean): number {
  return input.findIndex(predicate);
}

describe('tiers on the Anthropic wire', () => {
  it('let the repeated instructions settle in a cached tier, ahead of the timestamped footer', async () => {
    const texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
    const panels = new PanelRegistry({ now: () => 1 });
    panels.register({ id: 'tree', header: 'Files', content: 'src/', lastRefreshMs: 0 });
    let now = 1_000;
    const shaper = new PromptShaper({ panels, strategy: 'tiers', detach: false, now: () => (now += 1_000) }, async () => texts);
    const prompt = { instructions: INSTRUCTIONS, input: [], tools: [], parallelToolCalls: false };
    let shaped = await shaper.shape(prompt, 'anthropic');
    const isSeed = (item: ResponseItem) => JSON.stringify(item).includes(INSTRUCTIONS);
    const isFooter = (item: ResponseItem) => item.type === 'function_call' && item.call_id === FOOTER_CALL_ID;
    // First request: nothing is stable yet, so the pair is in the uncached tail.
    expect(shaped.breakpoints).toEqual([]);
    for (let i = 0; i < 12; i++) shaped = await shaper.shape(prompt, 'anthropic');
    const input = shaped.prompt.input;
    const seedAt = callIndex(input, isSeed);
    expect(seedAt).toBeGreaterThanOrEqual(0);
    expect(seedAt).toBeLessThan(callIndex(input, isFooter));
    // A breakpoint closes a tier at or after the pair: the provider caches it.
    expect(shaped.breakpoints.some((b) => b >= seedAt)).toBe(true);
  });
});
