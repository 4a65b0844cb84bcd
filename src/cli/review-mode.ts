// `exec review` and `review`: the review target from the command line (Codex's options), and the
// events of a review as Codex shows them: the model's own messages and token usage are left out,
// and the review text (rendered from the JSON answer) is shown once, as the turn's message.
import type { Pack } from '../pack/load-pack.js';
import { resolveReview, reviewTexts, reviewText, type ResolvedReview, type ReviewTarget } from '../engine/review-request.js';
import { UsageError } from '../errors.js';
import type { ThreadEvent } from '../thread/thread-events.js';
import { promptWithStdin } from './stdin-prompt.js';
import { stringValue, type CliIo, type ParsedValues } from './cli-options.js';

export const REVIEW_OPTIONS = {
  uncommitted: { type: 'boolean' },
  base: { type: 'string' },
  commit: { type: 'string' },
  title: { type: 'string' },
} as const;

export const REVIEW_HELP = `  --uncommitted                 review: the working tree's staged, unstaged and untracked changes
  --base BRANCH                 review: the changes against BRANCH
  --commit SHA                  review: the changes of one commit
  --title TITLE                 review: the commit's title, shown with --commit`;

/** The target named by the options (or the instructions given), resolved with the pack's review texts. */
export async function reviewOf(values: ParsedValues, instructions: string | undefined, pack: Pick<Pack, 'dirs'>, io: CliIo): Promise<ResolvedReview> {
  const base = stringValue(values.base);
  const commit = stringValue(values.commit);
  const chosen = [values.uncommitted === true, base !== undefined, commit !== undefined, instructions !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new UsageError('review one thing: --uncommitted, --base BRANCH, --commit SHA or instructions, not several');
  if (values.title !== undefined && commit === undefined) throw new UsageError('--title goes with --commit');
  let target: ReviewTarget;
  if (values.uncommitted === true) target = { type: 'uncommittedChanges' };
  else if (base !== undefined) target = { type: 'baseBranch', branch: base };
  else if (commit !== undefined) target = { type: 'commit', sha: commit, title: stringValue(values.title) };
  else target = { type: 'custom', instructions: await promptWithStdin(instructions, io) };
  return resolveReview(target, await reviewTexts(pack));
}

/** Wraps a listener so a review's events reach it as Codex shows a review. */
export function reviewView(show: (event: ThreadEvent) => void): (event: ThreadEvent) => void {
  return (event) => {
    if (event.type === 'token_count') return;
    if (event.type === 'model_item' && event.item.type === 'message' && event.item.role === 'assistant') return;
    if (event.type === 'turn_completed') {
      if (event.lastMessage !== undefined) {
        const text = reviewText(event.lastMessage);
        show({ type: 'model_item', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] } });
      }
      show({ ...event, usage: null });
      return;
    }
    show(event);
  };
}
