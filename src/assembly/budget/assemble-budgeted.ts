// Budgeted assembly: a request built from four sections, each held to its own token budget —
// the system prompt (top-level instructions, cut to fit), the stage prompt (a developer message from
// the pack), the history (whole, summarized, or its most recent part) and the other context (one
// user message of prioritized sources). Pure except for the summarizer, which the caller injects.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { textMessage } from '../../history/message.js';
import { DEFAULT_BUDGET_SETTINGS, type BudgetSettings, type SectionName } from './budget-settings.js';
import type { BudgetTexts } from './budget-texts.js';
import { assembleOtherContext, type ContextSource, type SourceReport } from './context-sources.js';
import { fitText } from './fit-text.js';
import { fitHistory, type HistoryFit, type Summarizer } from './history-section.js';
import type { Stage } from './stages.js';
import { estimatingCounter, type TokenCounter } from './token-counter.js';

export interface BudgetedInput {
  /** The system prompt (the thread's instructions). */
  readonly system: string;
  readonly stage: Stage;
  readonly history: readonly ResponseItem[];
  readonly sources?: readonly ContextSource[];
}

export interface BudgetedDeps {
  readonly texts: BudgetTexts;
  readonly settings?: BudgetSettings;
  readonly counter?: TokenCounter;
  readonly summarize?: Summarizer | undefined;
  readonly isUserPrompt?: ((item: ResponseItem) => boolean) | undefined;
}

export interface SectionReport {
  readonly name: SectionName;
  readonly tokens: number;
  readonly budget: number;
  /** What was done to fit: `whole`, `truncated`, `summarized`, `recent: <why>`, source counts… */
  readonly note: string;
}

export interface BudgetedAssembly {
  readonly instructions: string;
  readonly input: ResponseItem[];
  readonly sections: readonly SectionReport[];
  readonly history: HistoryFit;
  readonly sources: readonly SourceReport[];
}

export async function assembleBudgeted(request: BudgetedInput, deps: BudgetedDeps): Promise<BudgetedAssembly> {
  const settings = deps.settings ?? DEFAULT_BUDGET_SETTINGS;
  const counter = deps.counter ?? estimatingCounter;
  const { budgets } = settings;

  const system = fitText(request.system, budgets.system, counter.text) ?? { text: '', tokens: 0, truncated: true };
  const stage = fitText(deps.texts.stagePrompt(request.stage), budgets.stage, counter.text) ?? { text: '', tokens: 0, truncated: true };
  const history = await fitHistory(request.history, {
    budget: budgets.history,
    summarizeAt: settings.summarizeAt,
    counter,
    texts: deps.texts,
    summarize: deps.summarize,
    isUserPrompt: deps.isUserPrompt,
  });
  const other = assembleOtherContext(request.sources ?? [], request.stage, settings, counter.text);

  const input: ResponseItem[] = [
    ...(stage.text === '' ? [] : [textMessage('developer', stage.text)]),
    ...history.items,
    ...(other.text === '' ? [] : [textMessage('user', other.text)]),
  ];
  const sections: SectionReport[] = [
    { name: 'system', tokens: system.tokens, budget: budgets.system, note: system.truncated ? 'truncated' : 'whole' },
    { name: 'stage', tokens: stage.tokens, budget: budgets.stage, note: `${request.stage}${stage.truncated ? ', truncated' : ''}` },
    { name: 'history', tokens: history.tokens, budget: budgets.history, note: historyNote(history, request.history.length) },
    { name: 'other', tokens: other.tokens, budget: budgets.other, note: sourcesNote(other.sources) },
  ];
  return { instructions: system.text, input, sections, history, sources: other.sources };
}

function historyNote(fit: HistoryFit, count: number): string {
  switch (fit.mode) {
    case 'whole':
      return `whole (${count} items)`;
    case 'summarized':
      return `summarized ${fit.summarizedItems} of ${count} items`;
    case 'recent':
      return `most recent ${fit.items.length} of ${count} items (${fit.reason})`;
    default: {
      const never: never = fit;
      return never;
    }
  }
}

function sourcesNote(sources: readonly SourceReport[]): string {
  if (sources.length === 0) return 'no sources';
  const count = (fate: SourceReport['fate']): number => sources.filter((s) => s.fate === fate).length;
  return `${count('included')} whole, ${count('truncated')} cut, ${count('omitted')} left out`;
}
