// One turn: record the turn's opening items, then sample → store items → run tool calls → sample
// again until the model answers without a call. Every item is appended to the rollout as it is
// kept, and the rollout is flushed before the turn is reported complete.
import { randomUUID } from 'node:crypto';
import type { FunctionCallItem, ResponseItem, ToolSearchCallItem } from '../../protocol/responses-items.js';
import type { McpHub } from '../mcp/mcp-hub.js';
import type { McpSession } from '../mcp/mcp-session.js';
import { isMcpResourceTool, runMcpResourceTool } from '../mcp/mcp-resource-tools.js';
import { answerToolSearch, mcpToolForCall, runMcpCall, withMcpTools } from '../mcp/mcp-turn-tools.js';
import { isAbortError, StreamInterruptedError } from '../client/api-errors.js';
import type { ClientEvent } from '../client/client-events.js';
import type { ProviderSettings } from '../client/provider.js';
import { previousTurnOf } from '../context/settings-update.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { errorMessage } from '../errors.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { textMessage, messageText } from '../history/message.js';
import type { Pack } from '../pack/load-pack.js';
import type { CompatProfile } from '../profile/profile.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';
import type { ToolSpec } from '../../protocol/responses-request.js';
import type { ToolContext } from '../tools/tool-registry.js';
import {
  agentMessageEvent,
  agentReasoningEvent,
  responseItemLine,
  tokenCountEvent,
  turnAbortedEvent,
  turnContextLine,
  userMessageEvent,
} from './rollout-records.js';
import type { ThreadEventListener } from './thread-events.js';
import type { ThreadState } from './thread-state.js';
import { addUsage, effectiveContextWindow } from './token-info.js';
import { userInputMessage } from './user-input-message.js';
import { autoCompactTokenLimit, shouldAutoCompact } from '../compaction/compaction-trigger.js';
import { compactHistory } from '../compaction/compact-history.js';
import type { PostCompactFn } from '../compaction/remote-compaction.js';
import type { TurnHooks } from '../extensions/turn-hooks.js';

export type StreamFn = (opts: { provider: ProviderSettings; body: ResponsesRequestBody; signal?: AbortSignal }) => AsyncIterable<ClientEvent>;

export interface TurnDeps {
  readonly profile: CompatProfile;
  readonly pack: Pack;
  readonly packTools: readonly ToolSpec[];
  readonly provider: ProviderSettings;
  readonly stream: StreamFn;
  readonly toolContext: (settings: TurnSettings, signal: AbortSignal, emit: ThreadEventListener) => ToolContext;
  readonly emit: ThreadEventListener;
  /** config `compact_prompt`: replaces the pack's compaction prompt. */
  readonly compactPrompt?: string | undefined;
  /** Set when the provider compacts remotely (`POST /responses/compact`). */
  readonly remoteCompact?: PostCompactFn | undefined;
  /** config `model_auto_compact_token_limit`. */
  readonly autoCompactTokenLimit?: number | undefined;
  /** A JSON schema the final answer must follow. */
  readonly outputSchema?: unknown;
  /** Extension hooks (src/extensions/); absent, the turn runs exactly as without extensions. */
  readonly hooks?: TurnHooks | undefined;
  /** The thread's MCP servers, when the configuration has any. */
  readonly mcp?: McpSession | undefined;
}

/** A call the client answers: a function call, or (0.169) a client-side tool search. */
type PendingCall = FunctionCallItem | ToolSearchCallItem;

export type TurnOutcome =
  | { status: 'completed'; turnId: string; lastMessage: string | undefined }
  | { status: 'interrupted'; turnId: string }
  | { status: 'failed'; turnId: string; error: unknown };

export async function runTurn(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  userText: string,
  signal: AbortSignal,
  images: readonly string[] = [],
): Promise<TurnOutcome> {
  const turnId = randomUUID();
  const begun = await deps.hooks?.beginTurn(state, { turnId, text: userText, images, settings, signal, emit: deps.emit });
  if (begun?.kind === 'handled') return { status: 'completed', turnId, lastMessage: begun.reply };
  if (begun) ({ text: userText, images } = begun);
  deps.emit({ type: 'turn_started', threadId: state.id, turnId });
  // A profile with per-thread behaviour (codex-0.169) builds the context and bodies itself.
  const pt = state.profileThread;
  const profile = pt ?? deps.profile;
  if (pt) await state.writer.append(await pt.turnStarted(turnId, settings));
  const opening: ResponseItem[] = [];
  const fresh = state.needsInitialContext;
  if (fresh) {
    opening.push(
      ...profile.buildInitialContext(deps.pack, settings, state.baseInstructions, {
        includeDeveloperInstructions: state.includeDeveloperInstructions,
      }),
    );
    state.needsInitialContext = false;
  }
  opening.push(...profile.settingsUpdateItems(deps.pack, state.previousTurn, settings, state.baseInstructions, { afterFreshContext: fresh }));
  await record(state, opening);

  try {
    await maybeCompact(state, deps, settings, 'pre-turn', signal);
    if (pt) await state.writer.append(pt.beforePrompt(settings));
    await record(state, [begun?.userItem ?? userInputMessage(userText, images)]);
    await state.writer.append(userMessageEvent(userText));
    deps.emit({ type: 'user_message', text: userText, images });
    state.previousTurn = previousTurnOf(settings);

    let lastMessage: string | undefined;
    let resamples = 0;
    for (;;) {
      const { calls, broken } = await sampleOnce(state, deps, settings, signal, (text) => (lastMessage = text));
      if (broken) {
        // The stream broke after some items were kept: ask again from the history that holds them.
        if (++resamples > MAX_RESAMPLES) throw broken;
        deps.emit({ type: 'retrying', attempt: resamples + 1, maxAttempts: MAX_RESAMPLES + 1, reason: broken.message });
      } else if (calls.length === 0 && !(await recordPendingInput(state, deps, 'followUp'))) break;
      await runCalls(state, deps, settings, calls, signal);
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      if (calls.length > 0) await recordPendingInput(state, deps);
      await maybeCompact(state, deps, settings, 'mid-turn', signal);
    }
    if (pt) await state.writer.append(pt.turnCompleted(lastMessage));
    await state.writer.flush();
    deps.emit({ type: 'turn_completed', turnId, usage: state.tokenInfo?.total_token_usage ?? null, lastMessage });
    return await ended(state, deps, { status: 'completed', turnId, lastMessage });
  } catch (err) {
    if (signal.aborted || isAbortError(err)) {
      await recordInterruption(state, deps);
      deps.emit({ type: 'turn_interrupted', turnId });
      return ended(state, deps, { status: 'interrupted', turnId });
    }
    await state.writer.flush().catch(() => undefined);
    deps.emit({ type: 'turn_failed', turnId, message: errorMessage(err) });
    return ended(state, deps, { status: 'failed', turnId, error: err });
  }
}

/** Tells the extension hooks (if any) that the turn ended; returns the outcome. */
async function ended(state: ThreadState, deps: TurnDeps, outcome: TurnOutcome): Promise<TurnOutcome> {
  await deps.hooks?.endTurn(state, { turnId: outcome.turnId, status: outcome.status });
  return outcome;
}

async function maybeCompact(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  phase: 'pre-turn' | 'mid-turn',
  signal: AbortSignal,
): Promise<void> {
  const modelChange = phase === 'pre-turn' && (state.profileThread?.compactsBeforeTurn(state.previousTurn, settings) ?? false);
  if (modelChange || shouldAutoCompact(state, autoCompactTokenLimit(settings, deps.autoCompactTokenLimit))) {
    await compactHistory(state, deps, settings, phase, signal);
  }
}

async function record(state: ThreadState, items: readonly ResponseItem[]): Promise<void> {
  if (items.length === 0) return;
  const pt = state.profileThread;
  const kept = pt ? items.map((item) => pt.decorateItem(item)) : items;
  state.history.push(...kept);
  await state.writer.append(kept.map(responseItemLine));
}

/** How often a turn asks again after streams that broke mid-response. */
const MAX_RESAMPLES = 3;

/**
 * One sampling request: the function calls the model made, and the error when the stream broke
 * after items were already kept (the client does not resend then; see StreamInterruptedError).
 */
async function sampleOnce(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  signal: AbortSignal,
  onMessage: (text: string) => void,
): Promise<{ calls: PendingCall[]; broken?: StreamInterruptedError }> {
  const mcp = await mcpHub(deps, settings);
  await state.writer.append([turnContextLine(settings), tokenCountEvent(state.tokenInfo)]);
  deps.emit({ type: 'token_count', info: state.tokenInfo });
  const request = { instructions: state.baseInstructions, input: pairCallsWithOutputs(state.history, deps.pack.text('tool_output/aborted.txt')) };
  const sent = deps.hooks ? await deps.hooks.context(state, request) : request;
  const body = (state.profileThread ?? deps.profile).renderBody(
    {
      instructions: sent.instructions,
      input: sent.input,
      tools: [...withMcpTools(toolsForTurn(deps.packTools, settings.sandbox), deps.pack, mcp), ...state.extraToolSpecs],
      parallelToolCalls: settings.model.supports_parallel_tool_calls,
      outputSchema: deps.outputSchema,
    },
    settings,
    { promptCacheKey: state.id },
  );
  const calls: PendingCall[] = [];
  try {
    await consumeStream(state, deps, settings, body, signal, calls, onMessage);
  } catch (err) {
    if (err instanceof StreamInterruptedError && !signal.aborted) return { calls, broken: err };
    throw err;
  }
  return { calls };
}

async function consumeStream(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  body: ResponsesRequestBody,
  signal: AbortSignal,
  calls: PendingCall[],
  onMessage: (text: string) => void,
): Promise<void> {
  for await (const event of deps.stream({ provider: deps.provider, body, signal })) {
    switch (event.type) {
      case 'text_delta':
        deps.emit({ type: 'text_delta', itemId: event.itemId, delta: event.delta });
        break;
      case 'reasoning_summary_delta':
        deps.emit({ type: 'reasoning_delta', itemId: event.itemId, delta: event.delta });
        break;
      case 'item_done': {
        const item = state.profileThread?.modelItem(event.item, event.raw) ?? event.item;
        await keepModelItem(state, deps, item, onMessage);
        if (item.type === 'function_call') calls.push(item);
        else if (item.type === 'tool_search_call' && item.execution === 'client') calls.push(item);
        break;
      }
      case 'retrying':
        deps.emit({ type: 'retrying', attempt: event.attempt, maxAttempts: event.maxAttempts, reason: event.reason });
        break;
      case 'item_skipped':
        deps.emit({ type: 'warning', message: `a ${String(event.raw.type)} item from the model was not kept: ${event.reason}` });
        break;
      case 'completed':
        if (event.usage) {
          state.profileThread?.responseCompleted?.(event.responseId);
          state.tokenInfo = addUsage(state.tokenInfo, event.usage, effectiveContextWindow(settings.model));
          await state.writer.append(tokenCountEvent(state.tokenInfo));
          deps.emit({ type: 'token_count', info: state.tokenInfo });
        }
        break;
      case 'created':
      case 'item_added':
      case 'reasoning_summary_part_added':
      case 'reasoning_text_delta':
        break;
      default: {
        const never: never = event;
        void never;
      }
    }
  }
}

async function keepModelItem(state: ThreadState, deps: TurnDeps, item: ResponseItem, onMessage: (text: string) => void): Promise<void> {
  // Codex writes the display event before the item itself.
  if (item.type === 'message' && item.role === 'assistant') {
    const text = messageText(item) ?? '';
    onMessage(text);
    await state.writer.append(agentMessageEvent(text));
  } else if (item.type === 'reasoning') {
    await state.writer.append(item.summary.map((part) => agentReasoningEvent(part.text)));
  }
  await record(state, [item]);
  deps.emit({ type: 'model_item', item });
}

async function runCalls(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  calls: readonly PendingCall[],
  signal: AbortSignal,
): Promise<void> {
  const ctx = deps.toolContext(settings, signal, deps.emit);
  const mcp = await mcpHub(deps, settings);
  for (const call of calls) {
    if (signal.aborted) return;
    if (call.type === 'tool_search_call') {
      const answer = answerToolSearch(call, deps.pack, mcp);
      await record(state, [answer]);
      deps.emit({ type: 'tool_output', item: answer });
      continue;
    }
    const mcpTool = mcp !== undefined ? mcpToolForCall(call, deps.pack, mcp) : undefined;
    const dispatch =
      mcp !== undefined && mcpTool !== undefined
        ? async () => {
            const where = { callId: call.call_id, server: mcpTool.server, tool: mcpTool.tool.name };
            deps.emit({ type: 'mcp_call_started', ...where, arguments: parsedArguments(call.arguments) });
            const done = await runMcpCall(mcpTool, call, deps.pack, mcp, signal, (detail) => ctx.texts.toolFailed(call.name, detail));
            deps.emit({ type: 'mcp_call_finished', ...where, arguments: done.arguments, result: done.result, error: done.error, durationMs: done.durationMs });
            return done;
          }
        : isMcpResourceTool(call.name) && call.namespace === undefined && !state.tools.has(call.name) && (mcp !== undefined || offered(deps, call.name))
          ? () => runMcpResourceTool(call.name, call.arguments, mcp, (detail) => ctx.texts.toolFailed(call.name, detail))
          : () => state.tools.dispatch({ name: call.name, arguments: call.arguments, callId: call.call_id, signal }, ctx);
    const result = deps.hooks ? await deps.hooks.runTool(state, call, dispatch) : await dispatch();
    const output: ResponseItem = { type: 'function_call_output', call_id: call.call_id, output: result.output };
    await record(state, [output]);
    deps.emit({ type: 'tool_output', item: output });
  }
}

/** Whether the pack's tools offer `name` (0.98 offers the MCP resource tools with or without servers). */
function offered(deps: TurnDeps, name: string): boolean {
  return deps.packTools.some((t) => t.name === name);
}

function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The thread's MCP servers (started on first use), with their new warnings emitted. */
async function mcpHub(deps: TurnDeps, settings: TurnSettings): Promise<McpHub | undefined> {
  if (deps.mcp === undefined) return undefined;
  const hub = await deps.mcp.hub(settings.cwd);
  for (const message of hub.takeWarnings()) deps.emit({ type: 'warning', message });
  return hub;
}

/** Records input steered into the running turn; true when there was some. */
async function recordPendingInput(state: ThreadState, deps: TurnDeps, which: 'steering' | 'followUp' = 'steering'): Promise<boolean> {
  const pending = state.pendingInput?.splice(0) ?? [];
  // Extension queues: follow-ups only when nothing else continues the turn.
  pending.push(...(deps.hooks?.takeQueued(state, pending.length > 0 ? 'steering' : which) ?? []));
  for (const input of pending) {
    await record(state, [userInputMessage(input.text, input.images)]);
    await state.writer.append(userMessageEvent(input.text));
    deps.emit({ type: 'user_message', text: input.text, images: input.images });
  }
  return pending.length > 0;
}

async function recordInterruption(state: ThreadState, deps: TurnDeps): Promise<void> {
  try {
    await record(state, [textMessage('user', deps.pack.text('turn_aborted.md'))]);
    await state.writer.append(turnAbortedEvent('interrupted'));
    await state.writer.flush();
  } catch (err) {
    deps.emit({ type: 'warning', message: `could not record the interruption: ${errorMessage(err)}` });
  }
}
