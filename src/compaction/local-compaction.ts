// Local compaction (codex-0.98): ask the model for a handoff summary of the history, then rebuild the
// history as fresh initial context + recent user messages + the summary, and record a `compacted`
// line (the summary message) so that Codex and weft both resume it the same way.
import type { TurnSettings } from '../context/turn-settings.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { messageText, textMessage } from '../history/message.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { compactionFinishedEvent } from './compaction-finished.js';
import { estimateItemsTokens } from '../history/token-estimate.js';
import { addUsage, effectiveContextWindow } from '../rollout/format/token-info.js';
import type { ThreadState, TurnDeps } from '../thread/turn-ports.js';
import { buildCompactedHistory, summaryMessageText, userMessageTexts } from '../history/compacted-history.js';
import { dropOldestItem } from '../history/drop-oldest.js';
import { isContextWindowExceeded, throwIfAborted } from '../client/api-errors.js';
import type { ResponseItem } from '../../protocol/responses-items.js';

export async function compactLocally(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  signal: AbortSignal,
): Promise<void> {
  const pack = deps.pack;
  const tokensBefore = estimateItemsTokens(state.history);
  const { records } = state.profileThread;
  await state.writer.append([records.turnContext(settings), records.tokenCount(state.tokenInfo)]);
  // A compaction request too large for the window drops the oldest items until it fits, as Codex
  // does; the user messages kept afterwards still come from the whole history.
  let working = pairCallsWithOutputs(state.history, pack.text('tool_output/aborted.txt'));
  let dropped = 0;
  let summary: string | undefined;
  for (;;) {
    try {
      summary = await requestSummary(state, deps, settings, working, signal);
      break;
    } catch (err) {
      if (!isContextWindowExceeded(err) || working.length === 0) throw err;
      const next = dropOldestItem(working);
      working = next.items;
      dropped += next.dropped;
    }
  }
  if (dropped > 0) {
    deps.emit({ type: 'warning', message: `the compaction request did not fit the context window: its ${dropped} oldest item(s) were left out of the summary` });
  }
  const summaryText = summaryMessageText(
    pack.text('compact/summary_prefix.md'),
    pack.text('compact/summary_separator.txt'),
    summary || pack.text('compact/no_summary.txt'),
  );
  const prefixes = contextPrefixes(pack);
  const userMessages = userMessageTexts(state.history, (item) => isRealUserMessage(item, prefixes));
  const initialContext = deps.profile.buildInitialContext(pack, settings, state.baseInstructions);
  state.history = buildCompactedHistory(initialContext, userMessages, summaryText);
  state.needsInitialContext = false;
  // The rebuilt history goes into the rollout whole (it is small: capped user messages and the
  // summary), so a resume restores exactly this history and may start reading here.
  await state.writer.append([records.tokenCount(state.tokenInfo), records.compacted(summaryText, state.history), records.contextCompacted()]);
  await state.writer.flush();
  deps.emit(compactionFinishedEvent(state, tokensBefore));
}

/** One compaction request over `history`; the text of the model's last message, if any. */
async function requestSummary(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  history: readonly ResponseItem[],
  signal: AbortSignal,
): Promise<string | undefined> {
  const prompt = deps.compactPrompt ?? deps.pack.text('compact/prompt.md');
  const request = await deps.render(deps.provider.wireApi, {
    prompt: { instructions: state.baseInstructions, input: [...history, textMessage('user', prompt)], tools: [], parallelToolCalls: false },
    settings,
    rendering: deps.profile,
    promptCacheKey: state.id,
  });
  let summary: string | undefined;
  for await (const batch of deps.stream({ provider: deps.provider, request, signal })) {
    for (const event of batch) {
      throwIfAborted(signal);
      if (event.type === 'item_done' && event.item.type === 'message' && event.item.role === 'assistant') {
        summary = messageText(event.item);
      } else if (event.type === 'completed' && event.usage) {
        state.tokenInfo = addUsage(state.tokenInfo, event.usage, effectiveContextWindow(settings.model));
        await state.writer.append(state.profileThread.records.tokenCount(state.tokenInfo));
      }
    }
  }
  return summary;
}
