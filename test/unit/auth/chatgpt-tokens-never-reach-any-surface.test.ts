// ChatGPT tokens, like API keys, never leave auth.json for another surface: after turns that
// renewed the tokens (old and new ones both in play), recovered from 401s, failed a refresh and
// failed a workspace routing lookup twelve times, and after the keyring store failed, no access, refresh or id token appears in the exec stream, stderr, `login status`, any
// file of the home but auth.json (rollouts, thread index, caches, logs: what the viewer reads), or
// an error's text; a JWT inside a provider's error text is redacted like a key. An agent identity
// token (login --with-access-token) likewise, with the identity's private key and every assertion
// signed with it: not in the login's output, its refusals, `login status`, a turn's output or its
// error (a refused request, a refused task registration), the app-server's account answers, nor the
// home's other files.
// Tokens a client hands over (app-server `chatgptAuthTokens`) and those it gives when asked again:
// in no message to the client, no log line, no turn error, no file of the home.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { redactSecrets } from '../../../src/errors.js';
import { startChatGptMock, type ChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { accessToken, chatgptAuthJson, fakeJwt, idToken } from '../../support/fake-tokens.js';
import { runWeft, runWeftWithoutBackoff, signedInHome } from '../../support/signed-in-home.js';
import { makeAgentIssuer } from '../../support/agent-identity-issuer.js';
import { InProcessClient } from '../../support/appserver-client.js';
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

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('no token reaches the exec stream, stderr, login status, the home’s other files or an error', async () => {
  const m = (mock = await startChatGptMock(ca, { ws: 'reject426', unauthorizedPost: 2 }));
  const auth = chatgptAuthJson({ access: accessToken({ expSeconds: Math.floor(Date.now() / 1000) - 60, tag: 'old' }) });
  const h = signedInHome({
    auth,
    config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/token` },
  });
  const outputs: string[] = [];
  const turn = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  expect(turn.code).toBe(0);
  outputs.push(...turn.out, ...turn.err);
  m.mode = { ws: 'reject426', rejectNextPosts: 50, refresh: { status: 401, body: { error: { code: 'refresh_token_invalidated' } } } };
  const failed = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'again']);
  expect(failed.code).toBe(1);
  outputs.push(...failed.out, ...failed.err);
  const status = await runWeft(h, ['login', 'status']);
  outputs.push(...status.out, ...status.err);
  // A workspace routing lookup that keeps failing: twelve retries' messages, then the failure.
  m.mode = { ws: 'reject426', noAccountsCheck: true };
  const unrouted = await runWeftWithoutBackoff(h, ['exec', '--json', '--skip-git-repo-check', 'routed?']);
  expect(unrouted.code).toBe(1);
  outputs.push(...unrouted.out, ...unrouted.err);
  // The keyring store where no keyring can be reached: its error, for status and logout.
  const noBus = { ...h, env: { ...h.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/weft-test-bus' } };
  for (const argv of [['login', 'status'], ['logout']]) {
    const r = await runWeft(noBus, [...argv, '-c', 'cli_auth_credentials_store="keyring"']);
    expect(r.err.join('\n')).toMatch(/OS keyring could not/);
    outputs.push(...r.out, ...r.err);
  }

  const old = auth.tokens as Record<string, string>;
  const secrets = [old.access_token, old.refresh_token, old.id_token, ...m.issued.flatMap((t) => [t.access_token, t.refresh_token]), idToken({ email: 'refreshed@example.com' })].filter(
    (s): s is string => typeof s === 'string',
  );
  expect(secrets.length).toBeGreaterThan(4);
  expect(m.issued.length).toBeGreaterThan(0);
  const text = outputs.join('\n');
  const homeFiles = filesUnder(h.home).filter((f) => path.basename(f) !== 'auth.json');
  expect(homeFiles.some((f) => f.includes(`${path.sep}sessions${path.sep}`))).toBe(true);
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    for (const file of homeFiles) expect(readFileSync(file).includes(secret), file).toBe(false);
  }
});

test('an agent identity token, its key and its assertions reach no output, status, error, app-server answer or other file of the home', async () => {
  const issuer = await makeAgentIssuer();
  const backend = { 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks }, 'POST /task/register': { status: 200, body: { task_id: 'task-secret-test' } } };
  const m = (mock = await startChatGptMock(ca, { ws: 'reject426', backend }));
  const h = signedInHome({
    auth: undefined,
    config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: `${m.origin}/api/accounts` },
  });
  const token = await issuer.sign();
  const refused = [await issuer.sign({}, { expSeconds: Math.floor(Date.now() / 1000) - 600 }), await issuer.sign({}, { key: issuer.stranger }), await issuer.sign({ agent_runtime_id: undefined })];
  const outputs: string[] = [];
  for (const bad of refused) {
    const r = await runWeft(h, ['login', '--with-access-token'], bad);
    expect(r.code).toBe(1);
    outputs.push(...r.out, ...r.err);
  }
  const login = await runWeft(h, ['login', '--with-access-token'], token);
  expect(login.code).toBe(0);
  outputs.push(...login.out, ...login.err);
  for (const argv of [['login', 'status'], ['exec', '--json', '--skip-git-repo-check', 'hi']]) {
    const r = await runWeft(h, argv);
    outputs.push(...r.out, ...r.err);
  }
  // A request the backend refuses, then a task registration it refuses: each turn fails with its error.
  m.mode = { ws: 'reject426', backend, rejectNextPosts: 50 };
  const refusedTurn = await runWeftWithoutBackoff(h, ['exec', '--json', '--skip-git-repo-check', 'refused?']);
  expect(refusedTurn.code).toBe(1);
  outputs.push(...refusedTurn.out, ...refusedTurn.err);
  m.mode = { ws: 'reject426', backend: { ...backend, 'POST /task/register': { status: 500, body: { error: 'down' } } } };
  const unregistered = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'registered?']);
  expect(unregistered.code).toBe(1);
  outputs.push(...unregistered.out, ...unregistered.err);
  const assertions = m.requests.map((q) => m.header(q, 'authorization') ?? '').filter((a) => a.startsWith('AgentAssertion ')).map((a) => a.slice('AgentAssertion '.length));
  expect(assertions.length).toBeGreaterThan(1);
  const c = new InProcessClient({ env: h.env, cwd: h.cwd });
  try {
    await c.initialize();
    for (const method of ['account/read', 'account/rateLimits/read', 'account/usage/read', 'getAuthStatus']) await c.request(method, method === 'getAuthStatus' ? { includeToken: true } : {});
    outputs.push(JSON.stringify(c.received));
  } finally {
    await c.close();
  }
  const text = outputs.join('\n');
  const homeFiles = filesUnder(h.home).filter((f) => path.basename(f) !== 'auth.json');
  for (const secret of [token, ...refused]) {
    for (const part of [secret, secret.split('.')[1] as string, secret.split('.')[2] as string]) {
      expect(text).not.toContain(part);
      for (const file of homeFiles) expect(readFileSync(file).includes(part), file).toBe(false);
    }
  }
  const privateKey = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).agent_private_key as string;
  for (const secret of [privateKey, ...assertions]) {
    expect(text).not.toContain(secret);
    for (const file of homeFiles) expect(readFileSync(file).includes(secret), file).toBe(false);
  }
});

test('tokens a client hands over (chatgptAuthTokens, and its renewals) reach no message, log line, turn error or file of the home', async () => {
  const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
  const h = signedInHome({
    auth: undefined,
    config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile },
  });
  const given = fakeJwt({ exp: 4102444800, jti: 'handed-over', email: 'given@example.com' });
  const renewed = fakeJwt({ exp: 4102444800, jti: 'renewed-by-client', email: 'renewed@example.com' });
  let asked = 0;
  const logged: string[] = [];
  // The first time it is asked the client renews; the second time it gives a malformed answer that echoes a token.
  const c = new InProcessClient({ env: h.env, cwd: h.cwd, log: (line: string) => logged.push(line) }, (req) => {
    if (req.method !== 'account/chatgptAuthTokens/refresh') return { result: { decision: 'accept' } };
    asked++;
    return asked === 1 ? { result: { accessToken: renewed, chatgptAccountId: 'acct-fake-0001' } } : { result: { accessToken: 42, echo: given } };
  });
  try {
    await c.initialize();
    expect((await c.request('account/login/start', { type: 'chatgptAuthTokens', accessToken: given, chatgptAccountId: 'acct-fake-0001' })).error).toBeUndefined();
    const thread = ((await c.request('thread/start', {})).result as { thread: { id: string } }).thread.id;
    const ends: unknown[] = [];
    for (const rejectNextPosts of [1, 5]) {
      m.mode = { ws: 'reject426', rejectNextPosts };
      const from = c.received.length;
      const turn = ((await c.request('turn/start', { threadId: thread, input: [{ type: 'text', text: 'hi' }] })).result as { turn: { id: string } }).turn.id;
      ends.push(((await c.turnCompleted(thread, turn, from)).params as { turn: { status: string; error: unknown } }).turn);
    }
    expect(asked).toBe(2);
    // The second turn fails, saying what the user must do.
    expect(ends[1]).toMatchObject({ status: 'failed', error: { message: expect.stringMatching(/account\/chatgptAuthTokens\/refresh.*sign in again/) } });
    for (const method of ['account/read', 'account/rateLimits/read', 'account/usage/read', 'getAuthStatus']) await c.request(method, method === 'getAuthStatus' ? { includeToken: true } : {});
    await c.request('account/logout');
  } finally {
    await c.close();
  }
  // The backend saw both: the comparison means something.
  expect(m.requests.some((q) => m.header(q, 'authorization') === `Bearer ${renewed}`)).toBe(true);
  const text = [JSON.stringify(c.received), ...logged].join('\n');
  expect(text).toMatch(/turn\/completed/);
  const homeFiles = filesUnder(h.home);
  expect(homeFiles.some((f) => f.includes(`${path.sep}sessions${path.sep}`))).toBe(true);
  for (const secret of [given, renewed]) {
    for (const part of [secret, secret.split('.')[1] as string]) {
      expect(text).not.toContain(part);
      for (const file of homeFiles) expect(readFileSync(file).includes(part), file).toBe(false);
    }
  }
});

test('a JWT inside a provider’s error text is redacted', () => {
  const token = accessToken({ tag: 'leaked' });
  expect(redactSecrets(`upstream said: invalid token ${token} (expired)`)).toBe('upstream said: invalid token [redacted] (expired)');
});
