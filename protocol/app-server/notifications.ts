// Server → client notifications weft sends.
import { z } from 'zod';
import { RateLimitSnapshot, Thread, ThreadItem, ThreadTokenUsage, Turn, TurnError } from './common.js';

export const ThreadStartedNotification = z.object({ thread: Thread });
export const ThreadNameUpdatedNotification = z.object({ threadId: z.string(), threadName: z.string().nullish() });
export const TurnStartedNotification = z.object({ threadId: z.string(), turn: Turn });
export const TurnCompletedNotification = z.object({ threadId: z.string(), turn: Turn });
/** The turn's aggregated unified diff, sent again whenever a file change alters it. */
export const TurnDiffUpdatedNotification = z.object({ threadId: z.string(), turnId: z.string(), diff: z.string() });
export const ItemStartedNotification = z.object({ item: ThreadItem, threadId: z.string(), turnId: z.string() });
export const ItemCompletedNotification = z.object({ item: ThreadItem, threadId: z.string(), turnId: z.string() });
export const AgentMessageDeltaNotification = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  delta: z.string(),
});
export const ReasoningSummaryTextDeltaNotification = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  delta: z.string(),
  summaryIndex: z.number().int(),
});
export const CommandExecutionOutputDeltaNotification = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  delta: z.string(),
});
export const ThreadTokenUsageUpdatedNotification = z.object({
  threadId: z.string(),
  turnId: z.string(),
  tokenUsage: ThreadTokenUsage,
});
export const AccountRateLimitsUpdatedNotification = z.object({ rateLimits: RateLimitSnapshot });
/** Deprecated in Codex in favour of the `contextCompaction` item, still sent. */
export const ContextCompactedNotification = z.object({ threadId: z.string(), turnId: z.string() });
const TextPosition = z.object({ line: z.number().int().nonnegative(), column: z.number().int().nonnegative() });
/** A problem with the configuration the server runs with (a sandbox it cannot enforce…). */
export const ConfigWarningNotification = z.object({
  summary: z.string(),
  details: z.string().nullable().optional(),
  path: z.string().nullable().optional(),
  range: z.object({ start: TextPosition, end: TextPosition }).nullable().optional(),
});
export const TurnPlanStepStatus = z.enum(['pending', 'inProgress', 'completed']);
export const TurnPlanUpdatedNotification = z.object({
  threadId: z.string(),
  turnId: z.string(),
  explanation: z.string().nullable().optional(),
  plan: z.array(z.object({ step: z.string(), status: TurnPlanStepStatus })),
});
export const ErrorNotification = z.object({
  error: TurnError,
  willRetry: z.boolean(),
  threadId: z.string(),
  turnId: z.string(),
});
export type ErrorNotification = z.infer<typeof ErrorNotification>;
