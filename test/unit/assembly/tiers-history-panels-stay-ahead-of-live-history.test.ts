import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper } from '../../../src/prompt/prompt-shaper.js';
import { renderCanned } from '../../support/render-canned.js';
import { minimalBody } from '../../support/client-helpers.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';

let texts: PanelTexts;
beforeAll(async () => {
  texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
});

describe('tiers with detached history', () => {
  it('history panels stay ahead of the live conversation, oldest first, in whatever tiers they land', async () => {
    let now = 0;
    const panels = new PanelRegistry({ now: () => now });
    panels.register({ id: 'tree', header: 'Tree', content: 'src/', lastRefreshMs: 0 });
    panels.register({ id: 'memory', header: 'Memory', content: 'm0', lastRefreshMs: 0 });
    const detach = { chunkMinMessages: 12, chunkMinTokens: 1, keepMinMessages: 80, keepMinTokens: 1 };
    const shaper = new PromptShaper({ panels, strategy: 'tiers', detach, now: () => now }, async () => texts);
    const input: ResponseItem[] = [];
    let checked = 0;
    for (let r = 0; r < 40; r++) {
      now = (r + 1) * 1000;
      // A change in L0 is when a waiting detachment happens, with live history already cached there.
      if (r === 30) panels.update('memory', 'm1');
      input.push(
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: `q${r}` }] },
        { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: `c${r}` },
        { type: 'function_call_output', call_id: `c${r}`, output: `out ${r}` },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `a${r}` }] },
      );
      const body = (await renderCanned({ ...minimalBody(), input: [...input] }, 'responses', shaper)).body as ResponsesRequestBody;
      const calls = body.input.flatMap((i) => (i.type === 'function_call' ? [i.call_id] : []));
      const historyPanels = calls.filter((id) => id.startsWith('panel_history-'));
      if (historyPanels.length === 0) continue;
      checked++;
      expect(historyPanels).toEqual(historyPanels.map((_, i) => `panel_history-${i + 1}`));
      const firstLive = calls.findIndex((id) => /^c\d+$/.test(id));
      expect(calls.indexOf(historyPanels.at(-1) as string)).toBeLessThan(firstLive);
    }
    expect(checked).toBeGreaterThan(5);
  });
});
