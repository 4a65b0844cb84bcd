import { describe, expect, it } from 'vitest';
import { assembleBudgeted } from '../../../src/assembly/budget/assemble-budgeted.js';
import { budgetSettings, DEFAULT_BUDGET_SETTINGS } from '../../../src/assembly/budget/budget-settings.js';
import { estimatingCounter, exactCounter, itemsTokens } from '../../../src/assembly/budget/token-counter.js';
import { messageText } from '../../../src/history/message.js';
import { chat, fakeTexts, weftBudgetTexts } from '../../support/budget-fixtures.js';

const sources = [
  { kind: 'notes' as const, title: 'NOTES.md', content: 'n'.repeat(2_000) },
  { kind: 'source_files' as const, title: 'src/a.ts', content: 's'.repeat(6_000) },
  { kind: 'library_docs' as const, title: 'zod', content: 'd'.repeat(6_000) },
];

describe('budgeted assembly budgets', () => {
  it('uses the design defaults 1,000 / 1,500 / 10,000 / 15,000 and an 80% summary trigger', () => {
    expect(DEFAULT_BUDGET_SETTINGS.budgets).toEqual({ system: 4_000, stage: 1_500, history: 10_000, other: 15_000 });
    expect(DEFAULT_BUDGET_SETTINGS.summarizeAt).toBe(0.8);
    expect(budgetSettings({ budgets: { history: 500 } }).budgets).toEqual({ system: 4_000, stage: 1_500, history: 500, other: 15_000 });
    expect(() => budgetSettings({ budgets: { history: -1 } }, '--budget')).toThrow('--budget: `budgets.history`');
    expect(() => budgetSettings({ summarizeAt: 1.5 })).toThrow('`summarizeAt`');
  });

  it('holds every section to its budget and reports what each one costs', async () => {
    const settings = budgetSettings({ budgets: { system: 200, stage: 20, history: 500, other: 700 } });
    const history = chat(10);
    const result = await assembleBudgeted({ system: 'rule. '.repeat(400), stage: 'coding', history, sources }, { texts: await weftBudgetTexts(), settings });
    const byName = Object.fromEntries(result.sections.map((s) => [s.name, s]));
    for (const s of result.sections) expect(s.tokens, s.name).toBeLessThanOrEqual(s.budget);
    expect(byName.system).toMatchObject({ budget: 200, note: 'truncated' });
    expect(estimatingCounter.text(result.instructions)).toBe(byName.system?.tokens);
    expect(result.instructions).toContain('tokens truncated');
    const stage = result.input[0];
    expect(stage).toMatchObject({ type: 'message', role: 'developer' });
    expect(estimatingCounter.text(messageText(stage as never) ?? '')).toBe(byName.stage?.tokens);
    expect(byName.history?.note).toMatch(/^most recent \d+ of 20 items \(no summarizer\)$/);
    expect(itemsTokens(result.history.items, estimatingCounter)).toBe(byName.history?.tokens);
    const other = result.input.at(-1);
    expect(estimatingCounter.text(messageText(other as never) ?? '')).toBe(byName.other?.tokens);
  });

  it('holds to the budgets under a plugged-in exact tokenizer too', async () => {
    // One token per character: four times the estimate for ASCII.
    const counter = exactCounter((text) => [...text].length);
    const settings = budgetSettings({ budgets: { system: 300, stage: 40, history: 2_000, other: 3_000 } });
    const result = await assembleBudgeted({ system: 'rule. '.repeat(400), stage: 'review', history: chat(10, 50), sources }, { texts: fakeTexts, settings, counter });
    for (const s of result.sections) expect(s.tokens, s.name).toBeLessThanOrEqual(s.budget);
    expect([...result.instructions].length).toBeLessThanOrEqual(300);
    expect(itemsTokens(result.history.items, counter)).toBeLessThanOrEqual(2_000);
  });

  it('places the stage prompt first and the other context last, as messages of their own', async () => {
    const result = await assembleBudgeted(
      { system: 'sys', stage: 'planning', history: chat(1), sources: [sources[0]!] },
      { texts: fakeTexts },
    );
    expect(result.instructions).toBe('sys');
    expect(result.input.map((i) => (i.type === 'message' ? `${i.role}:${(messageText(i) ?? '').slice(0, 12)}` : i.type))).toEqual([
      'developer:STAGE planni',
      'user:ask0 xxxxxxx',
      'assistant:answer0 xxxx',
      'user:<context_sou',
    ]);
  });
});
