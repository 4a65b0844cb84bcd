// Budgeted assembly as a thread's assembly strategy: an extension whose `assemble` hook rebuilds
// every request of the thread from its sections (see assemble-budgeted.ts). Select it for one thread
// with `weft.startThread({ extensions: [budgetedAssembly({ stage: 'coding' })] })`, or for every
// thread with `weft.use(...)`. The history is summarized with the thread's own model unless another
// summarizer is given; a summary is reused while the summarized part of the history stays the same.
import { createHash } from 'node:crypto';
import type { AssembleContext, Extension } from '../../extensions/extension.js';
import { assembleBudgeted, type BudgetedAssembly } from './assemble-budgeted.js';
import { budgetSettings, type BudgetOptions } from './budget-settings.js';
import { loadBudgetTexts, type BudgetTexts } from './budget-texts.js';
import type { ContextSource } from './context-sources.js';
import type { Summarizer } from './history-section.js';
import type { Stage } from './stages.js';
import type { TokenCounter } from './token-counter.js';

export interface BudgetedStrategyOptions {
  readonly stage: Stage;
  /** Other context: a fixed list, or a function asked before every request. */
  readonly sources?: readonly ContextSource[] | ((ctx: AssembleContext) => readonly ContextSource[] | Promise<readonly ContextSource[]>);
  readonly budget?: BudgetOptions;
  readonly counter?: TokenCounter;
  /** Default: one call to the thread's model (`ctx.complete`). */
  readonly summarize?: Summarizer;
  /** Default: read from the thread's pack. */
  readonly texts?: BudgetTexts;
  /** Sees each assembly (sections and their tokens), e.g. to log budgets. */
  readonly onAssembled?: (assembly: BudgetedAssembly) => void;
}

export function budgetedAssembly(opts: BudgetedStrategyOptions): Extension {
  const settings = budgetSettings(opts.budget ?? {}, 'budgeted assembly');
  const summaries = new Map<string, string>();
  let texts: Promise<BudgetTexts> | undefined = opts.texts ? Promise.resolve(opts.texts) : undefined;
  return {
    name: 'budgeted-assembly',
    assemble: async (request, ctx) => {
      texts ??= loadBudgetTexts(ctx.pack);
      const summarize = opts.summarize ?? ((prompt: string) => ctx.complete(prompt));
      const cached: Summarizer = async (prompt) => {
        const key = createHash('sha256').update(prompt).digest('hex');
        const known = summaries.get(key);
        if (known !== undefined) return known;
        const summary = await summarize(prompt);
        if (summary.trim() !== '') summaries.set(key, summary);
        return summary;
      };
      const sources = typeof opts.sources === 'function' ? await opts.sources(ctx) : (opts.sources ?? []);
      const assembly = await assembleBudgeted(
        { system: request.instructions, stage: opts.stage, history: request.input, sources },
        { texts: await texts, settings, summarize: cached, isUserPrompt: ctx.isUserPrompt, ...(opts.counter ? { counter: opts.counter } : {}) },
      );
      if (assembly.history.mode === 'recent') ctx.warn(`budgeted assembly: history cut to its most recent items (${assembly.history.reason})`);
      opts.onAssembled?.(assembly);
      return { instructions: assembly.instructions, input: assembly.input };
    },
  };
}
