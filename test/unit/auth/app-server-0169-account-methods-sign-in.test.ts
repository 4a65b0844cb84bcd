// The account methods of a 0.169 app-server with real logins behind them (against an HTTPS mock
// issuer with a test CA): account/read of a ChatGPT home (email, plan, user id) and of an API key;
// account/login/start with an API key, with a device code (the code first, account/login/completed
// and account/updated once it is entered), and in the browser (cancelled); account/logout. Every
// answer and notification is valid under Codex 0.169's JSON Schema, and no token leaves the server.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { codexHomeWorkspace } from '../../support/appserver-workspace.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';
import { startChatGptMock, type ChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { chatgptAuthJson } from '../../support/fake-tokens.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { makeTestCa, type TestCa } from '../../support/test-ca.js';

let ca: TestCa;
let schema: AuthoritySchema0169;
let mock: ChatGptMock | undefined;
const clients: InProcessClient[] = [];
beforeAll(() => {
  ca = makeTestCa();
  schema = new AuthoritySchema0169();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function open(auth?: Record<string, unknown>): Promise<{ c: InProcessClient; home: string; m: ChatGptMock; methods: Map<unknown, string> }> {
  const m = (mock = await startChatGptMock(ca));
  const ws = await codexHomeWorkspace('compat = "codex-0.169"\n');
  if (auth) writeFileSync(join(ws.codexHome, 'auth.json'), JSON.stringify(auth, null, 2), { mode: 0o600 });
  const c = new InProcessClient({ env: { ...ws.env, CODEX_CA_CERTIFICATE: ca.caFile, CODEX_APP_SERVER_LOGIN_ISSUER: m.origin, CODEX_REVOKE_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/revoke` }, cwd: ws.cwd });
  clients.push(c);
  await c.initialize();
  return { c, home: ws.codexHome, m, methods: new Map() };
}

async function call(o: { c: InProcessClient; methods: Map<unknown, string> }, method: string, params?: unknown): Promise<Msg> {
  const answer = await o.c.request(method, params);
  o.methods.set(answer.id, method);
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  return answer;
}

function validAgainstSchema(o: { c: InProcessClient; methods: Map<unknown, string> }): void {
  // account/logout takes no params, so the schema names its answer only by type.
  const problemOf = (m: Msg): string => (m.method === undefined && o.methods.get(m.id) === 'account/logout' ? schema.check('#/definitions/v2/LogoutAccountResponse', m.result) : schema.problem(m, (id) => o.methods.get(id)));
  const problems = o.c.received.filter((m) => m.method !== undefined || o.methods.has(m.id)).map(problemOf).filter((p) => p !== '');
  expect(problems).toEqual([]);
}

describe('0.169 app-server: account methods', () => {
  it('account/read reports a ChatGPT home (email, plan, user id) and never a token', async () => {
    const auth = chatgptAuthJson();
    const o = await open(auth);
    const r = await call(o, 'account/read', {});
    expect(r.result).toEqual({ account: { type: 'chatgpt', email: 'fake.user@example.com', planType: 'pro', workspaceName: null }, userId: 'user-fake', requiresOpenaiAuth: true });
    const tokens = auth.tokens as Record<string, string>;
    for (const t of [tokens.access_token, tokens.refresh_token, tokens.id_token]) expect(JSON.stringify(o.c.received)).not.toContain(t);
    validAgainstSchema(o);
  });

  it('account/login/start with an API key writes it, then completed and updated follow; account/read sees it; logout removes it', async () => {
    const o = await open();
    const from = o.c.received.length;
    expect((await call(o, 'account/login/start', { type: 'apiKey', apiKey: 'sk-FAKE-test-key-0001' })).result).toEqual({ type: 'apiKey' });
    await o.c.until((m) => m.method === 'account/updated', from);
    const notes = o.c.received.slice(from).filter((m) => m.method !== undefined);
    expect(notes.map((m) => [m.method, m.params])).toEqual([
      ['account/login/completed', { loginId: null, success: true, error: null, onboardingEntrypoint: null }],
      ['account/updated', { authMode: 'apikey', planType: null }],
    ]);
    expect((await call(o, 'account/read', {})).result).toMatchObject({ account: { type: 'apiKey' } });
    const out = o.c.received.length;
    expect((await call(o, 'account/logout')).result).toEqual({});
    await o.c.until((m) => m.method === 'account/updated', out);
    expect(existsSync(join(o.home, 'auth.json'))).toBe(false);
    expect(o.m.requests).toEqual([]);
    expect(JSON.stringify(o.c.received)).not.toContain('sk-FAKE-test-key-0001');
    validAgainstSchema(o);
  });

  it('account/login/start with a device code answers the code first; completed and updated follow once it is entered', async () => {
    const o = await open();
    const from = o.c.received.length;
    const r = await call(o, 'account/login/start', { type: 'chatgptDeviceCode' });
    expect(r.result).toMatchObject({ type: 'chatgptDeviceCode', verificationUrl: `${o.m.origin}/codex/device`, userCode: 'ABCD-EFGH' });
    const loginId = (r.result as { loginId: string }).loginId;
    await o.c.until((m) => m.method === 'account/updated', from);
    const notes = o.c.received.slice(from).filter((m) => m.method !== undefined);
    expect(notes.map((m) => [m.method, m.params])).toEqual([
      ['account/login/completed', { loginId, success: true, error: null, onboardingEntrypoint: null }],
      ['account/updated', { authMode: 'chatgpt', planType: 'pro' }],
    ]);
    expect(o.m.seen().at(-1)).toBe('POST /oauth/token 200');
    expect((await call(o, 'account/read', {})).result).toMatchObject({ account: { type: 'chatgpt', email: 'refreshed@example.com' } });
    const out = o.c.received.length;
    await call(o, 'account/logout');
    await o.c.until((m) => m.method === 'account/updated', out);
    expect(o.m.seen().at(-1)).toBe('POST /oauth/revoke 200');
    for (const t of o.m.issued) expect(JSON.stringify(o.c.received)).not.toContain(t.access_token);
    validAgainstSchema(o);
  });

  it('account/login/start in the browser answers the authorize URL; account/login/cancel stops it', async () => {
    const o = await open();
    const r = await call(o, 'account/login/start', { type: 'chatgpt' });
    const { loginId, authUrl } = r.result as { loginId: string; authUrl: string };
    expect(authUrl.startsWith(`${o.m.origin}/oauth/authorize?response_type=code&client_id=app_EMoamEEZ73f0CkXaXp7hrann`)).toBe(true);
    const from = o.c.received.length;
    expect((await call(o, 'account/login/cancel', { loginId })).result).toEqual({ status: 'canceled' });
    const done = await o.c.until((m) => m.method === 'account/login/completed', from);
    expect(done.params).toMatchObject({ loginId, success: false });
    expect((await call(o, 'account/login/cancel', { loginId })).result).toEqual({ status: 'notFound' });
    validAgainstSchema(o);
  });
});
