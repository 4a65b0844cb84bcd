// "Other context": notes, logs, source files, test results, decision records and library docs,
// added in priority order while the section's budget lasts. In the error-fixing stage the error logs
// go first whatever their priority. A source that does not fit whole is cut to fit when enough room
// is left; otherwise it is left out and smaller ones after it may still fit.
import { ERROR_LOG_KINDS, type BudgetSettings, type SourceKind } from './budget-settings.js';
import { fitText } from './fit-text.js';
import type { Stage } from './stages.js';

export interface ContextSource {
  readonly kind: SourceKind;
  /** A file name, a log's origin…: shown to the model beside the content. */
  readonly title: string;
  readonly content: string;
}

export type SourceFate = 'included' | 'truncated' | 'omitted';

export interface SourceReport {
  readonly kind: SourceKind;
  readonly title: string;
  readonly fate: SourceFate;
  readonly tokens: number;
}

export interface OtherContext {
  /** The joined blocks; '' when nothing was included. */
  readonly text: string;
  readonly tokens: number;
  readonly sources: readonly SourceReport[];
}

const SEPARATOR = '\n\n';

/** Sources in the order they are tried. Stable: equal priorities keep their given order. */
export function orderSources(sources: readonly ContextSource[], stage: Stage, priorities: BudgetSettings['priorities']): ContextSource[] {
  const first = (kind: SourceKind): number => (stage === 'error_fixing' && ERROR_LOG_KINDS.includes(kind) ? 1 : 0);
  return sources
    .map((source, index) => ({ source, index }))
    .sort((a, b) => first(b.source.kind) - first(a.source.kind) || priorities[b.source.kind] - priorities[a.source.kind] || a.index - b.index)
    .map(({ source }) => source);
}

/** One source as the model sees it: a structural wrapper naming its kind and title. */
export function renderSource(source: ContextSource, content = source.content): string {
  return `<context_source kind="${source.kind}" title="${escapeAttribute(source.title)}">\n${content}\n</context_source>`;
}

export function assembleOtherContext(
  sources: readonly ContextSource[],
  stage: Stage,
  settings: BudgetSettings,
  count: (text: string) => number,
): OtherContext {
  const budget = settings.budgets.other;
  const blocks: string[] = [];
  const reports: SourceReport[] = [];
  const joined = (extra?: string): string => (extra === undefined ? blocks : [...blocks, extra]).join(SEPARATOR);
  for (const source of orderSources(sources, stage, settings.priorities)) {
    const whole = renderSource(source);
    const wholeTokens = count(joined(whole));
    if (wholeTokens <= budget) {
      blocks.push(whole);
      reports.push({ kind: source.kind, title: source.title, fate: 'included', tokens: wholeTokens - count(joined()) });
      continue;
    }
    const used = count(joined());
    const fitted = budget - used >= settings.minPartialTokens ? fitText(source.content, budget, (c) => count(joined(renderSource(source, c)))) : undefined;
    if (fitted === undefined) {
      reports.push({ kind: source.kind, title: source.title, fate: 'omitted', tokens: 0 });
      continue;
    }
    blocks.push(renderSource(source, fitted.text));
    reports.push({ kind: source.kind, title: source.title, fate: 'truncated', tokens: fitted.tokens - used });
  }
  const text = joined();
  return { text, tokens: text === '' ? 0 : count(text), sources: reports };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, ' ');
}
