// review/start (0.169): a code review of the thread's workspace, run inline as Codex runs it
// (review-turn.ts). The answer is the review turn, showing the review's name as its user message,
// and the thread it runs on.
import type { z } from 'zod';
import type { ReviewStartParams0169 } from '../../../protocol/app-server/v0169/review-params.js';
import { resolveReview, reviewTexts } from '../../engine/review-request.js';
import { rpcError } from '../rpc-errors.js';
import { reviewWork } from '../review-turn.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function reviewStart(ctx: ServerContext, params: z.infer<typeof ReviewStartParams0169>): Promise<HandlerResult> {
  const loaded = ctx.requireLoaded(params.threadId);
  const target = params.target;
  if (target.type === 'custom' && target.instructions.trim() === '') throw rpcError.invalidRequest('instructions must not be empty');
  if (target.type === 'baseBranch' && target.branch.trim() === '') throw rpcError.invalidRequest('branch must not be empty');
  if (target.type === 'commit' && target.sha.trim() === '') throw rpcError.invalidRequest('sha must not be empty');
  const texts = await reviewTexts(loaded.weft.runtime.pack);
  const review = resolveReview(target.type === 'commit' ? { type: 'commit', sha: target.sha, title: target.title ?? undefined } : target, texts);
  const { turn, after } = loaded.startReview(reviewWork(loaded, target, review, texts));
  return { result: { turn, reviewThreadId: loaded.id }, after };
}
