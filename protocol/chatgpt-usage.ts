// The ChatGPT backend's usage answer (`GET …/wham/usage`) as Codex 0.169 reads it for
// `account/rateLimits/read`: the plan, the default (`codex`) limit's windows and credits, and the
// other metered limits. Unknown fields are ignored.
import { z } from 'zod';

const Window = z.object({
  used_percent: z.number(),
  limit_window_seconds: z.number().int().nullish(),
  reset_at: z.number().int().nullish(),
});

const RateLimit = z.object({
  primary_window: Window.nullish(),
  secondary_window: Window.nullish(),
});

export const UsageAnswer = z.object({
  plan_type: z.string().nullish(),
  rate_limit: RateLimit.nullish(),
  credits: z.object({ has_credits: z.boolean(), unlimited: z.boolean(), balance: z.string().nullish() }).nullish(),
  rate_limit_reached_type: z.object({ type: z.string() }).nullish(),
  additional_rate_limits: z
    .array(z.object({ limit_name: z.string(), metered_feature: z.string(), rate_limit: RateLimit.nullish() }))
    .nullish(),
});
export type UsageAnswer = z.infer<typeof UsageAnswer>;
