// The ChatGPT backend's answers behind two account methods of Codex 0.169's app-server, as Codex
// 0.169 decodes them (read in its backend client, then confirmed against the real binary with a
// mock answering these shapes): the token usage profile (`GET …/wham/profiles/me`: `stats`, each
// count may be absent or null, a daily bucket needs both fields), a thread's usage estimate
// (`POST …/wham/usage/thread_usage/query` with `{thread_ids: [id]}`), and the outcome of spending
// a rate-limit reset credit (`POST …/wham/rate-limit-reset-credits/consume` with
// `{redeem_request_id, credit_id?}`: `code` one of four, `windows_reset` optional). Unknown fields
// are ignored, as serde does.
import { z } from 'zod';

const Count = z.number().int().nullish();

export const TokenUsageProfileAnswer = z.object({
  stats: z.object({
    lifetime_tokens: Count,
    peak_daily_tokens: Count,
    longest_running_turn_sec: Count,
    current_streak_days: Count,
    longest_streak_days: Count,
    daily_usage_buckets: z.array(z.object({ start_date: z.string(), tokens: z.number().int() })).nullish(),
  }),
});
export type TokenUsageProfileAnswer = z.infer<typeof TokenUsageProfileAnswer>;

const ThreadUsageGroup = z.object({
  model: z.string().nullish(),
  reasoning_effort: z.string().nullish(),
  speed: z.string().nullish(),
  estimated_usage_credits_micros: z.number().int(),
  net_new_input_tokens: Count,
  cached_input_tokens: Count,
  input_tokens: Count,
  output_tokens: Count,
  total_tokens: Count,
});

export const ThreadUsageAnswer = z.object({
  threads: z.array(
    z.object({
      thread_id: z.string(),
      estimated_usage_credits_micros: z.number().int(),
      estimated_usage_usd_micros: Count,
      native_usage_usd_micros: Count,
      groups: z.array(ThreadUsageGroup).nullish(),
    }),
  ),
});
export type ThreadUsageAnswer = z.infer<typeof ThreadUsageAnswer>;

export const ResetCreditConsumeAnswer = z.object({
  code: z.enum(['reset', 'nothing_to_reset', 'no_credit', 'already_redeemed']),
  windows_reset: Count,
});
export type ResetCreditConsumeAnswer = z.infer<typeof ResetCreditConsumeAnswer>;
