// The rate-limit snapshots of `account/rateLimits/read`, from the backend's usage answer as Codex
// 0.169 maps it (observed against a mock): the default limit (`codex`, with the credits and the
// reached type) first, then one per additional metered limit (its id the metered feature, its name
// the limit's), each with the plan. A window's percentage is sent as an integer, its length in
// minutes rounded up from seconds (none for 0), its reset time as the backend gave it.
import type { UsageAnswer } from '../../../protocol/chatgpt-usage.js';
import { PlanType, RateLimitReachedType } from '../../../protocol/app-server/v0169/generated/shapes.js';

type Window = NonNullable<NonNullable<UsageAnswer['rate_limit']>['primary_window']>;
export type Snapshot = Record<string, unknown> & { limitId: string };

function windowOf(w: Window | null | undefined): Record<string, unknown> | null {
  if (w == null) return null;
  const seconds = w.limit_window_seconds ?? 0;
  return { usedPercent: Math.round(w.used_percent), windowDurationMins: seconds > 0 ? Math.ceil(seconds / 60) : null, resetsAt: w.reset_at ?? null };
}

/** The backend's plan as the app-server names it (`education` is `edu`; plans it does not name are `unknown`). */
export function planTypeOf(plan: string | null | undefined): string {
  if (plan === 'education') return 'edu';
  return plan != null && PlanType.safeParse(plan).success ? plan : 'unknown';
}

function snapshot(limitId: string, limitName: string | null, rateLimit: UsageAnswer['rate_limit'], extra: { credits?: UsageAnswer['credits']; plan: string; reached?: string | null }): Snapshot {
  return {
    limitId,
    limitName,
    normalModelSlug: null,
    primary: windowOf(rateLimit?.primary_window),
    secondary: windowOf(rateLimit?.secondary_window),
    credits: extra.credits ? { hasCredits: extra.credits.has_credits, unlimited: extra.credits.unlimited, balance: extra.credits.balance ?? null } : null,
    individualLimit: null,
    spendControlReached: null,
    planType: extra.plan,
    rateLimitReachedType: extra.reached ?? null,
  };
}

export function snapshotsOf(answer: UsageAnswer): Snapshot[] {
  const plan = planTypeOf(answer.plan_type);
  const reachedType = answer.rate_limit_reached_type?.type;
  const reached = reachedType !== undefined && RateLimitReachedType.safeParse(reachedType).success ? reachedType : null;
  return [
    snapshot('codex', null, answer.rate_limit, { credits: answer.credits, plan, reached }),
    ...(answer.additional_rate_limits ?? []).map((limit) => snapshot(limit.metered_feature, limit.limit_name, limit.rate_limit, { plan })),
  ];
}
