// What the goal tools answer with besides the goal itself (their refusals, the completion report) and
// the message of a goal's continuation turn. No Codex pack records these; weft's own pack words them.
import type { PackFileSpec } from '../../pack/pack-layout.js';

export interface GoalTexts {
  unfinishedGoal(): string;
  noGoal(): string;
  emptyObjective(): string;
  badBudget(): string;
  statusNotAllowed(): string;
  completionReport(): string;
  continuation(objective: string): string;
}

const DIR = 'tool_output/goals';

export const GOAL_TEXT_FILES = {
  unfinishedGoal: { path: `${DIR}/unfinished_goal.txt` },
  noGoal: { path: `${DIR}/no_goal.txt` },
  emptyObjective: { path: `${DIR}/empty_objective.txt` },
  badBudget: { path: `${DIR}/bad_budget.txt` },
  statusNotAllowed: { path: `${DIR}/status_not_allowed.txt` },
  completionReport: { path: `${DIR}/completion_report.md` },
  continuation: { path: `${DIR}/continuation.md`, placeholders: ['objective'] },
} as const satisfies Record<string, PackFileSpec>;

export function goalTextsFrom(render: (spec: PackFileSpec, vars: Record<string, string>) => string): GoalTexts {
  const F = GOAL_TEXT_FILES;
  return {
    unfinishedGoal: () => render(F.unfinishedGoal, {}),
    noGoal: () => render(F.noGoal, {}),
    emptyObjective: () => render(F.emptyObjective, {}),
    badBudget: () => render(F.badBudget, {}),
    statusNotAllowed: () => render(F.statusNotAllowed, {}),
    completionReport: () => render(F.completionReport, {}),
    continuation: (objective) => render(F.continuation, { objective }),
  };
}
