import { beforeAll, describe, expect, it } from 'vitest';
import type { AnthropicRequestBody } from '../../../protocol/anthropic-messages.js';
import type { ChatRequestBody } from '../../../protocol/chat-completions.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { PanelRegistry } from '../../../src/assembly/panels/panel-registry.js';
import { loadPanelTexts, type PanelTexts } from '../../../src/assembly/panels/panel-texts.js';
import { PromptShaper, type ShapedPrompt } from '../../../src/prompt/prompt-shaper.js';
import { renderAnthropicBody } from '../../../src/prompt/anthropic.js';
import { renderChatBody } from '../../../src/prompt/chat.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';
import { anthropicRequestProblems, chatRequestProblems } from '../../support/wire-validity.js';

let texts: PanelTexts;
beforeAll(async () => {
  texts = (await loadPanelTexts(WEFT_PACK_DIR)) as PanelTexts;
});

const user = (text: string): ResponseItem => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

/**
 * An agent loop: each turn is a user message, then one call whose result the model answers; a
 * request goes out after each. `console` changes every request, `tree` never.
 */
async function session(wire: 'responses' | 'chat' | 'anthropic', turns: number): Promise<ShapedPrompt[]> {
  let now = 0;
  const panels = new PanelRegistry({ now: () => now });
  panels.register({ id: 'tree', header: 'Tree', content: 'src/\ntest/', lastRefreshMs: 0 });
  panels.register({ id: 'console', header: 'Console', content: 'c', lastRefreshMs: 0 });
  const shaper = new PromptShaper({ panels, strategy: 'tiers', detach: false, now: () => now }, async () => texts);
  const input: ResponseItem[] = [];
  const shaped: ShapedPrompt[] = [];
  const send = async (): Promise<void> => {
    now += 1_000;
    panels.update('console', `c${now}`);
    shaped.push(await shaper.shape({ instructions: 'be brief', input: [...input], tools: [], parallelToolCalls: false }, wire));
  };
  for (let t = 0; t < turns; t++) {
    if (t > 0) input.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `a${t - 1}` }] });
    input.push(user(`q${t}`));
    await send();
    input.push(
      { type: 'function_call', name: 'exec_command', arguments: '{}', call_id: `c${t}` },
      { type: 'function_call_output', call_id: `c${t}`, output: `out ${t}` },
    );
    await send();
  }
  return shaped;
}

/** The items the shaper did not add: panel calls, their results and the texts just before them. */
function conversationOf(input: readonly ResponseItem[]): ResponseItem[] {
  const panel = (i: ResponseItem | undefined): boolean => (i?.type === 'function_call' || i?.type === 'function_call_output') && (i.call_id ?? '').startsWith('panel_');
  return input.filter((item, k) => !panel(item) && !(item.type === 'message' && panel(input[k + 1])));
}

const callAt = (input: readonly ResponseItem[], id: string): number => input.findIndex((i) => i.type === 'function_call' && i.call_id === id);

describe('tiers: the active tier orders by volatility', () => {
  it('live history comes before the changing panel and the footer; the newest message or result stays last', async () => {
    const shaped = await session('responses', 12);
    for (const s of shaped.slice(6)) {
      const input = s.prompt.input;
      const console_ = callAt(input, 'panel_console');
      const footer = callAt(input, 'panel_footer');
      expect(footer).toBeGreaterThan(console_);
      // The conversation is what the panels are not (the shaper adds only those).
      const conversation = conversationOf(input);
      const last = conversation.at(-1) as ResponseItem;
      const newest = last.type === 'function_call_output' ? conversation.slice(-2) : [last];
      // After the footer's call and result: only the newest unit (the user's message, or a call and its result).
      expect(input.slice(footer + 2)).toEqual(newest);
      // Every other conversation item precedes the changing panel.
      for (const item of conversation.slice(0, -newest.length)) expect(input.indexOf(item)).toBeLessThan(console_);
    }
  });

  it('the next request still matches the previous one through the history that was active', async () => {
    const shaped = await session('responses', 12);
    for (let r = 7; r < shaped.length; r++) {
      const prev = (shaped[r - 1] as ShapedPrompt).prompt.input;
      const next = (shaped[r] as ShapedPrompt).prompt.input;
      if ((shaped[r] as ShapedPrompt).report.tiers?.invalidated.length) continue;
      // The previous request's bytes hold up to its changing panel (its timestamp text opens it).
      const cut = callAt(prev, 'panel_console') - 1;
      expect(next.slice(0, cut)).toEqual(prev.slice(0, cut));
      // ...and that includes what was newest two requests back: still in the active tier (the L3
      // threshold is three unchanged requests), no longer held behind the footer.
      const older = conversationOf((shaped[r - 2] as ShapedPrompt).prompt.input).at(-1);
      expect(prev.slice(0, cut)).toContainEqual(older);
    }
  });

  it('stays valid on Chat and Anthropic, the breakpoints still closing the cached tiers, ahead of the active history', async () => {
    for (const s of (await session('chat', 10)).slice(1)) {
      expect(chatRequestProblems(renderChatBody(s.prompt, { model: { slug: 'm' } }) satisfies ChatRequestBody)).toEqual([]);
    }
    const shaped = await session('anthropic', 10);
    for (const s of shaped.slice(1)) {
      const body: AnthropicRequestBody = renderAnthropicBody(s.prompt, { model: { slug: 'm' } }, { cacheBreakpoints: s.breakpoints });
      expect(anthropicRequestProblems(body)).toEqual([]);
      expect(s.breakpoints.length).toBeLessThanOrEqual(4);
    }
    for (let r = 8; r < shaped.length; r++) {
      const s = shaped[r] as ShapedPrompt;
      // What was newest two requests back is still active (below the L3 threshold): after the last breakpoint.
      const older = conversationOf((shaped[r - 2] as ShapedPrompt).prompt.input).at(-1);
      expect(s.prompt.input.indexOf(older as ResponseItem)).toBeGreaterThan(s.breakpoints.at(-1) ?? -1);
      expect(s.prompt.input.indexOf(older as ResponseItem)).toBeLessThan(callAt(s.prompt.input, 'panel_console'));
    }
  });
});
