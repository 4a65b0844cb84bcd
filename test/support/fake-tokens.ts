// Unsigned tokens shaped like the ChatGPT issuer's (the claims of the recordings' TOKENS.md): weft,
// like Codex, reads their payload without checking a signature.
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export function fakeJwt(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT', kid: 'fake-kid' }): string {
  return `${b64(header)}.${b64(payload)}.ZmFrZS1zaWduYXR1cmU`;
}

const AUTH = (account: string, plan = 'pro') => ({
  'https://api.openai.com/auth': { chatgpt_account_id: account, chatgpt_plan_type: plan, chatgpt_user_id: 'user-fake', user_id: 'user-fake' },
});

export function idToken(opts: { account?: string; email?: string; plan?: string } = {}): string {
  return fakeJwt({
    iss: 'https://auth.openai.com',
    aud: ['app_EMoamEEZ73f0CkXaXp7hrann'],
    sub: 'auth0|fake',
    email: opts.email ?? 'fake.user@example.com',
    exp: 4102444800,
    ...AUTH(opts.account ?? 'acct-fake-0001', opts.plan),
  });
}

export function accessToken(opts: { expSeconds?: number; tag?: string } = {}): string {
  return fakeJwt({
    iss: 'https://auth.openai.com',
    aud: ['https://api.openai.com/v1'],
    client_id: 'app_EMoamEEZ73f0CkXaXp7hrann',
    exp: opts.expSeconds ?? 4102444800,
    jti: opts.tag ?? 'access-1',
    ...AUTH('acct-fake-0001'),
  });
}

export interface AuthJsonOptions {
  access?: string;
  refresh?: string;
  accountId?: string | null;
  lastRefresh?: string;
  issuer?: string;
  extra?: Record<string, unknown>;
  extraTokens?: Record<string, unknown>;
}

/** A ChatGPT auth.json as the recordings' `auth.before.json` (no auth_mode, key null). */
export function chatgptAuthJson(o: AuthJsonOptions = {}): Record<string, unknown> {
  return {
    OPENAI_API_KEY: null,
    tokens: {
      id_token: idToken(),
      access_token: o.access ?? accessToken(),
      refresh_token: o.refresh ?? 'rt_FAKE_REFRESH_TOKEN_1',
      ...(o.issuer ? { oauth_provenance: { issuer: o.issuer, client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' } } : {}),
      ...(o.accountId === null ? {} : { account_id: o.accountId ?? 'acct-fake-0001' }),
      ...o.extraTokens,
    },
    last_refresh: o.lastRefresh ?? new Date().toISOString(),
    ...o.extra,
  };
}
