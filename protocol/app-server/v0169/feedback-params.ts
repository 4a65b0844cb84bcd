// Params of Codex 0.169's feedback methods (`v2/FeedbackUploadParams`, `v2/FeedbackSaveParams`).
import { z } from 'zod';

const FeedbackFields = {
  classification: z.string(),
  extraLogFiles: z.array(z.string()).nullish(),
  includeLogs: z.boolean().optional(),
  reason: z.string().nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
  threadId: z.string().nullish(),
};

export const FeedbackUploadParams0169 = z.object(FeedbackFields);
export const FeedbackSaveParams0169 = z.object({ ...FeedbackFields, savePath: z.string() });
