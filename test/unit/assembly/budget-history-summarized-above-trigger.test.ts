import { describe, expect, it } from 'vitest';
import { fitHistory } from '../../../src/assembly/budget/history-section.js';
import { estimatingCounter, itemsTokens } from '../../../src/assembly/budget/token-counter.js';
import { messageText } from '../../../src/history/message.js';
import { chat, fakeTexts, weftBudgetTexts } from '../../support/budget-fixtures.js';

const counter = estimatingCounter;

describe('history summarization trigger', () => {
  it('keeps the history whole at or under the trigger share, without asking the model', async () => {
    const history = chat(4); // 8 messages of ~100 tokens (plus JSON overhead)
    const total = itemsTokens(history, counter);
    const prompts: string[] = [];
    const fit = await fitHistory(history, {
      budget: Math.ceil(total / 0.8),
      summarizeAt: 0.8,
      counter,
      texts: fakeTexts,
      summarize: async (p) => (prompts.push(p), 'S'),
    });
    expect(fit.mode).toBe('whole');
    expect(fit.items).toBe(history);
    expect(prompts).toEqual([]);
  });

  it('summarizes once over the share, before the budget itself is reached; the latest prompt stays verbatim', async () => {
    const history = chat(4);
    const total = itemsTokens(history, counter);
    const budget = Math.floor(total / 0.9); // history is ~90% of its budget: over 80%, under 100%
    expect(total).toBeLessThan(budget);
    const prompts: string[] = [];
    const texts = await weftBudgetTexts();
    const fit = await fitHistory(history, { budget, summarizeAt: 0.8, counter, texts, summarize: async (p) => (prompts.push(p), 'the gist') });
    expect(fit.mode).toBe('summarized');
    expect(prompts).toHaveLength(1);
    // The pack's summarization prompt, then the transcript of everything before the latest prompt.
    expect(prompts[0]).toBe(texts.historySummaryPrompt(prompts[0]!.slice(prompts[0]!.indexOf('---\n\n') + 5)));
    expect(prompts[0]).toContain('[user]\nask0');
    expect(prompts[0]).toContain('[assistant]\nanswer2');
    expect(prompts[0]).not.toContain('ask3');
    expect(fit.items.map((i) => messageText(i)?.slice(0, 7))).toEqual([texts.summaryMessage('the gist').slice(0, 7), 'ask3 xx', 'answer3']);
    expect(messageText(fit.items[0]!)).toBe(texts.summaryMessage('the gist'));
    expect(fit.tokens).toBeLessThanOrEqual(budget);
  });

  it('the trigger share is configurable', async () => {
    const history = chat(4);
    const budget = Math.floor(itemsTokens(history, counter) / 0.6);
    const at = async (summarizeAt: number) =>
      (await fitHistory(history, { budget, summarizeAt, counter, texts: fakeTexts, summarize: async () => 'S' })).mode;
    expect(await at(0.8)).toBe('whole');
    expect(await at(0.5)).toBe('summarized');
  });

  it('splits at the latest user prompt by the caller’s test, so injected user context is summarized with the rest', async () => {
    const history = chat(3);
    const run = (isUserPrompt?: (item: (typeof history)[number]) => boolean) =>
      fitHistory(history, { budget: 1_000, summarizeAt: 0.5, counter, texts: fakeTexts, summarize: async () => 'S', isUserPrompt });
    const heads = (items: readonly (typeof history)[number][]) => items.map((i) => messageText(i)?.slice(0, 6));
    expect(heads((await run()).items)).toEqual(['SUMMAR', 'ask2 x', 'answer']);
    // `ask2` was injected, not typed: the latest prompt is `ask1`.
    const typed = (item: (typeof history)[number]) => item.type === 'message' && item.role === 'user' && !messageText(item)?.startsWith('ask2');
    expect(heads((await run(typed)).items)).toEqual(['SUMMAR', 'ask1 x', 'answer', 'ask2 x', 'answer']);
  });

  it('when the latest prompt’s own part is too large to keep, only what fits half the budget stays verbatim', async () => {
    // An earlier small exchange, then a latest exchange of ~900 tokens per message: more than half of 1,000.
    const history = [...chat(1), ...chat(1, 900)];
    const fit = await fitHistory(history, { budget: 1_000, summarizeAt: 0.8, counter, texts: fakeTexts, summarize: async () => 'S' });
    expect(fit.mode).toBe('summarized');
    expect(fit.items.map((i) => messageText(i)?.slice(0, 6))).toEqual(['SUMMAR']);
    expect(fit.mode === 'summarized' && fit.summarizedItems).toBe(4);
  });
});
