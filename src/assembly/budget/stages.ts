// The stages of a task and the pack file holding each one's prompt (`budget/stages/<stage>.md`).
import { UsageError } from '../../errors.js';

export const STAGES = ['planning', 'coding', 'review', 'testing', 'error_fixing'] as const;
export type Stage = (typeof STAGES)[number];

export function stagePromptFile(stage: Stage): string {
  return `budget/stages/${stage}.md`;
}

/** A stage from user input; `error-fixing` is accepted for `error_fixing`. */
export function parseStage(raw: string, where = '--stage'): Stage {
  const name = raw.trim().replace(/-/g, '_');
  const found = STAGES.find((s) => s === name);
  if (!found) throw new UsageError(`${where} ${raw}: expected one of ${STAGES.join(', ')}`);
  return found;
}
