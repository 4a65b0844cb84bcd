// Remote compaction: the OpenAI provider summarizes the history itself (POST /responses/compact
// with {model, input, instructions}) and returns the items that replace it. weft puts the fresh
// initial context before them, as local compaction does, and records the result whole in the
// `compacted` line (`replacement_history`), which is how Codex records a remote compaction.
import type { CompactRequestBody } from '../../protocol/responses-request.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { compactionFinishedEvent } from './compaction-finished.js';
import { estimateItemsTokens } from '../history/token-estimate.js';
import type { PostCompactFn, ThreadState, TurnDeps } from '../thread/turn-ports.js';

export type { PostCompactFn };

export async function compactRemotely(
  state: ThreadState,
  deps: TurnDeps,
  post: PostCompactFn,
  settings: TurnSettings,
  signal: AbortSignal,
): Promise<void> {
  const tokensBefore = estimateItemsTokens(state.history);
  const body: CompactRequestBody = {
    model: settings.model.slug,
    input: pairCallsWithOutputs(state.history, deps.pack.text('tool_output/aborted.txt')),
    instructions: state.baseInstructions,
  };
  const returned = await post({ provider: deps.provider, body, signal });
  state.history = [...deps.profile.buildInitialContext(deps.pack, settings, state.baseInstructions), ...returned];
  state.needsInitialContext = false;
  const records = state.profileThread.records;
  await state.writer.append([records.compacted('', state.history), records.contextCompacted()]);
  await state.writer.flush();
  deps.emit(compactionFinishedEvent(state, tokensBefore));
}
