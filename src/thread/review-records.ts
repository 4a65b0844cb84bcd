// What a review leaves in the thread it reviews for (Codex's inline review): the review is a turn
// of the thread, which records entering review mode (what is reviewed and how it is named), then —
// once the review thread has answered — the review handed back to the thread's model as a user
// message, leaving review mode with the review output, and the rendered review as the assistant's
// message. The lines are written in the rollout's base vocabulary (`entered_review_mode`,
// `exited_review_mode` events); a generation's rollout format writes them in its own.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ReviewOutput } from '../../protocol/review-output.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { record } from './record-items.js';
import type { ThreadState } from './turn-ports.js';

export interface ReviewEntered {
  readonly turnId: string;
  /** The review target as the protocol names it (`{type: 'uncommittedChanges'}`, …). */
  readonly target: Readonly<Record<string, unknown>>;
  readonly hint: string;
  readonly itemId: string;
  /** The reviewer's prompt: shown in this thread as the review turn's user message. */
  readonly prompt: string;
}

export interface ReviewExited {
  readonly output: ReviewOutput;
  /** The review as the user reads it. */
  readonly rendered: string;
  /** The user message that hands the review back to the thread's model. */
  readonly handback: string;
  readonly itemId: string;
  readonly messageId: string;
}

export async function recordReviewEntered(state: ThreadState, settings: TurnSettings, e: ReviewEntered): Promise<void> {
  await state.writer.append(await state.profileThread.turnStarted(e.turnId, settings));
  await state.writer.append({ type: 'event_msg', payload: { type: 'entered_review_mode', target: e.target, user_facing_hint: e.hint, item_id: e.itemId } });
  await state.writer.append(state.profileThread.records.userMessage(e.prompt));
  await state.writer.flush();
}

export async function recordReviewExited(state: ThreadState, e: ReviewExited): Promise<void> {
  const handback: ResponseItem = { type: 'message', role: 'user', content: [{ type: 'input_text', text: e.handback }] };
  await record(state, [handback]);
  await state.writer.append({ type: 'event_msg', payload: { type: 'exited_review_mode', review_output: e.output, item_id: e.itemId } });
  const message: ResponseItem = { type: 'message', role: 'assistant', id: e.messageId, content: [{ type: 'output_text', text: e.rendered }] };
  await record(state, [message]);
  await state.writer.append({ type: 'event_msg', payload: { type: 'agent_message', message: e.rendered, item_id: e.messageId } });
  await state.writer.append(state.profileThread.turnCompleted(undefined));
  await state.writer.flush();
}
