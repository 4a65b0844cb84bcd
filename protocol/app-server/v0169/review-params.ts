// Params of Codex 0.169's `review/start` (`v2/ReviewStartParams`): the thread, what to review
// (`ReviewTarget`, tagged by `type`) and where the review is delivered (0.169 knows only `inline`).
import { z } from 'zod';

export const ReviewTarget0169 = z.discriminatedUnion('type', [
  z.object({ type: z.literal('uncommittedChanges') }),
  z.object({ type: z.literal('baseBranch'), branch: z.string() }),
  z.object({ type: z.literal('commit'), sha: z.string(), title: z.string().nullable().optional() }),
  z.object({ type: z.literal('custom'), instructions: z.string() }),
]);
export type ReviewTarget0169 = z.infer<typeof ReviewTarget0169>;

export const ReviewStartParams0169 = z.object({
  threadId: z.string(),
  target: ReviewTarget0169,
  delivery: z.enum(['inline']).nullable().optional(),
});
