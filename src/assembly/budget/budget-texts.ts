// The pack texts of budgeted assembly: the stage prompts and the history summarization prompt
// (optional pack files, read with a layout of their own so their placeholders are checked), and the
// wrapper a history summary is sent in (the extension pipeline's compaction summary). A pack without
// a stage prompt cannot assemble for that stage: the error names the file.
import { PackError } from '../../errors.js';
import { loadExtensionTexts } from '../../extensions/extension-texts.js';
import { loadPack, type Pack } from '../../pack/load-pack.js';
import type { PackLayout } from '../../pack/pack-layout.js';
import { STAGES, stagePromptFile, type Stage } from './stages.js';

const HISTORY_SUMMARY = 'budget/history_summary.md';

export const budgetTextsLayout: PackLayout = {
  name: 'weft-budget',
  files: [...STAGES.map((s) => ({ path: stagePromptFile(s), optional: true })), { path: HISTORY_SUMMARY, placeholders: ['history'], optional: true }],
};

export interface BudgetTexts {
  stagePrompt(stage: Stage): string;
  /** The prompt asking the model to summarize `history` (a transcript). */
  historySummaryPrompt(history: string): string;
  /** The user message text that carries a history summary. */
  summaryMessage(summary: string): string;
}

export async function loadBudgetTexts(core: Pack): Promise<BudgetTexts> {
  const extra = await loadPack(core.dirs, budgetTextsLayout);
  const wrap = await loadExtensionTexts(core);
  const need = (file: string): void => {
    if (!extra.has(file)) throw new PackError(`pack ${core.dir}: ${file} is missing; budgeted assembly needs it`, core.dir);
  };
  return {
    stagePrompt: (stage) => {
      need(stagePromptFile(stage));
      return extra.text(stagePromptFile(stage));
    },
    historySummaryPrompt: (history) => {
      need(HISTORY_SUMMARY);
      return extra.render(HISTORY_SUMMARY, { history });
    },
    summaryMessage: (summary) => wrap.compactionSummary(summary),
  };
}
