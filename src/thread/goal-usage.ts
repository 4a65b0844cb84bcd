// How a turn's responses count against a goal, as the real Codex 0.169 counts them (found with the
// binary on scripted mocks, test/unit/thread/goal-usage-is-counted-as-calls-run.test.ts): a
// response counts once its calls have run, so the response that creates a goal counts against it;
// what was counted is written (and notified) after the next response's calls have run, or as the
// turn ends, so a tool reads the goal as it stood before the response that called it; an agent's
// responses count against its team root's goal (the root writes them with its own); a turn in Plan
// mode writes nothing.
import type { TurnSettings } from '../context/turn-settings.js';
import type { ThreadState, TurnDeps } from './turn-ports.js';

/** The thread whose goal the responses count against: the team's root, or the thread itself. */
function goalThread(state: ThreadState): string {
  return state.agents?.rootThreadId ?? state.id;
}

function countUncounted(state: ThreadState, deps: TurnDeps): void {
  const tokens = state.uncountedGoalTokens ?? 0;
  state.uncountedGoalTokens = 0;
  if (tokens > 0) deps.goals?.account(goalThread(state), tokens);
}

/** After a response's calls have run: what was counted before is written, then the response counts. */
export function goalUsageAfterCalls(state: ThreadState, deps: TurnDeps, settings: TurnSettings): void {
  if (settings.collaborationMode.mode === 'plan') {
    state.uncountedGoalTokens = 0;
    return;
  }
  if (state.agents === undefined || state.agents.rootThreadId === state.id) deps.goals?.settle(state.id);
  countUncounted(state, deps);
}

/** As the turn ends: the last response counts, and the root writes what was counted. */
export function goalUsageAtTurnEnd(state: ThreadState, deps: TurnDeps, settings: TurnSettings): void {
  if (settings.collaborationMode.mode === 'plan') {
    state.uncountedGoalTokens = 0;
    return;
  }
  countUncounted(state, deps);
  if (state.agents === undefined || state.agents.rootThreadId === state.id) deps.goals?.settle(state.id);
}
