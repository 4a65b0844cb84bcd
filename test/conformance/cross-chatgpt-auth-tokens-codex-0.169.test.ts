// The real Codex 0.169.0 app-server and weft's, each on an empty home against the same HTTPS mock of
// the ChatGPT backend (test CA), signed in with tokens the client hands over (`account/login/start`
// `chatgptAuthTokens`): the same answers and notifications (login, account/read with and without a
// refresh asked, logout), the same server request when the backend refuses the tokens
// (`account/chatgptAuthTokens/refresh`) on the WebSocket upgrade and on the HTTP POST, the same
// Responses requests with the tokens the client gave (which token, which account), no revoke at
// logout, and never an auth.json. Background calls (plugins, analytics, settings) and the workspace
// routing Codex adds to account/read (`workspaceRouting`, outside its schema) are left aside. Runs
// only where the binary is installed.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { startChatGptMock, type ChatGptMock, type MockMode } from '../support/chatgpt-backend-mock.js';
import { CodexAppServer } from '../support/codex-app-server-stdio.js';
import { fakeJwt } from '../support/fake-tokens.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const ACCOUNT = 'acct-fake-0001';
const AUTH = 'https://api.openai.com/auth';

/** The client's tokens: the first at login, the next ones each time the server asks. */
const GIVEN = fakeJwt({ exp: 4102444800, jti: 'given-0', [AUTH]: { chatgpt_plan_type: 'team', chatgpt_user_id: 'user-given' }, 'https://api.openai.com/profile': { email: 'given@example.com' } });
const RENEWED = [1, 2].map((n) => fakeJwt({ exp: 4102444800, jti: `renewed-${n}`, email: `renewed-${n}@example.com`, [AUTH]: { chatgpt_plan_type: 'pro' } }));
const RENEWED_PLAN = [null, 'plus'];

interface Client {
  readonly received: Msg[];
  request(method: string, params?: unknown): Promise<Msg>;
  until(found: (m: Msg) => boolean, from?: number): Promise<Msg>;
  close(): Promise<void>;
}

interface Run {
  steps: unknown[];
  refreshRequests: unknown[];
  calls: unknown[];
  authJsonEver: boolean;
}

let ca: TestCa;
beforeAll(() => {
  ca = makeTestCa();
});

function home(m: ChatGptMock): { home: string; cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-auth-tokens-'));
  const h = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(h, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(h, 'config.toml'), `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`);
  const env = { HOME: h, CODEX_HOME: h, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, CODEX_CA_CERTIFICATE: ca.caFile, CODEX_REVOKE_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/revoke`, CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/token` };
  return { home: h, cwd, env };
}

const answerOf = (a: Msg): unknown => (a.error !== undefined ? { error: (a.error as { code: number }).code } : { result: a.result });
/** account/read without Codex's routing extra (not in its schema). */
const readOf = (a: Msg): unknown => {
  const { workspaceRouting: _routing, ...rest } = (a.result ?? {}) as Record<string, unknown>;
  return a.error !== undefined ? answerOf(a) : { result: rest };
};
const accountNotes = (c: Client, from: number): unknown[] => c.received.slice(from).filter((m) => typeof m.method === 'string' && m.method.startsWith('account/') && m.id === undefined).map((m) => [m.method, m.params]);
/** Which of the client's tokens a request carried (its `jti`), or none. */
function tokenOf(m: ChatGptMock, q: ChatGptMock['requests'][number]): string | null {
  const bearer = m.header(q, 'authorization');
  if (bearer === undefined) return null;
  const payload = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti?: string };
  return payload.jti ?? null;
}

async function turn(c: Client, m: ChatGptMock, threadId: string, mode: MockMode, refreshRequests: unknown[], answer: (req: Msg) => void): Promise<void> {
  m.mode = mode;
  const from = c.received.length;
  const started = await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'hi' }] });
  expect(started.error).toBeUndefined();
  let seen = from;
  for (;;) {
    const next = await c.until((x) => x.method === 'turn/completed' || x.method === 'account/chatgptAuthTokens/refresh', seen);
    seen = c.received.indexOf(next) + 1;
    if (next.method === 'turn/completed') return;
    refreshRequests.push(next.params);
    answer(next);
  }
}

async function runAll(open: (m: ChatGptMock, s: ReturnType<typeof home>) => Promise<Client & { answer(req: Msg, result: unknown): void }>): Promise<Run> {
  const m = await startChatGptMock(ca, { ws: 'accept' });
  const s = home(m);
  const c = await open(m, s);
  const steps: unknown[] = [];
  const refreshRequests: unknown[] = [];
  let authJsonEver = false;
  const look = () => (authJsonEver ||= existsSync(path.join(s.home, 'auth.json')));
  let renewals = 0;
  const answerRefresh = (req: Msg) => {
    const n = renewals++;
    c.answer(req, { accessToken: RENEWED[n], chatgptAccountId: ACCOUNT, chatgptPlanType: RENEWED_PLAN[n] });
  };
  try {
    steps.push(readOf(await c.request('account/read', {})));
    steps.push(answerOf(await c.request('account/login/start', { type: 'chatgptAuthTokens', accessToken: 'not-a-jwt', chatgptAccountId: ACCOUNT })));
    let from = c.received.length;
    steps.push(answerOf(await c.request('account/login/start', { type: 'chatgptAuthTokens', accessToken: GIVEN, chatgptAccountId: ACCOUNT, chatgptPlanType: 'not-a-plan' })));
    await c.until((x) => x.method === 'account/updated', from);
    steps.push(accountNotes(c, from));
    look();
    steps.push(readOf(await c.request('account/read', {})));
    from = c.received.length;
    steps.push(readOf(await c.request('account/read', { refreshToken: true })));
    steps.push(accountNotes(c, from));
    const t1 = await c.request('thread/start', {});
    const first = m.requests.length;
    // The WebSocket upgrade refused once: the client is asked, and the upgrade goes again with its tokens.
    await turn(c, m, (t1.result as { thread: { id: string } }).thread.id, { ws: 'accept', unauthorized: 1 }, refreshRequests, answerRefresh);
    steps.push(readOf(await c.request('account/read', {})));
    const t2 = await c.request('thread/start', {});
    // Over HTTP: the POST refused once.
    await turn(c, m, (t2.result as { thread: { id: string } }).thread.id, { ws: 'reject426', rejectNextPosts: 1 }, refreshRequests, answerRefresh);
    look();
    steps.push(readOf(await c.request('account/read', {})));
    from = c.received.length;
    steps.push(answerOf(await c.request('account/logout')));
    await c.until((x) => x.method === 'account/updated', from);
    steps.push(accountNotes(c, from));
    steps.push(readOf(await c.request('account/read', {})));
    look();
    // The Responses traffic from the first turn on, a connection's frames as one entry (Codex
    // warms a fresh connection up with a frame of its own); the routing lookups by the tokens they
    // carried (Codex makes its first one for account/read, weft before the first request).
    const calls: unknown[][] = [];
    for (const q of m.requests.slice(first).filter((r) => r.path.endsWith('/responses'))) {
      const entry = [q.method === 'WS-MSG' ? 'frames' : q.method, q.path, q.status, tokenOf(m, q), m.header(q, 'chatgpt-account-id') ?? null];
      if (JSON.stringify(calls.at(-1)) !== JSON.stringify(entry) || entry[0] !== 'frames') calls.push(entry);
    }
    const lookups = [...new Set(m.requests.filter((q) => q.path.endsWith('/accounts/check')).map((q) => tokenOf(m, q)))];
    const issuerCalls = m.requests.filter((q) => q.path.includes('/oauth/')).length;
    return { steps, refreshRequests, calls: [...calls, { lookups, issuerCalls }], authJsonEver };
  } finally {
    await c.close();
    await m.close();
  }
}

describe('chatgptAuthTokens: the real Codex 0.169.0 and weft against one mock', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  let codex: Run;
  let weft: Run;
  beforeAll(async () => {
    codex = await runAll(async (_m, s) => {
      const c = await CodexAppServer.withRefusingProxy(binary, s.cwd, s.env);
      await c.initialize();
      return Object.assign(c, { answer: (req: Msg, result: unknown) => c.respond(req.id, result) });
    });
    weft = await runAll(async (_m, s) => {
      const pending: Array<(r: unknown) => void> = [];
      const c = new InProcessClient({ env: s.env, cwd: s.cwd }, (req) => (req.method === 'account/chatgptAuthTokens/refresh' ? new Promise((resolve) => pending.push((result) => resolve({ result }))) : { result: { decision: 'accept' } }));
      await c.initialize();
      return Object.assign(c, { answer: (_req: Msg, result: unknown) => pending.shift()?.(result) });
    });
  }, 240_000);

  test('the same answers and account notifications, step by step', () => {
    expect(weft.steps).toEqual(codex.steps);
    // The comparison means something: a sign-in with the given claims, then the renewed ones, then none.
    expect(JSON.stringify(codex.steps)).toContain('given@example.com');
    expect(JSON.stringify(codex.steps)).toContain('renewed-2@example.com');
  });

  test('the same refresh requests to the client, one per refusal', () => {
    expect(weft.refreshRequests).toEqual(codex.refreshRequests);
    expect(codex.refreshRequests).toHaveLength(2);
  });

  test("the same Responses requests, each with the client's current tokens; no issuer call", () => {
    expect(weft.calls).toEqual(codex.calls);
    expect(JSON.stringify(codex.calls)).toContain('renewed-2');
  });

  test('neither writes auth.json', () => {
    expect(codex.authJsonEver).toBe(false);
    expect(weft.authJsonEver).toBe(false);
  });
});
