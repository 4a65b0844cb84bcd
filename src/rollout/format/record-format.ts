// The seam between a thread and its generation's rollout records. The turn loop and compaction say
// what happened (a turn's settings, the user's message, the model's answer and reasoning, the token
// counts, a compaction) through `RolloutRecords`; each generation's profile implements it with the
// lines its Codex writes (or the lines its own `RolloutLineFormat` translates), so no generation's
// shapes are the unlabelled default here. What every generation writes alike stays in records.ts.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { RolloutLineInput } from './writer.js';
import type { TokenInfo } from './token-info.js';

/**
 * What an agent of a team did that its parent (or the agent that called) records: a child started,
 * its turn completed, a message or task delivered to it (`interacted`), or its turn stopped
 * (`interrupted`). `id` is the call's id, or for a completion the one the generation derives.
 */
export interface SubAgentActivityRecord {
  readonly kind: 'started' | 'completed' | 'interacted' | 'interrupted';
  readonly id: string;
  readonly agentThreadId: string;
  readonly agentPath: string;
  /** The model and effort a spawned child resolved to (null for the other kinds). */
  readonly model: string | null;
  readonly reasoningEffort: string | null;
}

/** What a thread records, by meaning; a profile gives each its generation's line. */
export interface RolloutRecords {
  /** The settings a sampling request runs with. */
  turnContext(settings: TurnSettings): RolloutLineInput;
  /** The user's message of a turn as shown (its text and attached images). */
  userMessage(message: string, images?: readonly string[]): RolloutLineInput;
  /** The text of an assistant message as shown. */
  agentMessage(message: string): RolloutLineInput;
  /** One part of a reasoning item's summary as shown. */
  agentReasoning(text: string): RolloutLineInput;
  /** The thread's token counts after a response (null: none known yet). */
  tokenCount(info: TokenInfo | null): RolloutLineInput;
  /** The history was compacted (shown once the compacted line is written). */
  contextCompacted(): RolloutLineInput;
  /** A compaction's summary and the history that replaces the old one. */
  compacted(message: string, replacementHistory?: readonly ResponseItem[]): RolloutLineInput;
  /** An agent of the thread's team acted (absent: the generation records no such line). */
  subAgentActivity?(activity: SubAgentActivityRecord): RolloutLineInput;
  /**
   * A message from another agent is recorded next, one that starts a turn (a task) or not (a
   * message, an answer); absent: the generation records no such line.
   */
  interAgentCommunication?(triggerTurn: boolean): RolloutLineInput;
}
