// Compaction under codex-0.169 (MANIFEST rule Q). Inline: a normal Responses request carrying the
// history (ids kept) and the compaction prompt as a last user message without id, no tools; the next
// context window is the initial context rebuilt for the current settings, the user's own prompts
// (their ids kept), then the summary message. Remote (v2, built-in provider): a normal turn request
// ending with a `compaction_trigger` item, whose `compaction` reply item stands for the summary.
// A model switch between catalog `comp_hash`es compacts first, with the previous model.
import type { ModelInfo } from '../../../protocol/model-catalog.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { WireOutputItem } from '../../../protocol/responses-events.js';
import { throwIfAborted } from '../../client/api-errors.js';
import { summaryMessageText } from '../../history/compacted-history.js';
import type { CompactionTrigger } from '../../compaction/compaction-trigger.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { Prompt } from '../../prompt/prompt.js';
import type { PromptRendering } from '../../prompt/render-for-wire.js';
import type { RolloutLineInput } from '../../rollout/format/writer.js';
import { contextPrefixes, isRealUserMessage } from '../../history/context-messages.js';
import { messageText, textMessage } from '../../history/message.js';
import { pairCallsWithOutputs } from '../../history/pair-calls.js';
import { estimateItemsTokens, estimateTokens } from '../../history/token-estimate.js';
import { toolsForTurn } from '../../prompt/tools-for-turn.js';
import { responseItemLine } from '../../rollout/format/records.js';
import { codex0169Records } from './records.js';
import type { ThreadState } from '../../thread/thread-state.js';
import { addUsage, effectiveContextWindow } from '../../rollout/format/token-info.js';
import type { TurnDeps } from '../../thread/turn-loop.js';
import { contextMessage, HARNESS, isBaseInstructionsMessage, type ItemMeta } from './items.js';
import type { CompactionInfo } from './turn-metadata.js';
import { compactionFinishedEvent } from '../../compaction/compaction-finished.js';

/** Codex keeps at most this many estimated tokens of user prompts across a compaction. */
const USER_PROMPTS_TOKEN_CAP = 20_000;

/** What the compaction needs from its thread (see thread-session.ts). */
export interface CompactingThread {
  readonly threadId: string;
  /** The settings the request is made with: with `previousModel` when the model changed generation. */
  requestSettings(settings: TurnSettings, previousModel: string | undefined): TurnSettings;
  compHashChanged(previousModel: string, next: TurnSettings): boolean;
  /** How a compaction request is rendered: the thread's rendering, with the compaction in its metadata. */
  compactionRendering(compaction: CompactionInfo): PromptRendering;
  /** The first items of the next window, rebuilt for `settings` (base instructions included when they change). */
  nextWindow(state: ThreadState, settings: TurnSettings): ResponseItem[];
  /** A model output item as the thread keeps it. */
  modelItem(item: ResponseItem, raw: WireOutputItem): ResponseItem;
  /** Metadata of the items the compaction creates (the current turn's). */
  itemMeta(): ItemMeta;
  /** Lines recorded when a compaction starts (the usage so far). */
  compactionStarted(state: ThreadState): RolloutLineInput[];
  /** Lines recording that the new window is in place (a pre-turn one defers them to the turn). */
  compactionFinished(state: ThreadState, trigger: CompactionTrigger): RolloutLineInput[];
  /** The response whose usage is reported next. */
  responseCompleted(responseId: string, model: ModelInfo): void;
  /** Opens the next context window; returns the line recording the compaction. */
  windowCompacted(message: string, replacement: readonly ResponseItem[]): RolloutLineInput;
}

/** The user's own prompts, most recent last, whole, within the token cap. */
export function retainedPrompts(history: readonly ResponseItem[], isReal: (item: ResponseItem) => boolean): ResponseItem[] {
  const kept: ResponseItem[] = [];
  let budget = USER_PROMPTS_TOKEN_CAP;
  const prompts = history.filter(isReal);
  for (let i = prompts.length - 1; i >= 0; i--) {
    const item = prompts[i] as ResponseItem;
    const cost = estimateTokens(messageText(item) ?? '');
    if (cost > budget) break;
    budget -= cost;
    kept.unshift(item);
  }
  return kept;
}

export async function compactThread(
  thread: CompactingThread,
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  trigger: CompactionTrigger,
  signal: AbortSignal,
): Promise<void> {
  const pack = deps.pack;
  const tokensBefore = estimateItemsTokens(state.history);
  const switched = trigger === 'pre-turn' && thread.compHashChanged(state.previousTurn.model, settings);
  const remote = deps.remoteCompact !== undefined && !switched;
  const compaction: CompactionInfo = {
    trigger: trigger === 'manual' ? 'manual' : 'auto',
    reason: trigger === 'manual' ? 'user_requested' : switched ? 'comp_hash_changed' : 'context_limit',
    implementation: remote ? 'responses_compaction_v2' : 'responses',
    phase: trigger === 'manual' ? 'standalone_turn' : trigger === 'pre-turn' ? 'pre_turn' : 'mid_turn',
  };
  const history = pairCallsWithOutputs(state.history, pack.text('tool_output/aborted.txt'));
  const requestSettings = thread.requestSettings(settings, switched ? state.previousTurn.model : undefined);
  const input: ResponseItem[] = remote
    ? [...history, { type: 'compaction_trigger' }]
    : [...history, textMessage('user', deps.compactPrompt ?? pack.text('compact/prompt.md'))];
  const prompt: Prompt = {
    instructions: state.baseInstructions,
    input,
    tools: remote ? turnTools(deps, state, requestSettings) : [],
    parallelToolCalls: remote ? requestSettings.model.supports_parallel_tool_calls : false,
  };
  const rendering = thread.compactionRendering(compaction);
  const request = await deps.render(deps.provider.wireApi, { prompt, settings: requestSettings, rendering, promptCacheKey: thread.threadId });

  await state.writer.append(thread.compactionStarted(state));
  let summary: string | undefined;
  let compacted: ResponseItem | undefined;
  for await (const batch of deps.stream({ provider: deps.provider, request, signal })) {
    for (const event of batch) {
      throwIfAborted(signal);
      if (event.type === 'item_done') {
        const item = thread.modelItem(event.item, event.raw);
        if (item.type === 'message' && item.role === 'assistant') summary = messageText(item);
        if (item.type === 'compaction') compacted = { ...item, ...(typeof event.raw.id === 'string' ? { id: event.raw.id } : {}) };
        // Recorded, not kept: the next window replaces the history.
        await state.writer.append(responseItemLine(item));
      } else if (event.type === 'completed' && event.usage) {
        thread.responseCompleted(event.responseId, requestSettings.model);
        state.tokenInfo = addUsage(state.tokenInfo, event.usage, effectiveContextWindow(requestSettings.model));
        await state.writer.append(codex0169Records.tokenCount(state.tokenInfo));
      }
    }
  }

  const prefixes = contextPrefixes(pack);
  const prompts = retainedPrompts(state.history, (item) => isRealUserMessage(item, prefixes));
  const window = thread.nextWindow(state, settings);
  let message: string;
  let closing: ResponseItem;
  if (remote && compacted) {
    message = '';
    closing = compacted;
  } else {
    message = summaryMessageText(
      pack.text('compact/summary_prefix.md'),
      pack.text('compact/summary_separator.txt'),
      summary || (pack.has('compact/no_summary.txt') ? pack.text('compact/no_summary.txt') : ''),
    );
    closing = contextMessage('user', [{ text: message, kind: 'compaction.summary', provenance: HARNESS }], thread.itemMeta());
  }
  state.history = replacementHistory(window, prompts, closing, trigger);
  state.needsInitialContext = false;
  await state.writer.append([thread.windowCompacted(message, state.history), ...thread.compactionFinished(state, trigger)]);
  await state.writer.flush();
  deps.emit(compactionFinishedEvent(state, tokensBefore));
}

/**
 * The next window's items. After a manual compaction Codex 0.169 puts the rebuilt context just
 * before the last kept prompt (recorded in appserver-0.169 d); the base instructions and a code-mode
 * tools item stay in front. Otherwise the context opens the window.
 */
export function replacementHistory(window: readonly ResponseItem[], prompts: readonly ResponseItem[], closing: ResponseItem, trigger: CompactionTrigger): ResponseItem[] {
  const last = prompts[prompts.length - 1];
  if (trigger !== 'manual' || last === undefined) return [...window, ...prompts, closing];
  const lead = window.filter((item) => item.type === 'additional_tools' || isBaseInstructionsMessage(item));
  const context = window.filter((item) => !lead.includes(item));
  return [...lead, ...prompts.slice(0, -1), ...context, last, closing];
}

/** The tools of a remote compaction request: those of a normal request of the turn. */
export function turnTools(deps: TurnDeps, state: ThreadState, settings: TurnSettings): ReturnType<typeof toolsForTurn> {
  return [...toolsForTurn(deps.packTools, settings), ...state.extraToolSpecs];
}
