import { beforeAll, describe, expect, it } from 'vitest';
import type { AnthropicRequestBody } from '../../../protocol/anthropic-messages.js';
import type { ChatRequestBody } from '../../../protocol/chat-completions.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../../protocol/responses-request.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper, type ShapeReport } from '../../../src/prompt/prompt-shaper.js';
import { renderCanned } from '../../support/render-canned.js';
import { minimalBody } from '../../support/client-helpers.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';
import { anthropicRequestProblems, chatRequestProblems, responsesRequestProblems } from '../../support/wire-validity.js';

let texts: PanelTexts;
beforeAll(async () => {
  texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
});

/** A session: each request adds a user turn with one call; `console` changes every request. */
async function session(wire: 'responses' | 'chat' | 'anthropic', requests: number) {
  let now = 0;
  const panels = new PanelRegistry({ now: () => now });
  panels.register({ id: 'tree', header: 'Tree', content: 'src/\ntest/', lastRefreshMs: 0 });
  panels.register({ id: 'todo', header: 'Todo', content: 'v0', lastRefreshMs: 0 });
  panels.register({ id: 'console', header: 'Console', content: 'c0', lastRefreshMs: 0 });
  const reports: ShapeReport[] = [];
  const shaper = new PromptShaper({ panels, strategy: 'tiers', detach: false, now: () => now, onReport: (r) => reports.push(r) }, async () => texts);
  const input: ResponseItem[] = [];
  const bodies: unknown[] = [];
  for (let r = 0; r < requests; r++) {
    now = (r + 1) * 1000;
    panels.update('console', `c${r}`);
    if (r % 7 === 6) panels.update('todo', `v${r}`);
    input.push(
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: `q${r}` }] },
      { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: `c${r}` },
      { type: 'function_call_output', call_id: `c${r}`, output: `out ${r}` },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `a${r}` }] },
    );
    const req = await renderCanned({ ...minimalBody(), input: [...input] }, wire, shaper);
    bodies.push(req.body);
  }
  return { bodies, reports };
}

describe('tiered layout', () => {
  it('Anthropic: a breakpoint on each non-empty tier, at most four, and every request valid', async () => {
    const { bodies, reports } = await session('anthropic', 30);
    for (const [i, body] of bodies.entries()) {
      expect(anthropicRequestProblems(body)).toEqual([]);
      const sizes = reports[i]?.tiers?.sizes;
      const nonEmpty = (['L0', 'L1', 'L2', 'L3'] as const).filter((t) => (sizes?.[t] ?? 0) > 0).length;
      const marks = (body as AnthropicRequestBody).messages.flatMap((m) => m.content).filter((b) => b.cache_control).length;
      expect(marks).toBe(nonEmpty);
      expect(marks).toBeLessThanOrEqual(4);
    }
    // Warm: all four tiers are in use.
    expect(reports.at(-1)?.tiers?.sizes).toMatchObject({ L0: expect.any(Number) });
    expect((['L0', 'L1', 'L2', 'L3'] as const).every((t) => (reports.at(-1)?.tiers?.sizes[t] ?? 0) > 0)).toBe(true);
  });

  it('no panel, call or message appears twice, on any wire', async () => {
    for (const wire of ['responses', 'chat', 'anthropic'] as const) {
      const { bodies } = await session(wire, 20);
      for (const body of bodies) {
        const text = JSON.stringify(body);
        for (const id of ['panel_tree', 'panel_todo', 'panel_console', 'panel_footer']) {
          // Each id appears in its call and in its result: twice, never more.
          expect(text.split(`"${id}"`).length - 1).toBe(2);
        }
        for (let r = 0; r < 20; r++) expect(text.split(`"q${r}"`).length - 1).toBeLessThanOrEqual(1);
      }
      const problems = wire === 'chat' ? chatRequestProblems : wire === 'anthropic' ? anthropicRequestProblems : responsesRequestProblems;
      for (const body of bodies) expect(problems(body)).toEqual([]);
    }
  });

  it('Responses and Chat: the stable prefix comes first — the volatile panel and the footer follow the tiers', async () => {
    const { bodies } = await session('responses', 20);
    const input = (bodies.at(-1) as ResponsesRequestBody).input;
    const callIds = input.flatMap((i) => (i.type === 'function_call' ? [i.call_id] : []));
    // The console panel changes every request: it stays in the active tier, after cached history.
    expect(callIds.indexOf('panel_console')).toBeGreaterThan(callIds.indexOf('c10'));
    expect(callIds.indexOf('panel_footer')).toBe(callIds.indexOf('panel_console') + 1);
    expect(callIds.indexOf('panel_tree')).toBe(0);
    // The conversation keeps its order.
    const questions = input.flatMap((i) => (i.type === 'message' && i.role === 'user' ? [(i.content[0] as { text: string }).text] : []));
    expect(questions).toEqual(Array.from({ length: 20 }, (_, r) => `q${r}`));

    const chat = (await session('chat', 20)).bodies.at(-1) as ChatRequestBody;
    const chatIds = chat.messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
    expect(chatIds).toEqual(callIds);
  });
});
