// A code review as Codex runs one (`codex review`, `codex exec review`, the app-server's
// `review/start`): what to review (the working tree's changes, a branch, a commit, or free
// instructions) becomes the user message, the review guidelines become the thread's base
// instructions, and the model's JSON answer is shown as Codex shows it: the overall explanation,
// then each finding with its location. Every text sent to the model comes from the pack's
// `review/` files (weft's own pack when the configured one has none).
import type { Pack } from '../pack/load-pack.js';
import { loadPack } from '../pack/load-pack.js';
import { WEFT_PACK_DIR } from '../pack/default-pack-dir.js';
import type { PackLayout } from '../pack/pack-layout.js';
import { ReviewOutput } from '../../protocol/review-output.js';
import { UsageError } from '../errors.js';

export type ReviewTarget =
  | { readonly type: 'uncommittedChanges' }
  | { readonly type: 'baseBranch'; readonly branch: string }
  | { readonly type: 'commit'; readonly sha: string; readonly title?: string | undefined }
  | { readonly type: 'custom'; readonly instructions: string };

export interface ResolvedReview {
  /** The user message the review thread is given. */
  readonly prompt: string;
  /** How the review is named to the user (`current changes`, `commit abc1234`, …). */
  readonly hint: string;
  /** The review guidelines: the review thread's base instructions. */
  readonly instructions: string;
}

const REVIEW_LAYOUT: PackLayout = {
  name: 'review',
  files: [
    { path: 'review/prompt.md' },
    { path: 'review/uncommitted.md' },
    { path: 'review/base_branch.md', placeholders: ['branch'] },
    { path: 'review/commit.md', placeholders: ['sha'] },
    { path: 'review/commit_titled.md', placeholders: ['sha', 'title'] },
    { path: 'review/user_action.md', placeholders: ['results'] },
  ],
};

/** The review texts of `pack`, each taken from weft's own pack where `pack` has none. */
export function reviewTexts(pack: Pick<Pack, 'dirs'>): Promise<Pack> {
  return loadPack([...pack.dirs, WEFT_PACK_DIR], REVIEW_LAYOUT);
}

export function resolveReview(target: ReviewTarget, texts: Pack): ResolvedReview {
  const instructions = texts.text('review/prompt.md');
  switch (target.type) {
    case 'uncommittedChanges':
      return { prompt: texts.text('review/uncommitted.md'), hint: 'current changes', instructions };
    case 'baseBranch':
      return { prompt: texts.render('review/base_branch.md', { branch: target.branch }), hint: `changes against '${target.branch}'`, instructions };
    case 'commit': {
      const short = target.sha.slice(0, 7);
      return target.title
        ? { prompt: texts.render('review/commit_titled.md', { sha: target.sha, title: target.title }), hint: `commit ${short}: ${target.title}`, instructions }
        : { prompt: texts.render('review/commit.md', { sha: target.sha }), hint: `commit ${short}`, instructions };
    }
    case 'custom': {
      const text = target.instructions.trim();
      if (text === '') throw new UsageError('a review needs instructions: give a prompt, or --uncommitted, --base BRANCH or --commit SHA');
      return { prompt: text, hint: text, instructions };
    }
  }
}

/**
 * The model's answer as a review output: its JSON when it is in the review shape (also when wrapped
 * in other text, from its first `{` to its last `}`), else the whole answer as the overall
 * explanation with no findings, as Codex reads a review answer.
 */
export function reviewOutputOf(answer: string): ReviewOutput {
  const trimmed = answer.trim();
  for (const candidate of [trimmed, trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1)]) {
    if (candidate === '') continue;
    try {
      const result = ReviewOutput.safeParse(JSON.parse(candidate));
      if (result.success) return result.data;
    } catch {
      // not JSON: the next candidate, else the answer as it is
    }
  }
  return { findings: [], overall_correctness: '', overall_explanation: answer, overall_confidence_score: 0 };
}

/** The user message that hands a finished review back to the reviewed thread (`review/user_action.md`). */
export function reviewHandback(texts: Pack, rendered: string): string {
  return texts.render('review/user_action.md', { results: rendered });
}

/**
 * The review as the user reads it: a JSON answer in the review shape becomes the overall explanation
 * followed by the findings (`- title — file:start-end` and the body indented); any other answer is
 * shown as it is.
 */
export function reviewText(answer: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.trim());
  } catch {
    return answer;
  }
  const result = ReviewOutput.safeParse(parsed);
  if (!result.success) return answer;
  return renderReview(result.data) ?? answer;
}

/** A review output as the user reads it; undefined when it says nothing (no explanation, no finding). */
export function renderReview(output: ReviewOutput): string | undefined {
  const { findings, overall_explanation: explanation } = output;
  const parts: string[] = [];
  if (explanation && explanation.trim() !== '') parts.push(explanation.trim());
  if (findings.length > 0) {
    const items = findings.map((f) => {
      const { absolute_file_path: file, line_range: r } = f.code_location;
      const body = f.body.split('\n').map((l) => `  ${l}`).join('\n');
      return `- ${f.title} — ${file}:${r.start}-${r.end}\n${body}`;
    });
    parts.push(`${findings.length === 1 ? 'Review comment:' : 'Full review comments:'}\n\n${items.join('\n\n')}`);
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
