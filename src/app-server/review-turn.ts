// An inline review as Codex 0.169's app-server runs one (`review/start`): the review is a turn of
// the reviewed thread, which shows it entering review mode (named by the target's hint) while a
// review thread of its own (the review guidelines as its instructions, the review's tools, a
// read-only sandbox, never asking) does the reviewing. The reviewer's items reach the client
// under the reviewed thread's turn, but not its own answer: that answer, read as a review output,
// is shown as leaving review mode and as the turn's message, and handed back to the reviewed
// thread's model (thread/review-records.ts).
import type { Turn, UserInput } from '../../protocol/app-server/common.js';
import type { ReviewTarget0169 } from '../../protocol/app-server/v0169/review-params.js';
import { renderReview, reviewHandback, reviewOutputOf, type ResolvedReview } from '../engine/review-request.js';
import type { Pack } from '../pack/load-pack.js';
import { newThreadId } from '../rollout/store/thread-id.js';
import type { Thread } from '../thread/thread.js';
import type { TurnOutcome } from '../thread/turn-loop.js';
import type { LoadedThread } from './loaded-thread.js';
import type { ReviewWork } from './loaded-thread-ports.js';
import { TurnNotifier, type Notify } from './turn-notifier.js';
import { turnScope } from './turn-scope.js';

/** What of the reviewer's turn the client sees: its items, but not its answer's text nor its usage. */
function reviewerNotify(notify: Notify): Notify {
  return (method, params) => {
    if (!method.startsWith('item/') || method === 'item/agentMessage/delta') return;
    const item = (params as { item?: { type?: string } }).item;
    if (method === 'item/completed' && item?.type === 'agentMessage') return;
    notify(method, params);
  };
}

function both(notify: Notify, threadId: string, turnId: string, item: Record<string, unknown>): void {
  for (const method of ['item/started', 'item/completed'] as const) notify(method, { item: item as never, threadId, turnId });
}

export function reviewWork(loaded: LoadedThread, target: ReviewTarget0169, review: ResolvedReview, texts: Pack): ReviewWork {
  let reviewer: Thread | undefined;
  let reviewerTurn = '';
  const prompt: UserInput[] = [{ type: 'text', text: review.prompt, text_elements: [] }];
  return {
    items: (turnId): Turn['items'] => [{ type: 'userMessage', id: turnId, content: [{ type: 'text', text: review.hint, text_elements: [] }] }],
    enter: async (turnId, notify) => {
      const itemId = newThreadId();
      both(notify, loaded.id, turnId, { type: 'enteredReviewMode', id: itemId, review: review.hint });
      await loaded.thread.enterReview({ turnId, target, hint: review.hint, itemId, prompt: review.prompt });
      try {
        reviewer = await loaded.weft.startThread({
          cwd: loaded.cwd,
          instructions: review.instructions,
          review: true,
          keyCheckedAtFirstCall: true,
          // Codex's `review` sub-agent of the reviewed thread's turn (unlisted, as sub-agents are).
          subagent: { rootThreadId: loaded.id, parentThreadId: loaded.id, agentPath: '/root', depth: 1, parentTurnId: turnId, rootTurnId: turnId, kind: 'review' },
          overrides: { ...loaded.thread.overrides, cwd: loaded.cwd, sandboxMode: 'read-only', approvalPolicy: 'never' },
        });
      } catch (err) {
        await loaded.thread.exitReview(undefined);
        throw err;
      }
      reviewerTurn = newThreadId();
      return reviewerTurn;
    },
    run: async (turnId, signal, notify) => {
      const running = reviewer;
      if (running === undefined) throw new Error('review/start: the review thread was not opened');
      const notifier = new TurnNotifier(reviewerNotify(notify), loaded.id, turnId, [prompt], { totalsBeforeResponse: false, sendsThreadCompacted: false });
      let outcome: TurnOutcome;
      try {
        outcome = await turnScope.run({ threadId: loaded.id, turnId, notifier, signal, interrupt: () => undefined, stampsRequests: true }, () =>
          running.run(review.prompt, { signal, turnId: reviewerTurn, onEvent: (e) => notifier.on(e) }),
        );
        notifier.settle();
      } catch (err) {
        await loaded.thread.exitReview(undefined);
        throw err;
      } finally {
        await running.close();
      }
      if (outcome.status !== 'completed') {
        await loaded.thread.exitReview(undefined);
        return { ...outcome, turnId };
      }
      const answer = outcome.lastMessage ?? '';
      const output = reviewOutputOf(answer);
      const rendered = renderReview(output) ?? answer;
      const exited = { itemId: newThreadId(), messageId: `msg_${newThreadId()}` };
      both(notify, loaded.id, turnId, { type: 'exitedReviewMode', id: exited.itemId, review: rendered });
      await loaded.thread.exitReview({ output, rendered, handback: reviewHandback(texts, rendered), ...exited });
      both(notify, loaded.id, turnId, { type: 'agentMessage', id: exited.messageId, text: rendered });
      return { status: 'completed', turnId, lastMessage: rendered };
    },
  };
}
