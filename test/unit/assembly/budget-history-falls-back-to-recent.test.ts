import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { fitHistory } from '../../../src/assembly/budget/history-section.js';
import { estimatingCounter, itemsTokens } from '../../../src/assembly/budget/token-counter.js';
import { messageText, textMessage } from '../../../src/history/message.js';
import { chat, fakeTexts } from '../../support/budget-fixtures.js';

const counter = estimatingCounter;
const base = { budget: 500, summarizeAt: 0.8, counter, texts: fakeTexts };

describe('history fallback', () => {
  it('a summarizer that throws leaves the most recent items that fit, and says why', async () => {
    const history = chat(10);
    const fit = await fitHistory(history, { ...base, summarize: async () => { throw new Error('rate limited'); } });
    expect(fit.mode).toBe('recent');
    if (fit.mode !== 'recent') return;
    expect(fit.reason).toBe('summarizer failed: rate limited');
    expect(fit.tokens).toBeLessThanOrEqual(500);
    expect(fit.items).toEqual(history.slice(history.length - fit.items.length));
    // One more item would not have fit.
    expect(itemsTokens(history.slice(history.length - fit.items.length - 1), counter)).toBeGreaterThan(500);
    expect(messageText(fit.items.at(-1)!)).toMatch(/^answer9/);
  });

  it('an empty summary or one that does not fit falls back the same way', async () => {
    const history = chat(10);
    const empty = await fitHistory(history, { ...base, summarize: async () => '  ' });
    expect(empty).toMatchObject({ mode: 'recent', reason: 'summarizer returned no text' });
    const long = await fitHistory(history, { ...base, summarize: async () => 'y'.repeat(4_000) });
    expect(long.mode).toBe('recent');
    expect(long.mode === 'recent' && long.reason).toMatch(/^summary and latest prompt need \d+ tokens$/);
  });

  it('never keeps a tool output whose call was cut off', async () => {
    const history: ResponseItem[] = [
      textMessage('user', 'u'.repeat(1_600)),
      { type: 'function_call', name: 'run', arguments: '{"cmd":"'.padEnd(1_200, 'a') + '"}', call_id: 'c1' },
      { type: 'function_call_output', call_id: 'c1', output: 'short' },
      textMessage('user', 'next'),
    ];
    const fit = await fitHistory(history, { ...base, budget: 100 });
    expect(fit.mode).toBe('recent');
    expect(fit.items).toEqual([textMessage('user', 'next')]);
  });
});
