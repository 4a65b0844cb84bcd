// `weft login` and `weft logout` against a mock issuer over HTTPS (test CA), as `codex login` and
// `codex logout` behave in chatgpt-signin-0.169 raw/22–28: the device-code flow's requests and the
// auth.json it writes, `login status` and its exit codes, logout's revoke (its target and
// overrides) then removal, the API-key login, and the browser flow's authorize URL and callback.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startBrowserLogin } from '../../../src/auth/browser-login.js';
import { caTrust } from '../../../src/auth/ca-trust.js';
import { DEFAULT_COMPAT, PROFILE_FACTS } from '../../../src/profile/profile-facts.js';
import { startChatGptMock, type ChatGptMock, type Recorded } from '../../support/chatgpt-backend-mock.js';
import { chatgptAuthJson } from '../../support/fake-tokens.js';
import { runWeft, signedInHome } from '../../support/signed-in-home.js';
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

const all = (r: { out: string[]; err: string[] }): string => [...r.out, ...r.err].join('\n');

describe('weft login / logout', () => {
  test('raw/23: the device-code flow polls until the code is entered, exchanges it and writes auth.json as Codex does', async () => {
    const m = (mock = await startChatGptMock(ca, { devicePending: 1 }));
    const h = signedInHome({ auth: undefined, config: 'compat = "codex-0.169"\n', env: { CODEX_CA_CERTIFICATE: ca.caFile } });
    const r = await runWeft(h, ['login', '--device-auth', '--experimental_issuer', m.origin]);
    expect({ code: r.code, text: all(r) }).toMatchObject({ code: 0 });
    expect(all(r)).toContain(`${m.origin}/codex/device`);
    expect(all(r)).toContain('ABCD-EFGH');
    expect(m.seen()).toEqual(['POST /api/accounts/deviceauth/usercode 200', 'POST /api/accounts/deviceauth/token 403', 'POST /api/accounts/deviceauth/token 200', 'POST /oauth/token 200']);
    const [usercode, , , exchange] = m.requests as [Recorded, Recorded, Recorded, Recorded];
    expect(usercode.rawBody).toBe('{"client_id":"app_EMoamEEZ73f0CkXaXp7hrann"}');
    for (const q of m.requests) {
      expect(m.header(q, 'originator')).toBeUndefined();
      expect(m.header(q, 'user-agent')).toBeUndefined();
    }
    expect(m.header(exchange, 'content-type')).toBe('application/x-www-form-urlencoded');
    expect(exchange.body).toEqual({ grant_type: 'authorization_code', client_id: 'app_EMoamEEZ73f0CkXaXp7hrann', code: 'AUTH_CODE_FROM_DEVICE', redirect_uri: `${m.origin}/deviceauth/callback`, code_verifier: 'VERIFIER_FAKE' });
    const text = h.authJson();
    const file = JSON.parse(text) as { tokens: Record<string, unknown> } & Record<string, unknown>;
    expect(Object.keys(file)).toEqual(['auth_mode', 'OPENAI_API_KEY', 'tokens', 'last_refresh']);
    expect(file.auth_mode).toBe('chatgpt');
    expect(file.OPENAI_API_KEY).toBeNull();
    expect(Object.keys(file.tokens)).toEqual(['id_token', 'access_token', 'refresh_token', 'oauth_provenance', 'login_owner_id', 'account_id']);
    expect(file.tokens.oauth_provenance).toEqual({ issuer: m.origin, client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' });
    expect(file.tokens.login_owner_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(file.tokens.account_id).toBe('acct-fake-0001');
    expect(statSync(path.join(h.home, 'auth.json')).mode & 0o777).toBe(0o600);
    for (const t of m.issued) {
      expect(all(r)).not.toContain(t.access_token);
      expect(all(r)).not.toContain(t.refresh_token);
    }
  });

  test('raw/22 and raw/26: status, logout (revoke at the override, then removal), status again, logout again', async () => {
    const m = (mock = await startChatGptMock(ca));
    const auth = chatgptAuthJson();
    const h = signedInHome({ auth, config: 'compat = "codex-0.169"\n', env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${m.origin}/custom/oauth/token?x=1` } });
    const status = await runWeft(h, ['login', 'status']);
    expect(status.code).toBe(0);
    expect(all(status)).toMatch(/ChatGPT/);
    const tokens = auth.tokens as Record<string, string>;
    for (const t of [tokens.access_token, tokens.refresh_token, tokens.id_token]) expect(all(status)).not.toContain(t);
    const out = await runWeft(h, ['logout']);
    expect(out.code).toBe(0);
    expect(m.seen()).toEqual(['POST /oauth/revoke 200']);
    const revoke = m.requests[0] as Recorded;
    expect(m.names(revoke)).toEqual(['content-type', 'originator', 'user-agent', 'accept']);
    expect(m.header(revoke, 'originator')).toBe('codex_cli_rs');
    // raw/22: a home configured for 0.169 says 0.169.0, whatever weft's default generation is.
    expect(m.header(revoke, 'user-agent')).toMatch(/^codex_cli_rs\/0\.169\.0 \(/);
    expect(revoke.rawBody).toBe(JSON.stringify({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' }));
    expect(existsSync(path.join(h.home, 'auth.json'))).toBe(false);
    expect(existsSync(path.join(h.home, 'auth.json.lock'))).toBe(true);
    const after = await runWeft(h, ['login', 'status']);
    expect(after.code).toBe(1);
    const again = await runWeft(h, ['logout']);
    expect(again.code).toBe(0);
    expect(all(again)).toMatch(/Not signed in/);
    expect(m.requests).toHaveLength(1);
  });

  test('raw/22 (revoke override) and raw/28: CODEX_REVOKE_TOKEN_URL_OVERRIDE wins; an API key is removed without a request', async () => {
    const m = (mock = await startChatGptMock(ca));
    const h = signedInHome({ auth: chatgptAuthJson({ issuer: 'https://127.0.0.1:9' }), config: '', env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_REVOKE_TOKEN_URL_OVERRIDE: `${m.origin}/elsewhere/oauth/revoke` } });
    expect((await runWeft(h, ['logout'])).code).toBe(0);
    expect(m.seen()).toEqual(['POST /elsewhere/oauth/revoke 200']);
    // No `compat`: the default generation's version.
    expect(m.header(m.requests[0] as Recorded, 'user-agent')).toMatch(new RegExp(`^codex_cli_rs/${PROFILE_FACTS[DEFAULT_COMPAT].cliVersion.replaceAll('.', '\\.')} \\(`));
    const key = signedInHome({ auth: { auth_mode: 'apikey', OPENAI_API_KEY: 'sk-FAKE-test-key-0001' }, config: '', env: { CODEX_REVOKE_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/revoke` } });
    expect((await runWeft(key, ['logout'])).code).toBe(0);
    expect(m.requests).toHaveLength(1);
    expect(existsSync(path.join(key.home, 'auth.json'))).toBe(false);
  });

  test('login --with-api-key writes the key as Codex does; status shows it masked, never whole', async () => {
    const h = signedInHome({ auth: undefined, config: '' });
    const r = await runWeft(h, ['login', '--with-api-key'], 'sk-FAKE-test-key-0001\n');
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(h.home, 'auth.json'), 'utf8')).toBe('{\n  "auth_mode": "apikey",\n  "OPENAI_API_KEY": "sk-FAKE-test-key-0001"\n}');
    expect(statSync(path.join(h.home, 'auth.json')).mode & 0o777).toBe(0o600);
    const status = await runWeft(h, ['login', 'status']);
    expect(status.code).toBe(0);
    expect(all(status)).toContain('sk-FAKE-***-0001');
    expect(all(status)).not.toContain('sk-FAKE-test-key-0001');
  });

  test('raw/24: the browser flow: authorize URL as Codex builds it, a wrong state is refused, the right one exchanges the code and writes auth.json', async () => {
    const m = (mock = await startChatGptMock(ca));
    const h = signedInHome({ auth: undefined, config: '' });
    const login = await startBrowserLogin({ home: h.home, trust: caTrust({ CODEX_CA_CERTIFICATE: ca.caFile }), originator: 'codex_cli_rs', issuer: m.origin, ports: [0] });
    const url = new URL(login.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${m.origin}/oauth/authorize`);
    expect([...url.searchParams.keys()]).toEqual(['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'id_token_add_organizations', 'codex_cli_simplified_flow', 'originator']);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${login.port}/auth/callback`);
    expect(url.searchParams.get('scope')).toBe('openid profile email offline_access api.connectors.read api.connectors.invoke');
    expect(login.authorizeUrl).toContain('scope=openid+profile+email+offline_access+api.connectors.read+api.connectors.invoke');
    const get = (p: string): Promise<{ status: number; location?: string }> =>
      new Promise((resolve, reject) => {
        http.get(`http://127.0.0.1:${login.port}${p}`, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, ...(res.headers.location ? { location: res.headers.location } : {}) });
        }).on('error', reject);
      });
    expect((await get('/auth/callback?code=C&state=wrong')).status).toBe(400);
    const ok = await get(`/auth/callback?code=AUTH_CODE_FROM_BROWSER&state=${url.searchParams.get('state') ?? ''}`);
    expect(ok).toEqual({ status: 302, location: '/success' });
    await login.completed;
    const exchange = m.requests[0] as Recorded;
    expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', code: 'AUTH_CODE_FROM_BROWSER', redirect_uri: `http://127.0.0.1:${login.port}/auth/callback` });
    const file = JSON.parse(h.authJson()) as { auth_mode: string; OPENAI_API_KEY: string; tokens: { oauth_provenance: unknown } };
    expect(file.auth_mode).toBe('chatgpt');
    expect(file.OPENAI_API_KEY).toBe('sk-exchanged-key-0001');
    expect(file.tokens.oauth_provenance).toEqual({ issuer: m.origin, client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' });
  });
});
