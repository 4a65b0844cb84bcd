// Shared pieces of the budgeted-assembly tests: weft's own pack texts, fixed fake texts, and
// histories of a known size.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { loadBudgetTexts, type BudgetTexts } from '../../src/assembly/budget/budget-texts.js';
import { WEFT_PACK_DIR } from './packs.js';
import { assistantMessage, textMessage } from '../../src/history/message.js';
import { loadPack } from '../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../src/profile/codex-0.98/pack.js';

export async function weftBudgetTexts(): Promise<BudgetTexts> {
  return loadBudgetTexts(await loadPack(WEFT_PACK_DIR, codex098PackLayout));
}

export const fakeTexts: BudgetTexts = {
  stagePrompt: (stage) => `STAGE ${stage}`,
  historySummaryPrompt: (history) => `SUMMARIZE:\n${history}`,
  summaryMessage: (summary) => `SUMMARY: ${summary}`,
};

/** `turns` user/assistant exchanges, each message about `tokens` estimated tokens of text. */
export function chat(turns: number, tokens = 100): ResponseItem[] {
  const body = (tag: string) => `${tag} ${'x'.repeat(tokens * 4 - tag.length - 1)}`;
  return Array.from({ length: turns }, (_, i) => [textMessage('user', body(`ask${i}`)), assistantMessage(body(`answer${i}`))]).flat();
}
