import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { accountPanelCache } from '../../../src/assembly/panels/panel-cache.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper, type ShapeReport } from '../../../src/prompt/prompt-shaper.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';

const panel = (id: string, hash: string, tokens = 100) => ({ id, hash, tokens });

describe('per-panel cache accounting', () => {
  it('marks every panel a miss on the first request', () => {
    const report = accountPanelCache(undefined, [panel('A', 'a'), panel('B', 'b')]);
    expect(report.panels.map((p) => p.hit)).toEqual([false, false]);
    expect(report.estimatedCost).toBeCloseTo(report.uncachedCost);
  });

  it('hits by position up to the first difference; everything after it misses', () => {
    const previous = ['a', 'b', 'c', 'd'];
    const report = accountPanelCache(previous, [panel('A', 'a'), panel('B', 'b'), panel('C', 'c2'), panel('D', 'd')], {
      inputPerMTok: 3,
      cachedInputPerMTok: 0.3,
    });
    expect(report.panels.map((p) => p.hit)).toEqual([true, true, false, false]);
    expect([report.hits, report.misses, report.hitTokens, report.missTokens]).toEqual([2, 2, 200, 200]);
    expect(report.estimatedCost).toBeCloseTo((200 * 0.3 + 200 * 3) / 1e6);
    expect(report.uncachedCost).toBeCloseTo((400 * 3) / 1e6);
  });

  it('through the shaper: the changed panel moves last (newest refresh) and only the panels before its old place stay hits', async () => {
    const texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
    let now = 1_000;
    const panels = new PanelRegistry({ now: () => now });
    for (const [i, id] of ['tree', 'todo', 'git', 'notes'].entries()) panels.register({ id, header: id, content: `${id} v0`, lastRefreshMs: i });
    const reports: ShapeReport[] = [];
    const shaper = new PromptShaper({ panels, now: () => now, onReport: (r) => reports.push(r) }, async () => texts);
    const input: ResponseItem[] = [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }];
    const prompt = { instructions: 'I', input, tools: [], parallelToolCalls: true };

    await shaper.shape(prompt, 'anthropic');
    await shaper.shape(prompt, 'anthropic');
    expect(reports[1]?.panels.panels.map((p) => [p.id, p.hit])).toEqual([
      ['tree', true],
      ['todo', true],
      ['git', true],
      ['notes', true],
    ]);

    now = 2_000;
    panels.update('todo', 'todo v1');
    await shaper.shape(prompt, 'anthropic');
    expect(reports[2]?.panels.panels.map((p) => [p.id, p.hit])).toEqual([
      ['tree', true],
      ['git', false],
      ['notes', false],
      ['todo', false],
    ]);
    expect(reports[2]?.panels.hits).toBe(1);
    expect(reports[2]?.panels.estimatedCost).toBeLessThan(reports[2]?.panels.uncachedCost ?? 0);
  });
});
