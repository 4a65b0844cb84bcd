// One sampling request of a turn: the prompt from the history as it stands, rendered once for the
// provider's wire (the render port), sent (the stream port), and each streamed item kept as it
// arrives. The tools the request offered are read from the request itself.
import type { CustomToolCallItem, FunctionCallItem, ResponseItem, ToolSearchCallItem } from '../../protocol/responses-items.js';
import type { WireRequest } from '../../protocol/wire-request.js';
import { StreamInterruptedError, throwIfAborted } from '../client/api-errors.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { messageText } from '../history/message.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import type { McpHub } from '../mcp/mcp-hub.js';
import { withMcpTools } from '../mcp/mcp-turn-tools.js';
import { offeredToolNames } from '../prompt/render-for-wire.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';
import { addUsage, effectiveContextWindow } from '../rollout/format/token-info.js';
import { goalTokensOf } from '../tools/goals/thread-goal.js';
import { record } from './record-items.js';
import { teamView } from './team-view.js';
import type { ThreadState, TurnDeps } from './turn-ports.js';

/** A call the client answers: a function or freeform tool call, or (0.169) a client-side tool search. */
export type ToolCallItem = FunctionCallItem | CustomToolCallItem | ToolSearchCallItem;

/**
 * One sampling request: the function calls the model made, and the error when the stream broke
 * after items were already kept (the client does not resend then; see StreamInterruptedError).
 */
export async function sampleOnce(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  signal: AbortSignal,
  onMessage: (text: string) => void,
): Promise<{ calls: ToolCallItem[]; broken?: StreamInterruptedError; cut?: boolean; offered?: ReadonlySet<string> }> {
  const mcp = await mcpHub(deps, settings);
  const { records } = state.profileThread;
  await state.writer.append([records.turnContext(settings), records.tokenCount(state.tokenInfo), ...state.profileThread.samplingStarted(settings, teamView(state))]);
  deps.emit({ type: 'token_count', info: state.tokenInfo });
  const input = state.profileThread.requestHistory(pairCallsWithOutputs(state.history, deps.pack.text('tool_output/aborted.txt')), deps.pack);
  const context = { instructions: state.baseInstructions, input };
  const sent = deps.hooks ? await deps.hooks.context(state, context) : context;
  const request = await deps.render(deps.provider.wireApi, {
    prompt: {
      instructions: sent.instructions,
      input: sent.input,
      tools: [...withMcpTools(toolsForTurn(deps.packTools, settings), deps.pack, mcp, { appsServer: deps.provider.auth !== undefined }), ...state.extraToolSpecs],
      parallelToolCalls: settings.model.supports_parallel_tool_calls,
      // A null schema (JSON clients send one for "none") means no schema, like an absent one.
      outputSchema: deps.outputSchema ?? undefined,
    },
    settings,
    rendering: state.profileThread,
    promptCacheKey: state.id,
  });
  const calls: ToolCallItem[] = [];
  const offered = offeredToolNames(request);
  // The response can be cut alone (steered input), or with the turn.
  const cut = new AbortController();
  const onTurnAbort = (): void => cut.abort(signal.reason);
  // A turn stopped before its request is sent sends nothing (an abort listener added now never fires).
  if (signal.aborted) onTurnAbort();
  signal.addEventListener('abort', onTurnAbort, { once: true });
  state.cutSample = cut;
  try {
    // The answer may take long: what the turn wrote before it is made durable first (one commit for a
    // store that groups lines; nothing for files), so a process lost while waiting keeps it.
    await state.writer.commit();
    await consumeStream(state, deps, settings, request, cut.signal, calls, onMessage);
  } catch (err) {
    if (cut.signal.aborted && !signal.aborted) return { calls, cut: true };
    if (err instanceof StreamInterruptedError && !signal.aborted) return { calls, broken: err, offered };
    throw err;
  } finally {
    signal.removeEventListener('abort', onTurnAbort);
    state.cutSample = undefined;
  }
  return { calls, offered };
}

async function consumeStream(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  request: WireRequest,
  signal: AbortSignal,
  calls: ToolCallItem[],
  onMessage: (text: string) => void,
): Promise<void> {
  for await (const batch of deps.stream({ provider: deps.provider, request, signal })) {
    // The wire checked the signal before the batch; an item kept below may take a while, during
    // which the sample can be cut, so it is checked again before each event.
    for (const event of batch) {
      throwIfAborted(signal);
      switch (event.type) {
        case 'text_delta':
          deps.emit({ type: 'text_delta', itemId: event.itemId, delta: event.delta });
          break;
        case 'reasoning_summary_delta':
          deps.emit({ type: 'reasoning_delta', itemId: event.itemId, delta: event.delta });
          break;
        case 'item_done': {
          const item = state.profileThread.modelItem(event.item, event.raw);
          await keepModelItem(state, deps, item, onMessage);
          if (item.type === 'function_call' || item.type === 'custom_tool_call') calls.push(item);
          else if (item.type === 'tool_search_call' && item.execution === 'client') calls.push(item);
          break;
        }
        case 'retrying':
          deps.emit({ type: 'retrying', retry: event.attempt - 1, maxRetries: event.maxAttempts - 1, reason: event.reason });
          break;
        case 'item_skipped':
          deps.emit({ type: 'warning', message: `a ${String(event.raw.type)} item from the model was not kept: ${event.reason}` });
          break;
        case 'warning':
          deps.emit({ type: 'warning', message: event.message });
          break;
        case 'completed':
          if (event.usage) {
            state.profileThread.responseCompleted(event.responseId, settings.model);
            state.tokenInfo = addUsage(state.tokenInfo, event.usage, effectiveContextWindow(settings.model));
            // Counted against the goal once the response's calls have run (goal-usage.ts).
            state.uncountedGoalTokens = (state.uncountedGoalTokens ?? 0) + goalTokensOf(event.usage);
            await state.writer.append(state.profileThread.records.tokenCount(state.tokenInfo));
            deps.emit({ type: 'token_count', info: state.tokenInfo });
          }
          break;
        case 'rate_limits': {
          // The default limit is the one a token count reports (others are the app-server's to read).
          const codex = event.snapshots.find((s) => s.limit_id === 'codex');
          if (codex) {
            state.profileThread.rateLimitsReported(codex);
            deps.emit({ type: 'rate_limits', snapshot: codex });
          }
          break;
        }
        case 'item_added':
          state.profileThread.modelItemStarted?.(event.item);
          break;
        case 'created':
        case 'reasoning_summary_part_added':
        case 'reasoning_text_delta':
        // The engine's stream port takes the catalog version before the loop sees the answer.
        case 'models_etag':
          break;
        default: {
          const never: never = event;
          void never;
        }
      }
    }
  }
}

async function keepModelItem(state: ThreadState, deps: TurnDeps, item: ResponseItem, onMessage: (text: string) => void): Promise<void> {
  // Codex writes the display event before the item itself.
  if (item.type === 'message' && item.role === 'assistant') {
    const text = messageText(item) ?? '';
    onMessage(text);
    await state.writer.append(state.profileThread.records.agentMessage(text));
  } else if (item.type === 'reasoning') {
    await state.writer.append(item.summary.map((part) => state.profileThread.records.agentReasoning(part.text)));
  }
  await record(state, [item]);
  deps.emit({ type: 'model_item', item });
}

/** The thread's MCP servers (started on first use), with their new warnings emitted. */
export async function mcpHub(deps: TurnDeps, settings: TurnSettings): Promise<McpHub | undefined> {
  if (deps.mcp === undefined) return undefined;
  const hub = await deps.mcp.hub(settings.cwd);
  for (const message of hub.takeWarnings()) deps.emit({ type: 'warning', message });
  return hub;
}
