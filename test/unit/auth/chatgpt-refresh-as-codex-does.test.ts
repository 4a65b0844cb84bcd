// Renewing a ChatGPT sign-in as Codex 0.169 does (chatgpt-signin-0.169 raw/08–18, 33, 34): the
// triggers (an expired JWT, an opaque token older than eight days, a 401 that a reread of the file
// does not cure), the request (endpoint, overrides, headers, body), and auth.json as the refresh
// leaves it (Codex's layout and key order, only the answered tokens replaced, unknown fields gone,
// last_refresh with nanoseconds, mode 0600). A refusal ends the turn asking to sign in again and
// leaves the file as it was.
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startChatGptMock, type ChatGptMock, type MockMode, type Recorded } from '../../support/chatgpt-backend-mock.js';
import { accessToken, chatgptAuthJson } from '../../support/fake-tokens.js';
import { runWeft, signedInHome, type RunResult, type SignedInHome } from '../../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../../support/test-ca.js';

let ca: TestCa;
let mock: ChatGptMock | undefined;
beforeAll(() => {
  ca = makeTestCa();
});
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const DAY = 86_400_000;
const EXPIRED = (): string => accessToken({ expSeconds: Math.floor(Date.now() / 1000) - 3600, tag: 'expired' });

async function run(auth: Record<string, unknown>, mode: MockMode = { ws: 'reject426' }, env: (origin: string) => Record<string, string> = (origin) => ({ CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${origin}/oauth/token` })): Promise<{ r: RunResult; h: SignedInHome; m: ChatGptMock }> {
  const m = (mock = await startChatGptMock(ca, mode));
  const h = signedInHome({
    auth,
    config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile, ...env(m.origin) },
  });
  const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  return { r, h, m };
}

const refreshes = (m: ChatGptMock): Recorded[] => m.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/token'));
const main = (m: ChatGptMock): string[] => m.seen().filter((s) => !s.includes('/models?'));

describe('ChatGPT sign-in: refresh', () => {
  test('raw/08: an expired JWT access token is renewed before the first request; the file is rewritten as Codex writes it', async () => {
    const auth = chatgptAuthJson({ access: EXPIRED() });
    const { r, h, m } = await run(auth);
    expect({ code: r.code, out: r.out }).toMatchObject({ code: 0 });
    expect(m.seen()[0]).toBe('POST /oauth/token 200');
    const [refresh] = refreshes(m) as [Recorded];
    expect(m.names(refresh)).toEqual(['content-type', 'originator', 'user-agent', 'accept']);
    expect(m.header(refresh, 'originator')).toBe('codex_exec');
    expect(m.header(refresh, 'authorization')).toBeUndefined();
    expect(refresh.rawBody).toBe(JSON.stringify({ client_id: 'app_EMoamEEZ73f0CkXaXp7hrann', grant_type: 'refresh_token', refresh_reason: 'proactive_expiry', refresh_token: 'rt_FAKE_REFRESH_TOKEN_1' }));
    const issued = m.issued[0] as { access_token: string; refresh_token: string };
    for (const q of m.requests.slice(1)) if (m.header(q, 'authorization')) expect(m.header(q, 'authorization')).toBe(`Bearer ${issued.access_token}`);
    const text = h.authJson();
    expect(text.endsWith('}')).toBe(true);
    const after = JSON.parse(text) as { tokens: Record<string, string>; last_refresh: string };
    expect(Object.keys(after)).toEqual(['OPENAI_API_KEY', 'tokens', 'last_refresh']);
    expect(Object.keys(after.tokens)).toEqual(['id_token', 'access_token', 'refresh_token', 'account_id']);
    expect(after.tokens.access_token).toBe(issued.access_token);
    expect(after.tokens.refresh_token).toBe(issued.refresh_token);
    expect(after.last_refresh).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(text).toBe(JSON.stringify(after, null, 2));
    expect(statSync(path.join(h.home, 'auth.json')).mode & 0o777).toBe(0o600);
  });

  test('raw/09–11: an opaque access token is renewed (scheduled) after eight days, not before', async () => {
    for (const [days, renewed] of [[30, true], [9, true], [7, false]] as const) {
      const { r, m } = await run(chatgptAuthJson({ access: 'opaque-access-token-1', lastRefresh: new Date(Date.now() - days * DAY).toISOString() }));
      expect(r.code).toBe(0);
      const sent = refreshes(m).map((q) => (q.body as { refresh_reason: string }).refresh_reason);
      expect(sent).toEqual(renewed ? ['scheduled'] : []);
      await m.close();
      mock = undefined;
    }
  });

  test('raw/13: one 401 on the upgrade is cured by reading the file again, with no refresh', async () => {
    const { r, m } = await run(chatgptAuthJson(), { ws: 'reject426', unauthorized: 1 });
    expect(r.code).toBe(0);
    expect(main(m)).toEqual(['GET /backend-api/wham/accounts/check 200', 'GET /backend-api/codex/responses 401', 'GET /backend-api/codex/responses 426', 'POST /backend-api/codex/responses 200']);
  });

  test('raw/14 and raw/15: a second 401 (upgrade or POST) renews the tokens (unauthorized_recovery), routes again and retries with the new bearer', async () => {
    const ws = await run(chatgptAuthJson(), { ws: 'reject426', unauthorized: 2 });
    expect(ws.r.code).toBe(0);
    expect(main(ws.m)).toEqual([
      'GET /backend-api/wham/accounts/check 200',
      'GET /backend-api/codex/responses 401',
      'GET /backend-api/codex/responses 401',
      'POST /oauth/token 200',
      'GET /backend-api/wham/accounts/check 200',
      'GET /backend-api/codex/responses 426',
      'POST /backend-api/codex/responses 200',
    ]);
    expect((refreshes(ws.m)[0]?.body as { refresh_reason: string }).refresh_reason).toBe('unauthorized_recovery');
    await ws.m.close();
    mock = undefined;
    const post = await run(chatgptAuthJson(), { ws: 'reject426', unauthorizedPost: 2 });
    expect(post.r.code).toBe(0);
    expect(main(post.m)).toEqual([
      'GET /backend-api/wham/accounts/check 200',
      'GET /backend-api/codex/responses 426',
      'POST /backend-api/codex/responses 401',
      'POST /backend-api/codex/responses 401',
      'POST /oauth/token 200',
      'GET /backend-api/wham/accounts/check 200',
      'POST /backend-api/codex/responses 200',
    ]);
    const last = post.m.requests.at(-1) as Recorded;
    expect(post.m.header(last, 'authorization')).toBe(`Bearer ${post.m.issued[0]?.access_token}`);
  });

  test('raw/16: a refused refresh ends the turn asking to sign in again, once; auth.json is left as it was', async () => {
    const auth = chatgptAuthJson();
    const mode: MockMode = { ws: 'reject426', unauthorizedPost: 20, refresh: { status: 401, body: { error: { code: 'refresh_token_reused', message: 'Refresh token has already been used' } } } };
    const m = (mock = await startChatGptMock(ca, mode));
    const h = signedInHome({ auth, config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`, env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/token` } });
    const before = h.authJson();
    const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect(r.code).toBe(1);
    const failed = r.out.map((l) => JSON.parse(l) as { type: string; error?: { message: string } }).find((e) => e.type === 'turn.failed');
    expect(failed?.error?.message).toMatch(/sign in again/);
    expect(refreshes(m)).toHaveLength(1);
    expect(h.authJson()).toBe(before);
    const tokens = auth.tokens as Record<string, string>;
    for (const secret of [tokens.access_token, tokens.refresh_token, tokens.id_token]) expect([...r.out, ...r.err].join('\n')).not.toContain(secret);
  });

  test('raw/17 and raw/18: the refresh goes to the provenance issuer, unless CODEX_REFRESH_TOKEN_URL_OVERRIDE names another URL', async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
    const h = signedInHome({
      auth: chatgptAuthJson({ access: EXPIRED(), issuer: `${m.origin}/issuer` }),
      config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
      env: { CODEX_CA_CERTIFICATE: ca.caFile },
    });
    expect((await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi'])).code).toBe(0);
    expect(m.seen()[0]).toBe('POST /issuer/oauth/token 200');
    const after = JSON.parse(h.authJson()) as { tokens: Record<string, unknown> };
    expect(Object.keys(after.tokens)).toEqual(['id_token', 'access_token', 'refresh_token', 'oauth_provenance', 'account_id']);
    await m.close();
    mock = undefined;
    const overridden = await run(chatgptAuthJson({ access: EXPIRED(), issuer: 'https://127.0.0.1:9/never' }), { ws: 'reject426' }, (origin) => ({ CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${origin}/custom/oauth/token` }));
    expect(overridden.r.code).toBe(0);
    expect(overridden.m.seen()[0]).toBe('POST /custom/oauth/token 200');
  });

  test('raw/33 and raw/34: unknown fields are dropped, and only the tokens the answer holds are replaced', async () => {
    const auth = chatgptAuthJson({ access: EXPIRED(), extra: { extra_top: 1 }, extraTokens: { extra_tok: 'x' } });
    const { r, h, m } = await run(auth, { ws: 'reject426', refresh: { status: 200, body: { id_token: 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im90aGVyQGV4YW1wbGUuY29tIn0.', access_token: 'new-access-only' } } });
    expect(r.code).toBe(0);
    const after = JSON.parse(h.authJson()) as Record<string, unknown> & { tokens: Record<string, unknown> };
    expect(after).not.toHaveProperty('extra_top');
    expect(after.tokens).not.toHaveProperty('extra_tok');
    expect(after.tokens.access_token).toBe('new-access-only');
    expect(after.tokens.refresh_token).toBe('rt_FAKE_REFRESH_TOKEN_1');
    expect(after.tokens.account_id).toBe('acct-fake-0001');
    expect(m.header(m.requests.at(-1) as Recorded, 'authorization')).toBe('Bearer new-access-only');
  });
});
