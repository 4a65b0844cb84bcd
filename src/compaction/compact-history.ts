// Which compaction runs: remote when the thread's provider offers it (the OpenAI provider with the
// `remote_compaction` feature on), falling back to local compaction — and saying so — when the
// remote call fails. Codex has no such fallback; a failed compaction there fails the turn.
import { isAbortError } from '../client/api-errors.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { errorMessage } from '../errors.js';
import { contextPrefixes } from '../history/context-messages.js';
import { newThreadId } from '../rollout/store/thread-id.js';
import type { CompactionTrigger, Compactor, ThreadState, TurnDeps } from '../thread/turn-ports.js';
import { autoCompactTokenLimit, shouldAutoCompact } from './compaction-trigger.js';
import { compactLocally } from './local-compaction.js';
import { compactRemotely } from './remote-compaction.js';
import { nothingToCompact } from './nothing-to-compact.js';

export async function compactHistory(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  trigger: CompactionTrigger,
  signal: AbortSignal,
): Promise<void> {
  if (nothingToCompact(state.history, contextPrefixes(deps.pack), deps.pack.text('compact/summary_prefix.md'))) return;
  state.compactionItemId = newThreadId();
  deps.emit({ type: 'compaction_started', itemId: state.compactionItemId, trigger });
  // Each generation compacts its own way (codex-0.169: inline or `compaction_trigger`, model switches).
  return state.profileThread.compact(state, deps, settings, trigger, signal);
}

/** codex-0.98's compaction: remote when the provider offers it, else (or when that fails) local. */
export async function compactCodex098(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  _trigger: CompactionTrigger,
  signal: AbortSignal,
): Promise<void> {
  const post = deps.remoteCompact;
  if (post) {
    try {
      await compactRemotely(state, deps, post, settings, signal);
      return;
    } catch (err) {
      if (signal.aborted || isAbortError(err)) throw err;
      deps.emit({ type: 'warning', message: `remote compaction failed (${errorMessage(err)}); compacting locally instead` });
    }
  }
  await compactLocally(state, deps, settings, signal);
}

/**
 * Codex's compaction as the turn loop's Compactor: due before a turn when the profile's thread asks
 * for it (a model change), and whenever the last usage reached the auto-compaction limit.
 */
export const codexCompactor: Compactor = {
  isDue(state, deps, settings, phase) {
    const modelChange = phase === 'pre-turn' && state.profileThread.compactsBeforeTurn(state.previousTurn, settings);
    return modelChange || shouldAutoCompact(state, autoCompactTokenLimit(settings, deps.autoCompactTokenLimit), phase);
  },
  compact: compactHistory,
};
