// What a codex-0.169 thread's rollout format keeps between items to write their metadata as Codex
// does (item-metadata.ts says what each field means): the thread's input counter and the places
// model output items took as they began to stream, whether an item is the first of its session or a
// compaction's output, the token limit of the running turn's tool outputs, the questions waiting
// for an answer (an answer is retained: verified-answer.ts), the MCP tool behind each call, the
// metadata of the user's messages (a compaction keeps it) and the retained facts a compaction's
// line carries (retained-context.ts).
import type { TruncationPolicy } from '../../../protocol/model-catalog.js';
import { REQUEST_USER_INPUT_TOOL_NAME } from '../../tools/user-input/request-user-input.js';
import { countsAsInput, fallbackTokenLimit, isUserInput, itemMetadataFields, type McpSource } from './item-metadata.js';
import { answeredQuestions, verifiedAnswer, type VerifiedAnswer } from './verified-answer.js';
import { RetainedContext } from './retained-context.js';

type Payload = Record<string, unknown>;

const isPayload = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (item: Payload): string | undefined => (typeof item.id === 'string' ? item.id : undefined);

/** The counter as the rollout format's state holds it. */
export interface InputCounter {
  nextInputOrder: number;
}

export interface ItemBookkeepingInit {
  readonly turnId: () => string | undefined;
  /** The truncation policy tool outputs are recorded under until a turn says (fallbackTokenLimit). */
  readonly truncationPolicy?: TruncationPolicy | undefined;
  /** The turn each MCP tool's output first came in, as the rollout records it. */
  readonly mcpFirstTurns?: ReadonlyMap<string, string | null> | undefined;
  /** The metadata the user's own messages were written with, by id (a compaction keeps theirs). */
  readonly userMessageMetadata?: ReadonlyMap<string, Payload> | undefined;
  /** The retained facts as the rollout leaves them. */
  readonly retained?: RetainedContext | undefined;
}

export class ItemBookkeeping {
  /** No response item written yet by this session of the thread. */
  #first = true;
  /** A compaction is running: the items written are its output. */
  #compacting = false;
  #toolOutputTokenLimit: number;
  /** The arguments of the questions asked and not yet answered, by call id. */
  readonly #questions = new Map<string, string>();
  /** Places in the counter taken by user input accepted and not yet written, oldest first. */
  readonly #acceptedInput: number[] = [];
  /** Places in the counter taken by model output items as they began to stream, by item id. */
  readonly #reserved = new Map<string, number>();
  /** The MCP tool each call ran, by call id, until its output is written. */
  readonly #mcpCalls = new Map<string, McpSource>();
  readonly #mcpFirstTurns: Map<string, string | null>;
  readonly #userMessageMetadata: Map<string, Payload>;
  readonly #retained: RetainedContext;

  constructor(
    private readonly counter: InputCounter,
    private readonly init: ItemBookkeepingInit,
  ) {
    this.#toolOutputTokenLimit = init.truncationPolicy !== undefined ? fallbackTokenLimit(init.truncationPolicy) : 0;
    this.#mcpFirstTurns = new Map(init.mcpFirstTurns);
    this.#userMessageMetadata = new Map(init.userMessageMetadata);
    this.#retained = init.retained ?? new RetainedContext();
  }

  /** The retained facts and where the counter stands, as a compaction's line carries them. */
  retainedSnapshot(): Payload {
    return this.#retained.snapshot(this.counter.nextInputOrder);
  }

  /** A turn begins (no compaction runs yet); its model's policy says how long a tool output may be. */
  turnStarted(truncationPolicy?: TruncationPolicy): void {
    this.#compacting = false;
    if (truncationPolicy !== undefined) this.#toolOutputTokenLimit = fallbackTokenLimit(truncationPolicy);
  }

  compacting(active: boolean): void {
    this.#compacting = active;
  }

  /** A model output item began to stream: one the counter counts takes its place now, as Codex reserves it. */
  itemStarted(raw: Payload): void {
    const id = idOf(raw);
    if (id !== undefined && !this.#compacting && countsAsInput(raw, false) && !this.#reserved.has(id)) this.#reserved.set(id, this.take());
  }

  /** The turn's user input was accepted: its message (written later) takes its place now. */
  userInputAccepted(): void {
    this.#acceptedInput.push(this.take());
  }

  mcpCall(callId: string, server: string, tool: string): void {
    const key = `${server}/${tool}`;
    if (!this.#mcpFirstTurns.has(key)) this.#mcpFirstTurns.set(key, this.init.turnId() ?? null);
    this.#mcpCalls.set(callId, { server_name: server, tool_name: tool, first_turn_id: this.#mcpFirstTurns.get(key) ?? null });
  }

  /**
   * An item about to be written: the retained answer to write before it (when it answers a
   * question), and its metadata fields after `history_sequence` and `sampled_through_sequence`.
   */
  item(item: Payload): { retained: VerifiedAnswer | undefined; fields: Payload } {
    const callId = typeof item.call_id === 'string' ? item.call_id : undefined;
    if (item.type === 'function_call' && item.name === REQUEST_USER_INPUT_TOOL_NAME && callId !== undefined && typeof item.arguments === 'string') this.#questions.set(callId, item.arguments);
    const output = item.type === 'function_call_output' && callId !== undefined ? callId : undefined;
    let retained: VerifiedAnswer | undefined;
    const asked = output !== undefined ? this.#questions.get(output) : undefined;
    if (output !== undefined && asked !== undefined) {
      this.#questions.delete(output);
      const questions = answeredQuestions(asked, item.output);
      if (questions !== undefined) retained = verifiedAnswer(output, this.init.turnId(), questions, this.take());
      if (retained !== undefined) this.#retained.noteAnswer({ ...retained });
    }
    const mcpSource = output !== undefined ? this.#mcpCalls.get(output) : undefined;
    if (output !== undefined) this.#mcpCalls.delete(output);
    const first = this.#first;
    this.#first = false;
    const fields = itemMetadataFields(item, {
      first,
      compactionOutput: this.#compacting,
      turnId: this.init.turnId(),
      toolOutputTokenLimit: this.#toolOutputTokenLimit,
      mcpSource,
      takeOrder: () => this.reserved(item) ?? this.take(),
    });
    return { retained, fields };
  }

  /** The metadata an item was written with: a user's message keeps it for the compactions to come. */
  written(item: Payload, metadata: Payload): void {
    const id = idOf(item);
    if (id !== undefined && isUserInput(item)) this.#userMessageMetadata.set(id, metadata);
    if (!this.#compacting) this.#retained.noteItem(item, metadata);
  }

  /**
   * A compaction's new window, item by item: a kept message of the user keeps its metadata; every
   * other item takes the next history_sequence (`next`), the closing summary with no MCP source.
   * The window is written, so the compaction's output is over.
   */
  replacementMetadata(items: readonly unknown[], next: (closing: boolean) => Payload): Payload[] {
    this.#compacting = false;
    return items.map((item, i) => {
      const id = isPayload(item) ? idOf(item) : undefined;
      return (id !== undefined ? this.#userMessageMetadata.get(id) : undefined) ?? next(i === items.length - 1);
    });
  }

  private take(): number {
    return this.counter.nextInputOrder++;
  }

  /** The place an item took when it began to stream or was accepted as input, if it did. */
  private reserved(item: Payload): number | undefined {
    if (isUserInput(item)) return this.#acceptedInput.shift();
    const id = idOf(item);
    if (id === undefined) return undefined;
    const order = this.#reserved.get(id);
    this.#reserved.delete(id);
    return order;
  }
}
