// One turn: record the turn's opening items, then sample → store items → run tool calls → sample
// again until the model answers without a call. Every item is appended to the rollout as it is
// kept, and the rollout is flushed before the turn is reported complete.
import { truncateOutputPayload } from '../history/truncate-output-payload.js';
import { randomUUID } from 'node:crypto';
import type { CustomToolCallItem, FunctionCallItem, ResponseItem } from '../../protocol/responses-items.js';
import type { McpHub } from '../mcp/mcp-hub.js';
import type { ToolContext, ToolResult } from '../tools/tool-context.js';
import { isMcpResourceTool, runMcpResourceTool } from '../mcp/mcp-resource-tools.js';
import { answerToolSearch, mcpToolForCall, mcpToolsDeferred, runMcpCall } from '../mcp/mcp-turn-tools.js';
import { isAbortError } from '../client/api-errors.js';
import { previousTurnOf } from '../context/previous-turn.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { UsageError, errorMessage } from '../errors.js';
import { estimateTokens } from '../history/token-estimate.js';
import { ExecSessionManager } from '../tools/unified-exec/session-manager.js';
import type { ThreadState, TurnDeps } from './turn-ports.js';
import { effectiveContextWindow } from '../rollout/format/token-info.js';
import { userInputMessage } from './user-input-message.js';
import { isCodeModeCall, runCodeModeCall } from './code-mode-calls.js';
import { recordingToolItems } from './tool-item-records.js';
import { record } from './record-items.js';
import { teamView } from './team-view.js';
import { mcpHub, sampleOnce, type ToolCallItem } from './sample-once.js';
import { goalUsageAfterCalls, goalUsageAtTurnEnd } from './goal-usage.js';

export type { StreamFn, TurnDeps } from './turn-ports.js';

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
  const turnId = deps.turnId ?? randomUUID();
  const begun = await deps.hooks?.beginTurn(state, { turnId, text: userText, images, settings, signal, emit: deps.emit });
  if (begun?.kind === 'handled') return { status: 'completed', turnId, lastMessage: begun.reply };
  if (begun) ({ text: userText, images } = begun);
  const oversized = promptOverWindow(userText, settings);
  if (oversized) {
    // Refused before anything is recorded or sent: the request could never fit.
    deps.emit({ type: 'turn_failed', turnId, message: oversized.message });
    return ended(state, deps, { status: 'failed', turnId, error: oversized });
  }
  deps.emit({ type: 'turn_started', threadId: state.id, turnId });
  // Servers due a reconnect (a login since the last turn, a reload) are reconnected now, as Codex
  // applies a queued MCP refresh when a turn starts; their tools are offered from this turn on.
  await deps.mcp?.reconnectIfDue();
  // The profile's thread builds the context and the bodies, and adds its own lines to the turn.
  const pt = state.profileThread;
  await state.writer.append(await pt.turnStarted(turnId, settings, deps.attribution));
  if (!deps.withoutInput) pt.userInputAccepted?.();
  await record(state, state.queuedForNextTurn?.splice(0) ?? []);
  const opening: ResponseItem[] = [];
  const fresh = state.needsInitialContext;
  if (fresh) {
    opening.push(
      ...pt.buildInitialContext(deps.pack, settings, state.baseInstructions, {
        includeDeveloperInstructions: state.includeDeveloperInstructions,
      }),
    );
    state.needsInitialContext = false;
  }
  opening.push(...pt.settingsUpdateItems(deps.pack, state.previousTurn, settings, state.baseInstructions, { afterFreshContext: fresh }));
  await record(state, opening);

  let lastMessage: string | undefined;
  try {
    await maybeCompact(state, deps, settings, 'pre-turn', signal);
    await state.writer.append(pt.beforePrompt(settings, teamView(state)));
    if (!deps.withoutInput) {
      const [userItem] = await record(state, [begun?.userItem ?? userInputMessage(userText, images)]);
      if (begun && userItem) deps.hooks?.userItemRecorded(userItem);
      await state.writer.append(pt.records.userMessage(userText));
      deps.emit({ type: 'user_message', text: userText, images });
    }
    await recordPendingItems(state);
    state.previousTurn = previousTurnOf(settings);

    let resamples = 0;
    for (;;) {
      const { calls, broken, cut, offered } = await sampleOnce(state, deps, settings, signal, (text) => (lastMessage = text));
      if (cut) {
        // Steered input cut the response: where the totals stand, then ask again with the input.
        deps.emit({ type: 'token_count', info: state.tokenInfo });
        await recordPendingInput(state, deps);
        continue;
      } else if (broken) {
        // The stream broke after some items were kept: ask again from the history that holds them.
        if (++resamples > MAX_RESAMPLES) throw broken;
        deps.emit({ type: 'retrying', retry: resamples, maxRetries: MAX_RESAMPLES, reason: broken.message });
      } else if (calls.length === 0 && !(await recordPendingInput(state, deps, 'followUp'))) break;
      await runCalls(state, deps, settings, calls, signal, offered);
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      goalUsageAfterCalls(state, deps, settings);
      if (calls.length > 0) await recordPendingInput(state, deps);
      await maybeCompact(state, deps, settings, 'mid-turn', signal);
    }
    await state.writer.append(pt.turnCompleted(lastMessage));
    await state.writer.flush();
    deps.emit({ type: 'turn_completed', turnId, usage: state.tokenInfo?.total_token_usage ?? null, lastMessage });
    // The turn's usage counts against the goal once its totals are out (Codex's order of notices).
    goalUsageAtTurnEnd(state, deps, settings);
    return await ended(state, deps, { status: 'completed', turnId, lastMessage });
  } catch (err) {
    if (signal.aborted || isAbortError(err)) {
      await recordInterruption(state, deps);
      deps.emit({ type: 'turn_interrupted', turnId });
      return ended(state, deps, { status: 'interrupted', turnId });
    }
    await state.writer.append(pt.turnFailed(lastMessage, err)).catch(() => undefined);
    await state.writer.flush().catch(() => undefined);
    deps.emit({ type: 'turn_failed', turnId, message: errorMessage(err) });
    return ended(state, deps, { status: 'failed', turnId, error: err });
  }
}

/** A prompt that alone exceeds the model's usable context window, as the error saying so. */
function promptOverWindow(text: string, settings: TurnSettings): UsageError | undefined {
  const window = effectiveContextWindow(settings.model);
  const tokens = estimateTokens(text);
  if (window === null || tokens <= window) return undefined;
  return new UsageError(
    `the prompt is about ${tokens} tokens, more than the ${window} tokens of ${settings.model.slug}'s context window: shorten it or send it in parts`,
  );
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
  if (deps.compactor.isDue(state, deps, settings, phase)) await deps.compactor.compact(state, deps, settings, phase, signal);
}

/** How often a turn asks again after streams that broke mid-response. */
const MAX_RESAMPLES = 3;

async function runCalls(
  state: ThreadState,
  deps: TurnDeps,
  settings: TurnSettings,
  calls: readonly ToolCallItem[],
  signal: AbortSignal,
  offered?: ReadonlySet<string>,
): Promise<void> {
  // The thread's exec sessions outlive the turn; they end with the thread (Thread.close).
  const pending = (state.pendingToolItems ??= []);
  const goals = deps.goals !== undefined ? { threadId: state.id, store: deps.goals } : undefined;
  const ctx = recordingToolItems(
    { ...deps.toolContext(settings, signal, deps.emit), sessions: (state.execSessions ??= new ExecSessionManager()), goals, agents: state.agents },
    pending,
  );
  const mcp = await mcpHub(deps, settings);
  for (const call of calls) {
    if (signal.aborted) return;
    if (call.type === 'tool_search_call') {
      const answer = answerToolSearch(call, deps.pack, mcp);
      await record(state, [answer]);
      deps.emit({ type: 'tool_output', item: answer });
      continue;
    }
    const custom = call.type === 'custom_tool_call';
    const run = (c: FunctionCallItem | CustomToolCallItem) => {
      const isCustom = c.type === 'custom_tool_call';
      const registry = () =>
        state.tools.dispatch(
          { name: c.name, arguments: isCustom ? c.input : c.arguments, callId: c.call_id, signal, kind: isCustom ? 'custom' : 'function' },
          ctx,
          offered,
        );
      return isCustom ? registry : mcpDispatch(state, deps, c, mcp, ctx, signal) ?? registry;
    };
    const dispatch = isCodeModeCall(settings, call)
      ? () => runCodeModeCall(state, deps, settings, call, ctx, mcp, signal, (nested) => run(nested)())
      : run(call);
    // Extension hooks see every call in the function form (a freeform input as `{"input": …}`).
    const hooked = custom ? { type: 'function_call' as const, name: call.name, arguments: JSON.stringify({ input: call.input }), call_id: call.call_id } : call;
    const result = deps.hooks ? await deps.hooks.runTool(state, hooked, dispatch) : await dispatch();
    const output: ResponseItem = { type: custom ? 'custom_tool_call_output' : 'function_call_output', call_id: call.call_id, output: result.output };
    await state.writer.append(pending.splice(0).flatMap((ended) => state.profileThread.toolItemCompleted(ended)));
    await record(state, [output]);
    deps.emit({ type: 'tool_output', item: output });
    if (result.followUp !== undefined) await recordFollowUp(state, result.followUp);
    await recordNotifications(state, deps);
  }
}

/**
 * How a function call reaches an MCP server: one of its tools (with events around the call), or a
 * resource tool; undefined for every other call (the registry runs it).
 */
function mcpDispatch(
  state: ThreadState,
  deps: TurnDeps,
  call: FunctionCallItem,
  mcp: McpHub | undefined,
  ctx: ToolContext,
  signal: AbortSignal,
): (() => Promise<ToolResult>) | undefined {
  const failed = (detail: string): string => ctx.texts.toolFailed(call.name, detail);
  const tool = mcp !== undefined ? mcpToolForCall(call, deps.pack, mcp) : undefined;
  if (mcp !== undefined && tool !== undefined) {
    return async () => {
      const where = { callId: call.call_id, server: tool.server, tool: tool.tool.name };
      deps.emit({ type: 'mcp_call_started', ...where, arguments: parsedArguments(call.arguments) });
      const done = await runMcpCall(tool, call, deps.pack, mcp, signal, failed);
      const isError = done.isError === true;
      deps.emit({ type: 'mcp_call_finished', ...where, arguments: done.arguments, result: done.result, error: done.error, isError, durationMs: done.durationMs });
      const result = done.result !== null ? { ...done.result, isError: done.isError } : null;
      await state.writer.append(state.profileThread.mcpCallCompleted({ ...where, arguments: done.arguments, result, error: done.error, durationMs: done.durationMs }));
      // What the model reads is cut to its truncation policy, as Codex cuts a function output it records.
      return { ...done, output: truncateOutputPayload(done.output, ctx.truncationPolicy) };
    };
  }
  // A deferred MCP tool called by its qualified name, before tool_search offered it (0.169).
  if (mcp !== undefined && call.namespace === undefined && mcpToolsDeferred(deps.pack) && mcp.byQualifiedName(call.name) !== undefined) {
    return async () => ({ output: ctx.texts.unsupportedCall(call.name), success: false });
  }
  // The resource tools: offered with any MCP server (0.169), or always by the pack (0.98).
  const offeredByPack = deps.packTools.some((t) => t.name === call.name);
  if (isMcpResourceTool(call.name) && call.namespace === undefined && !state.tools.has(call.name) && (mcp !== undefined || offeredByPack)) {
    return () => runMcpResourceTool(call.name, call.arguments, mcp, failed);
  }
  return undefined;
}

function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Items a tool adds after its output; an image handed over as a user message is logged as one (0.98). */
async function recordFollowUp(state: ThreadState, items: readonly ResponseItem[]): Promise<void> {
  await record(state, items);
  for (const item of items) {
    if (item.type !== 'message' || item.role !== 'user') continue;
    const images = item.content.flatMap((p) => (p.type === 'input_image' ? [p.image_url] : []));
    await state.writer.append(state.profileThread.records.userMessage('', images));
  }
}

/** What code-mode scripts sent with `notify()`: one more output of their `exec` call each. */
async function recordNotifications(state: ThreadState, deps: TurnDeps): Promise<void> {
  for (const note of state.codeMode?.takeNotifications() ?? []) {
    const item: ResponseItem = { type: 'custom_tool_call_output', call_id: note.callId, output: note.text };
    await record(state, [item]);
    deps.emit({ type: 'tool_output', item });
  }
}

/** Records what other agents sent the thread (multi-agent v2); true when there was some. */
async function recordPendingItems(state: ThreadState): Promise<boolean> {
  const delivered = state.pendingItems?.splice(0) ?? [];
  const { records } = state.profileThread;
  for (const { item, triggerTurn } of delivered) {
    // A message between agents: whether it starts a turn, right before it (0.169 records it so).
    const meta = triggerTurn === undefined ? undefined : records.interAgentCommunication?.(triggerTurn);
    if (meta !== undefined) await state.writer.append(meta);
    await record(state, [item]);
  }
  return delivered.length > 0;
}

/** Records input steered into the running turn; true when there was some. */
async function recordPendingInput(state: ThreadState, deps: TurnDeps, which: 'steering' | 'followUp' = 'steering'): Promise<boolean> {
  const delivered = await recordPendingItems(state);
  const continuing = state.pendingContinuing?.splice(0) ?? [];
  await record(state, continuing);
  const pending = state.pendingInput?.splice(0) ?? [];
  // Extension queues: follow-ups only when nothing else continues the turn.
  pending.push(...(deps.hooks?.takeQueued(state, pending.length > 0 ? 'steering' : which) ?? []));
  for (const input of pending) {
    await record(state, [userInputMessage(input.text, input.images)]);
    await state.writer.append(state.profileThread.records.userMessage(input.text));
    deps.emit({ type: 'user_message', text: input.text, images: input.images });
  }
  return pending.length > 0 || continuing.length > 0 || (delivered && which === 'steering');
}

/** Records a stopped turn as its generation does: the lines around the pack's marker for the model. */
export async function recordInterruptionOf(state: ThreadState, pack: TurnDeps['pack']): Promise<void> {
  const aborted = state.profileThread.turnAborted(pack, state.tokenInfo);
  await state.writer.append(aborted.before);
  await record(state, [aborted.marker]);
  await state.writer.append(aborted.after);
  await state.writer.flush();
}

async function recordInterruption(state: ThreadState, deps: TurnDeps): Promise<void> {
  try {
    await recordInterruptionOf(state, deps.pack);
  } catch (err) {
    deps.emit({ type: 'warning', message: `could not record the interruption: ${errorMessage(err)}` });
  }
}
