import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { DEFAULT_DETACH_THRESHOLDS, findDetachPoint, historyTranscript, type DetachThresholds } from '../../../src/assembly/panels/detach-history.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper, type ShapeReport } from '../../../src/prompt/prompt-shaper.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';

/** `turns` turns of: user question, a call with an output of `bytes` bytes, an assistant answer (4 messages). */
function history(turns: number, bytes = 400): ResponseItem[] {
  const items: ResponseItem[] = [];
  for (let t = 0; t < turns; t++) {
    items.push(
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: `question ${t}` }] },
      { type: 'reasoning', summary: [], encrypted_content: null },
      { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: `c${t}` },
      { type: 'function_call_output', call_id: `c${t}`, output: 'x'.repeat(bytes) },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `answer ${t}` }] },
    );
  }
  return items;
}

// Every turn: 4 counted messages (reasoning does not count), ~100+ tokens with 400-byte outputs.
const small: DetachThresholds = { chunkMinMessages: 8, chunkMinTokens: 200, keepMinMessages: 8, keepMinTokens: 300 };

describe('detaching old history', () => {
  it('defaults to 25 messages / 5,000 tokens per chunk and 25 / 7,500 kept', () => {
    expect(DEFAULT_DETACH_THRESHOLDS).toEqual({ chunkMinMessages: 25, chunkMinTokens: 5000, keepMinMessages: 25, keepMinTokens: 7500 });
  });

  it('cuts at the first turn boundary where the chunk is big enough, when all four thresholds hold', () => {
    const items = history(6);
    const cut = findDetachPoint(items, small);
    expect(cut).toBe(10); // after two turns: 8 messages
    expect(items[cut ?? 0]).toMatchObject({ type: 'message', role: 'user' });
    expect(items[(cut ?? 0) - 1]).toMatchObject({ type: 'message', role: 'assistant' });
  });

  it('each threshold alone blocks the detachment', () => {
    const items = history(6);
    expect(findDetachPoint(items, { ...small, chunkMinMessages: 25 })).toBeUndefined();
    expect(findDetachPoint(items, { ...small, chunkMinTokens: 100_000 })).toBeUndefined();
    expect(findDetachPoint(items, { ...small, keepMinMessages: 20 })).toBeUndefined();
    expect(findDetachPoint(items, { ...small, keepMinTokens: 100_000 })).toBeUndefined();
    expect(findDetachPoint(items, small)).toBeDefined();
  });

  it('never cuts inside a turn or between a call and its result', () => {
    const items = history(6);
    for (const t of [{ ...small, chunkMinMessages: 9 }, { ...small, chunkMinMessages: 5 }]) {
      const cut = findDetachPoint(items, t) ?? 0;
      expect(items[cut]).toMatchObject({ role: 'user' });
    }
  });

  it('freezes the chunk into a history panel shown with the other panels; the rest stays live', async () => {
    const texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
    const panels = new PanelRegistry({ now: () => 1 });
    panels.register({ id: 'P1', header: 'Todo', content: '- a', lastRefreshMs: 0 });
    const reports: number[] = [];
    const shaper = new PromptShaper({ panels, detach: { ...small, keepMinMessages: 12 }, now: () => 5, onReport: (r) => reports.push(r.detached.length) }, async () => texts);
    const items = history(6);
    const shaped = await shaper.shape({ instructions: 'I', input: items, tools: [], parallelToolCalls: true }, 'responses');
    const outputs = shaped.prompt.input.filter((i) => i.type === 'function_call_output');
    expect(outputs.map((o) => o.call_id).slice(0, 2)).toEqual(['panel_P1', 'panel_history-1']);
    expect(outputs[1]).toMatchObject({ output: texts.item('history-1', 'history 1..10', historyTranscript(items.slice(0, 10))) });
    expect(historyTranscript(items.slice(0, 5))).toBe(`[user] question 0\n[call exec_command c0] {}\n[result c0] ${'x'.repeat(400)}\n[assistant] answer 0`);
    // The live conversation starts at the cut.
    expect(shaped.prompt.input.filter((i) => i.type === 'message' && i.role === 'user')[0]).toMatchObject({ content: [{ text: 'question 2' }] });
    expect(reports).toEqual([1]);
    // The same history again: the chunk stays detached, nothing new is cut.
    await shaper.shape({ instructions: 'I', input: items, tools: [], parallelToolCalls: true }, 'responses');
    expect(reports).toEqual([1, 0]);
  });

  it('with tiers, waits for a request that loses the oldest tier anyway, and the history panel lands in it', async () => {
    const texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
    const panels = new PanelRegistry({ now: () => 0 });
    panels.register({ id: 'tree', header: 'Tree', content: 'v0', lastRefreshMs: 0 });
    const reports: ShapeReport[] = [];
    const shaper = new PromptShaper({ panels, strategy: 'tiers', detach: { ...small, keepMinMessages: 12 }, now: () => 0, onReport: (r) => reports.push(r) }, async () => texts);
    const shape = (turns: number) => shaper.shape({ instructions: 'I', input: history(turns), tools: [], parallelToolCalls: true }, 'anthropic');
    // Three turns (12 messages) stay below the thresholds while everything settles into L0.
    for (let i = 0; i < 14; i++) await shape(3);
    expect(reports.at(-1)?.tiers?.sizes.L0).toBeGreaterThan(0);
    // Six turns: the thresholds hold, but nothing cached in L0 changes, so the cut waits.
    await shape(6);
    await shape(6);
    expect(reports.slice(-2).map((r) => r.detached.length)).toEqual([0, 0]);
    // The tree panel (in L0) changes: L0 is rewritten anyway, so the chunk is frozen now.
    panels.update('tree', 'v1');
    const shaped = await shape(6);
    expect(reports.at(-1)?.detached).toEqual([{ panelId: 'history-1', items: 10 }]);
    // It starts with the stability of the messages it replaced and goes straight into L0.
    const l0End = shaped.breakpoints[0] ?? -1;
    const historyPanelAt = shaped.prompt.input.findIndex((i) => i.type === 'function_call' && i.call_id === 'panel_history-1');
    expect(historyPanelAt).toBeGreaterThanOrEqual(0);
    expect(historyPanelAt).toBeLessThan(l0End);
  });
});

