// The account's rate limits as the ChatGPT backend reports them with a response, read as Codex 0.169
// reads them: from the `x-<limit>-…` headers of the answer (each limit family whose
// `x-<limit>-primary-used-percent` is present, the default `codex` one always, even empty) and from a
// `codex.rate_limits` event in the stream. A window counts only when its percentage parses and says
// something (a non-zero percentage or window, or a reset time); credits only when both of their
// flags parse. Snapshots are in the rollout's (snake_case) shape.
import { z } from 'zod';

export interface RateLimitWindow {
  readonly used_percent: number;
  readonly window_minutes: number | null;
  readonly resets_at: number | null;
}

export interface RateLimitSnapshot {
  readonly limit_id: string;
  readonly limit_name: string | null;
  readonly primary: RateLimitWindow | null;
  readonly secondary: RateLimitWindow | null;
  readonly credits: { readonly has_credits: boolean; readonly unlimited: boolean; readonly balance: string | null } | null;
  readonly plan_type: string | null;
}

/** A header's value by its lower-case name, and every header name present. */
export interface HeaderSource {
  get(name: string): string | null | undefined;
  names(): Iterable<string>;
}

const normalizedId = (name: string): string => name.trim().toLowerCase().replace(/-/g, '_');

function float(v: string | null | undefined): number | undefined {
  if (v == null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function integer(v: string | null | undefined): number | undefined {
  if (v == null || !/^[+-]?\d+$/.test(v)) return undefined;
  return Number(v);
}

function flag(v: string | null | undefined): boolean | undefined {
  if (v == null) return undefined;
  if (v.toLowerCase() === 'true' || v === '1') return true;
  if (v.toLowerCase() === 'false' || v === '0') return false;
  return undefined;
}

function windowOf(h: HeaderSource, prefix: string): RateLimitWindow | null {
  const used = float(h.get(`${prefix}-used-percent`));
  if (used === undefined) return null;
  const minutes = integer(h.get(`${prefix}-window-minutes`));
  const resets = integer(h.get(`${prefix}-reset-at`));
  const says = used !== 0 || (minutes !== undefined && minutes !== 0) || resets !== undefined;
  return says ? { used_percent: used, window_minutes: minutes ?? null, resets_at: resets ?? null } : null;
}

function creditsOf(h: HeaderSource): RateLimitSnapshot['credits'] {
  const has = flag(h.get('x-codex-credits-has-credits'));
  const unlimited = flag(h.get('x-codex-credits-unlimited'));
  if (has === undefined || unlimited === undefined) return null;
  const balance = h.get('x-codex-credits-balance')?.trim();
  return { has_credits: has, unlimited, balance: balance ? balance : null };
}

function familyOf(h: HeaderSource, limitId: string): RateLimitSnapshot {
  const prefix = `x-${limitId.toLowerCase().replace(/_/g, '-')}`;
  const name = h.get(`${prefix}-limit-name`)?.trim();
  return {
    limit_id: normalizedId(limitId.replace(/_/g, '-')),
    limit_name: name ? name : null,
    primary: windowOf(h, `${prefix}-primary`),
    secondary: windowOf(h, `${prefix}-secondary`),
    credits: creditsOf(h),
    plan_type: null,
  };
}

/** The snapshots of an answer's headers: `codex` first, then the other families by id. */
export function rateLimitsFromHeaders(h: HeaderSource): RateLimitSnapshot[] {
  const ids = new Set<string>();
  for (const raw of h.names()) {
    const name = raw.toLowerCase();
    const m = /^x-(.+)-primary-used-percent$/.exec(name);
    if (m?.[1] !== undefined && normalizedId(m[1]) !== 'codex') ids.add(normalizedId(m[1]));
  }
  const others = [...ids].sort().map((id) => familyOf(h, id)).filter(reportsSomething);
  return [familyOf(h, 'codex'), ...others];
}

const EventWindow = z.object({ used_percent: z.number(), window_minutes: z.number().int().nullish(), reset_at: z.number().int().nullish() });
const RateLimitsEvent = z.object({
  type: z.literal('codex.rate_limits'),
  plan_type: z.string().nullish(),
  rate_limits: z.object({ primary: EventWindow.nullish(), secondary: EventWindow.nullish() }).nullish(),
  credits: z.object({ has_credits: z.boolean(), unlimited: z.boolean(), balance: z.string().nullish() }).nullish(),
  metered_limit_name: z.string().nullish(),
  limit_name: z.string().nullish(),
});

const eventWindow = (w: z.infer<typeof EventWindow> | null | undefined): RateLimitWindow | null =>
  w == null ? null : { used_percent: w.used_percent, window_minutes: w.window_minutes ?? null, resets_at: w.reset_at ?? null };

/** The snapshot of a `codex.rate_limits` stream event; undefined for any other event or a malformed one. */
export function rateLimitsFromEvent(data: unknown): RateLimitSnapshot | undefined {
  const parsed = RateLimitsEvent.safeParse(data);
  if (!parsed.success) return undefined;
  const e = parsed.data;
  const name = e.metered_limit_name ?? e.limit_name;
  return {
    limit_id: name != null && name.trim() !== '' ? normalizedId(name) : 'codex',
    limit_name: null,
    primary: eventWindow(e.rate_limits?.primary),
    secondary: eventWindow(e.rate_limits?.secondary),
    credits: e.credits ? { has_credits: e.credits.has_credits, unlimited: e.credits.unlimited, balance: e.credits.balance ?? null } : null,
    plan_type: e.plan_type ?? null,
  };
}

/** A snapshot with a window or credits in it. */
export function reportsSomething(s: RateLimitSnapshot): boolean {
  return s.primary !== null || s.secondary !== null || s.credits !== null;
}
