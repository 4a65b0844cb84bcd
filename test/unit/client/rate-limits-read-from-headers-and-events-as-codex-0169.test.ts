// The account's rate limits an answer reports, read as Codex 0.169 reads them: the `x-<limit>-…`
// headers (the default `codex` family always, others when they say something; a window only when
// its percentage parses and says something; credits only with both flags) and `codex.rate_limits`
// stream events (the limit id from the metered limit's name, else `codex`).
import { describe, expect, it } from 'vitest';
import { rateLimitsFromEvent, rateLimitsFromHeaders, type HeaderSource } from '../../../src/client/rate-limits.js';

const headers = (h: Record<string, string>): HeaderSource => ({ get: (n) => h[n] ?? null, names: () => Object.keys(h) });

describe('rate limits of an answer', () => {
  it('the default family: windows, credits, name', () => {
    const [codex, ...rest] = rateLimitsFromHeaders(
      headers({
        'x-codex-primary-used-percent': '12.5',
        'x-codex-primary-window-minutes': '300',
        'x-codex-primary-reset-at': '1900000000',
        'x-codex-secondary-used-percent': '0',
        'x-codex-secondary-window-minutes': '0',
        'x-codex-credits-has-credits': 'true',
        'x-codex-credits-unlimited': '0',
        'x-codex-credits-balance': ' 3.42 ',
      }),
    );
    expect(codex).toEqual({
      limit_id: 'codex',
      limit_name: null,
      primary: { used_percent: 12.5, window_minutes: 300, resets_at: 1900000000 },
      // 0 % of a 0-minute window without a reset says nothing.
      secondary: null,
      credits: { has_credits: true, unlimited: false, balance: '3.42' },
      plan_type: null,
    });
    expect(rest).toEqual([]);
  });

  it('no headers: the empty default snapshot; other families by id when they say something', () => {
    expect(rateLimitsFromHeaders(headers({}))).toEqual([{ limit_id: 'codex', limit_name: null, primary: null, secondary: null, credits: null, plan_type: null }]);
    const all = rateLimitsFromHeaders(headers({ 'x-codex-other-primary-used-percent': '80', 'x-codex-other-limit-name': 'GPT-Other', 'x-zeta-primary-used-percent': 'x' }));
    expect(all.map((s) => [s.limit_id, s.limit_name, s.primary?.used_percent ?? null])).toEqual([
      ['codex', null, null],
      ['codex_other', 'GPT-Other', 80],
    ]);
  });

  it('a codex.rate_limits event; anything else is not one', () => {
    expect(
      rateLimitsFromEvent({
        type: 'codex.rate_limits',
        plan_type: 'plus',
        rate_limits: { primary: { used_percent: 50, window_minutes: 60, reset_at: 1704069000 }, secondary: null },
        credits: { has_credits: false, unlimited: false, balance: null },
        metered_limit_name: 'Codex-Other',
      }),
    ).toEqual({ limit_id: 'codex_other', limit_name: null, primary: { used_percent: 50, window_minutes: 60, resets_at: 1704069000 }, secondary: null, credits: { has_credits: false, unlimited: false, balance: null }, plan_type: 'plus' });
    expect(rateLimitsFromEvent({ type: 'codex.rate_limits' })?.limit_id).toBe('codex');
    expect(rateLimitsFromEvent({ type: 'response.completed' })).toBeUndefined();
    expect(rateLimitsFromEvent({ type: 'codex.rate_limits', rate_limits: { primary: { used_percent: 'x' } } })).toBeUndefined();
  });
});
