import { describe, expect, it } from 'vitest';
import { budgetSettings, DEFAULT_BUDGET_SETTINGS, type SourceKind } from '../../../src/assembly/budget/budget-settings.js';
import { assembleOtherContext, orderSources, renderSource, type ContextSource } from '../../../src/assembly/budget/context-sources.js';
import { estimateTokens } from '../../../src/history/token-estimate.js';

const src = (kind: SourceKind, title: string = kind, size = 40): ContextSource => ({ kind, title, content: `${title}:${'c'.repeat(size)}` });
const all: ContextSource[] = [
  src('library_docs'),
  src('test_results'),
  src('runtime_logs'),
  src('decisions'),
  src('source_files'),
  src('build_logs'),
  src('notes'),
];
const kinds = (list: readonly ContextSource[]) => list.map((s) => s.kind);

describe('other context priority', () => {
  it('outside error fixing: notes, build logs, runtime logs, sources, tests, decisions, library docs', () => {
    expect(kinds(orderSources(all, 'coding', DEFAULT_BUDGET_SETTINGS.priorities))).toEqual([
      'notes',
      'build_logs',
      'runtime_logs',
      'source_files',
      'test_results',
      'decisions',
      'library_docs',
    ]);
  });

  it('in error fixing the error logs come first, even before notes', () => {
    expect(kinds(orderSources(all, 'error_fixing', DEFAULT_BUDGET_SETTINGS.priorities))).toEqual([
      'build_logs',
      'runtime_logs',
      'notes',
      'source_files',
      'test_results',
      'decisions',
      'library_docs',
    ]);
  });

  it('priorities are configurable and ties keep the given order', () => {
    const settings = budgetSettings({ priorities: { test_results: 200 } });
    const list = [src('source_files', 'b.ts'), src('test_results'), src('source_files', 'a.ts')];
    expect(orderSources(list, 'testing', settings.priorities).map((s) => s.title)).toEqual(['test_results', 'b.ts', 'a.ts']);
  });

  it('adds sources while the budget lasts: whole, then one cut to the rest, then none', () => {
    const big = (kind: SourceKind, tokens: number) => ({ kind, title: kind, content: 'z'.repeat(tokens * 4) });
    const settings = budgetSettings({ budgets: { other: 1_000 }, minPartialTokens: 200 });
    const result = assembleOtherContext([big('library_docs', 100), big('notes', 300), big('source_files', 900), big('decisions', 50)], 'coding', settings, estimateTokens);
    expect(result.sources.map((s) => [s.kind, s.fate])).toEqual([
      ['notes', 'included'],
      ['source_files', 'truncated'],
      ['decisions', 'omitted'],
      ['library_docs', 'omitted'],
    ]);
    expect(result.tokens).toBeLessThanOrEqual(1_000);
    expect(result.text.startsWith(renderSource(big('notes', 300)))).toBe(true);
  });

  it('a source that does not fit is left out when too little room remains, and a smaller later one still fits', () => {
    const settings = budgetSettings({ budgets: { other: 500 }, minPartialTokens: 300 });
    const result = assembleOtherContext(
      [{ kind: 'notes', title: 'n', content: 'n'.repeat(1_200) }, { kind: 'source_files', title: 's', content: 's'.repeat(4_000) }, { kind: 'decisions', title: 'd', content: 'd'.repeat(200) }],
      'coding',
      settings,
      estimateTokens,
    );
    expect(result.sources.map((s) => s.fate)).toEqual(['included', 'omitted', 'included']);
    expect(result.tokens).toBeLessThanOrEqual(500);
  });
});
