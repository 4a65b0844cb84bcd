// The JSON a review asks the model for (Codex's review output: findings with a code location, an
// overall verdict). Field names are Codex's.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const ReviewFinding = lazySchema(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    confidence_score: z.number().optional(),
    priority: z.number().int().nullable().optional(),
    code_location: z.object({
      absolute_file_path: z.string(),
      line_range: z.object({ start: z.number().int(), end: z.number().int() }),
    }),
  }),
);
export type ReviewFinding = z.infer<typeof ReviewFinding>;

export const ReviewOutput = lazySchema(() =>
  z.object({
    findings: z.array(ReviewFinding),
    overall_correctness: z.string().optional(),
    overall_explanation: z.string().optional(),
    overall_confidence_score: z.number().optional(),
  }),
);
export type ReviewOutput = z.infer<typeof ReviewOutput>;
