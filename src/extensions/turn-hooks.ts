// The seam between the turn loop and extensions. The loop holds an optional `TurnHooks` and calls
// it at fixed points: before anything of a turn is recorded (commands, input, beforeTurn), before
// each request (context, wire mapping, assembly strategy), around each tool call (steering skip,
// toolCall, execution events, toolResult), for queued messages, and when the turn ends. One
// instance serves one thread: it owns the thread's queues and its extension messages.
import type { FunctionCallItem, ResponseItem } from '../../protocol/responses-items.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { textMessage } from '../history/message.js';
import type { Pack } from '../pack/load-pack.js';
import type { PendingInput, ThreadState, TurnBegin, TurnEnd, TurnHooks, TurnStart } from '../thread/turn-ports.js';
import { userInputMessage } from '../thread/user-input-message.js';
import type { ToolResult } from '../tools/tool-registry.js';
import type { AssembleContext, AssembledRequest, ContextEntry, Extension, ExtensionContext, ExtensionMessage } from './extension.js';
import { loadExtensionTexts, type ExtensionTexts } from './extension-texts.js';
import { AnchoredMessages } from './message-anchors.js';
import { extensionMessageLine, type RestoredMessage } from './message-line.js';
import { MessageQueues, type QueueName } from './message-queues.js';
import { toWire } from './message-wire.js';
import type { Completer } from './model-complete.js';
import type { ExtensionRegistry } from './registry.js';
import { runAssembleHandlers } from './run-assemble.js';
import { runBeforeTurnHandlers } from './run-before-turn.js';
import { runCommand } from './run-commands.js';
import { runContextHandlers } from './run-context.js';
import { emitExtensionEvent } from './run-events.js';
import { runInputHandlers } from './run-input.js';
import { runToolCallHandlers } from './run-tool-call.js';
import { runToolResultHandlers } from './run-tool-result.js';

export type { TurnBegin, TurnEnd, TurnHooks, TurnStart };

export interface TurnHooksOptions {
  readonly registry: ExtensionRegistry;
  readonly pack: Pack;
  readonly complete: Completer;
  /** Extension messages of a reopened thread (see restoreExtensionMessages). */
  readonly restored?: readonly RestoredMessage[];
  /** Texts to use instead of the pack's optional files (tests). */
  readonly texts?: ExtensionTexts;
}

interface ActiveTurn extends TurnStart {
  userItem?: ResponseItem;
  developerInstructions?: string | undefined;
}

export function createTurnHooks(opts: TurnHooksOptions): TurnHooks {
  return new ExtensionTurnHooks(opts);
}

class ExtensionTurnHooks implements TurnHooks {
  readonly #queues = new MessageQueues();
  readonly #anchors = new AnchoredMessages();
  /** Messages placed in memory whose rollout line waits until their item is written. */
  #unwritten: ExtensionMessage[] = [];
  #turn: ActiveTurn | undefined;
  #texts: Promise<ExtensionTexts> | undefined;
  readonly #extensions: readonly Extension[];
  readonly #prefixes;

  constructor(private readonly opts: TurnHooksOptions) {
    this.#extensions = opts.registry.list();
    this.#prefixes = contextPrefixes(opts.pack);
    for (const { anchor, message } of opts.restored ?? []) this.#anchors.add(anchor, message);
    if (opts.texts) this.#texts = Promise.resolve(opts.texts);
  }

  async beginTurn(state: ThreadState, turn: TurnStart): Promise<TurnBegin> {
    this.#turn = { ...turn };
    const ctx = this.#context(state);
    const command = await runCommand(this.opts.registry, turn.text, ctx);
    if (command) return this.#handled(command.reply);
    const input = await runInputHandlers(this.#extensions, { text: turn.text, images: turn.images }, ctx);
    if (input.kind === 'handled') return this.#handled(input.reply);
    const before = await runBeforeTurnHandlers(
      this.#extensions,
      { prompt: input.text, images: input.images, configuredDeveloperInstructions: turn.settings.developerInstructions },
      ctx,
    );
    const userItem = userInputMessage(input.text, input.images);
    for (const message of before.messages) this.#anchors.add(userItem, message);
    this.#unwritten.push(...before.messages);
    this.#turn.userItem = userItem;
    this.#turn.developerInstructions = before.developerInstructions;
    await emitExtensionEvent(this.#extensions, { type: 'turnStart', turnId: turn.turnId, prompt: input.text }, ctx);
    return { kind: 'run', userItem, text: input.text, images: input.images };
  }

  userItemRecorded(item: ResponseItem): void {
    const turn = this.#turn;
    if (turn?.userItem === undefined || turn.userItem === item) return;
    // Messages anchored to the item as made follow it as kept, or they would be lost with it.
    this.#anchors.move(turn.userItem, item);
    turn.userItem = item;
  }

  async context(state: ThreadState, request: AssembledRequest): Promise<AssembledRequest> {
    await this.#writePending(state);
    const ctx = this.#context(state);
    let entries: readonly ContextEntry[] = this.#anchors.interleave(request.input, state.history);
    const developer = this.#turn?.developerInstructions;
    if (developer !== undefined) entries = beforeItem(entries, this.#turn?.userItem, textMessage('developer', developer));
    entries = await runContextHandlers(this.#extensions, entries, ctx);
    const fromMessages = new WeakSet<ResponseItem>();
    const input = toWire(entries, this.opts.registry.messageTypes(), await this.#loadTexts(), fromMessages);
    const assembled: AssembleContext = {
      ...ctx,
      isUserPrompt: (item) => !fromMessages.has(item) && isRealUserMessage(item, this.#prefixes),
    };
    return runAssembleHandlers(this.#extensions, { instructions: request.instructions, input }, assembled);
  }

  async runTool(state: ThreadState, call: FunctionCallItem, execute: () => Promise<ToolResult>): Promise<ToolResult> {
    if (this.#queues.steeringQueued) return { output: (await this.#loadTexts()).skippedOutput, success: false };
    const ctx = this.#context(state);
    const event = { callId: call.call_id, name: call.name, arguments: call.arguments };
    const decision = await runToolCallHandlers(this.#extensions, event, ctx);
    if (decision.kind === 'blocked') return { output: decision.reason, success: false };
    await emitExtensionEvent(this.#extensions, { type: 'toolExecutionStart', ...event }, ctx);
    const result = await execute();
    const isError = result.success === false;
    await emitExtensionEvent(this.#extensions, { type: 'toolExecutionEnd', ...event, output: result.output, isError }, ctx);
    const final = await runToolResultHandlers(this.#extensions, event, { output: result.output, isError }, ctx);
    if (final.output === result.output && final.isError === isError) return result;
    return { output: final.output, success: !final.isError };
  }

  takeQueued(_state: ThreadState, which: QueueName): PendingInput[] {
    return this.#queues.take(which).map((text) => ({ text, images: [] }));
  }

  async endTurn(state: ThreadState, turn: TurnEnd): Promise<void> {
    try {
      await this.#writePending(state);
      await emitExtensionEvent(this.#extensions, { type: 'turnEnd', turnId: turn.turnId, status: turn.status }, this.#context(state));
    } finally {
      this.#turn = undefined;
    }
  }

  #handled(reply: string | undefined): TurnBegin {
    this.#turn = undefined;
    return { kind: 'handled', reply };
  }

  #context(state: ThreadState): ExtensionContext {
    const turn = this.#turn;
    const signal = turn?.signal ?? new AbortController().signal;
    const warn = (message: string): void => turn?.emit({ type: 'warning', message });
    return {
      threadId: state.id,
      cwd: turn?.settings.cwd ?? '',
      signal,
      pack: this.opts.pack,
      steer: (text) => this.#queues.steer(text),
      followUp: (text) => this.#queues.followUp(text),
      sendMessage: async (message) => {
        // Anchored now, at the history's current end; written at once unless that end is a user
        // message not yet in the rollout (then it follows the user message's line).
        this.#anchors.add(state.history.at(-1) ?? null, message);
        this.#unwritten.push(message);
        await this.#writePending(state);
      },
      complete: async (prompt) => {
        if (!turn) throw new Error('complete() is only available during a turn');
        return this.opts.complete({ prompt, instructions: state.baseInstructions, settings: turn.settings, signal });
      },
      warn,
    };
  }

  async #writePending(state: ThreadState): Promise<void> {
    const userItem = this.#turn?.userItem;
    // beforeTurn messages follow the user message; its line is written by the loop after beginTurn.
    if (userItem !== undefined && !state.history.includes(userItem)) return;
    const lines = this.#unwritten.splice(0).map(extensionMessageLine);
    if (lines.length > 0) await state.writer.append(lines);
  }

  #loadTexts(): Promise<ExtensionTexts> {
    this.#texts ??= loadExtensionTexts(this.opts.pack);
    return this.#texts;
  }
}

/** `entries` with `item` inserted right before `anchor` (at the end when the anchor is gone). */
function beforeItem(entries: readonly ContextEntry[], anchor: ResponseItem | undefined, item: ResponseItem): ContextEntry[] {
  const at = anchor === undefined ? -1 : entries.indexOf(anchor);
  return at < 0 ? [...entries, item] : [...entries.slice(0, at), item, ...entries.slice(at)];
}
