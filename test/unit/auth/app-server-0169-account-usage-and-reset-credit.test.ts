// account/usage/read and account/rateLimitResetCredit/consume of a 0.169 app-server, answered as the
// real Codex 0.169 answered the same mock (test/conformance/cross-account-usage-codex-0.169.test.ts
// compares the two): the usage read maps `wham/profiles/me` (five counts, daily buckets), or with a
// threadId `wham/usage/thread_usage/query` (the counts null; no estimate on 403/404); the consume
// posts `{redeem_request_id, credit_id?}` and maps the backend code to the protocol's outcome. Each
// call carries the account's bearer and id, and a user agent naming the client as `initialize` did. Empty keys and bad thread ids are refused before any
// call; without a ChatGPT sign-in both are invalid requests; a failing or malformed backend answer
// is an internal error naming the endpoint, never echoing the answer or a token.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InProcessClient } from '../../support/appserver-client.js';
import { codexHomeWorkspace } from '../../support/appserver-workspace.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';
import { startChatGptMock, type ChatGptMock, type MockMode } from '../../support/chatgpt-backend-mock.js';
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

const THREAD = '019ac0de-0000-7000-8000-000000000001';
const PROFILE = { stats: { lifetime_tokens: 1234, peak_daily_tokens: 99, longest_running_turn_sec: 61, current_streak_days: 2, longest_streak_days: 5, daily_usage_buckets: [{ start_date: '2026-11-27', tokens: 12 }] } };
const GROUP = { model: 'gpt-x', reasoning_effort: 'high', speed: null, estimated_usage_credits_micros: 5, net_new_input_tokens: 1, cached_input_tokens: 2, input_tokens: 3, output_tokens: 4, total_tokens: 7 };
const NO_COUNTS = { lifetimeTokens: null, peakDailyTokens: null, longestRunningTurnSec: null, currentStreakDays: null, longestStreakDays: null };

async function open(auth: Record<string, unknown> | undefined, mode: MockMode = {}): Promise<{ c: InProcessClient; m: ChatGptMock }> {
  const m = (mock = await startChatGptMock(ca, mode));
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\n`);
  if (auth) writeFileSync(join(ws.codexHome, 'auth.json'), JSON.stringify(auth, null, 2), { mode: 0o600 });
  const c = new InProcessClient({ env: { ...ws.env, CODEX_CA_CERTIFICATE: ca.caFile }, cwd: ws.cwd });
  clients.push(c);
  await c.initialize();
  return { c, m };
}

const backendCalls = (m: ChatGptMock) => m.requests.filter((q) => q.path.includes('/wham/') && !q.path.endsWith('/accounts/check'));

describe('0.169 app-server: account/usage/read', () => {
  it('maps wham/profiles/me as Codex does, with the account credentials', async () => {
    const auth = chatgptAuthJson();
    const { c, m } = await open(auth, { backend: { 'GET /wham/profiles/me': { status: 200, body: PROFILE } } });
    const r = await c.request('account/usage/read');
    expect(r.result).toEqual({
      summary: { lifetimeTokens: 1234, peakDailyTokens: 99, longestRunningTurnSec: 61, currentStreakDays: 2, longestStreakDays: 5 },
      dailyUsageBuckets: [{ startDate: '2026-11-27', tokens: 12 }],
      threadUsage: null,
    });
    expect(schema.check('#/definitions/v2/GetAccountTokenUsageResponse', r.result)).toBe('');
    const [call] = backendCalls(m);
    expect(call && [call.method, call.path]).toEqual(['GET', '/backend-api/wham/profiles/me']);
    expect(call && m.names(call)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'accept']);
    expect(call && m.header(call, 'authorization')).toBe(`Bearer ${(auth.tokens as { access_token: string }).access_token}`);
    expect(call && m.header(call, 'user-agent')).toMatch(/^weft_test_client\/0\.169\.0 \(.*\) \S+ \(weft_test_client; 0\.0\.1\)$/);
    expect((await c.request('account/usage/read', null)).result).toEqual(r.result);
  });

  it('absent counts and buckets are null, as serde reads them', async () => {
    const { c } = await open(chatgptAuthJson(), { backend: { 'GET /wham/profiles/me': { status: 200, body: { stats: {} } } } });
    expect((await c.request('account/usage/read')).result).toEqual({ summary: NO_COUNTS, dailyUsageBuckets: null, threadUsage: null });
  });

  it('with a threadId: the thread’s estimate from thread_usage/query, the account counts null', async () => {
    const body = { threads: [{ thread_id: THREAD, estimated_usage_credits_micros: 5, estimated_usage_usd_micros: 7, native_usage_usd_micros: 9, groups: [GROUP] }] };
    const { c, m } = await open(chatgptAuthJson(), { backend: { 'POST /wham/usage/thread_usage/query': { status: 200, body } } });
    const r = await c.request('account/usage/read', { threadId: THREAD });
    expect(r.result).toEqual({
      summary: NO_COUNTS,
      dailyUsageBuckets: null,
      threadUsage: {
        threadId: THREAD,
        estimatedUsageCreditsMicros: 5,
        estimatedUsageUsdMicros: 7,
        nativeUsageUsdMicros: 9,
        groups: [{ model: 'gpt-x', reasoningEffort: 'high', speed: null, estimatedUsageCreditsMicros: 5, netNewInputTokens: 1, cachedInputTokens: 2, inputTokens: 3, outputTokens: 4, totalTokens: 7 }],
      },
    });
    expect(schema.check('#/definitions/v2/GetAccountTokenUsageResponse', r.result)).toBe('');
    const [call] = backendCalls(m);
    expect(call?.rawBody).toBe(`{"thread_ids":["${THREAD}"]}`);
    expect(call && m.names(call)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'content-type', 'accept']);
  });

  it('a thread the backend refuses or lacks has no estimate; an answer without the thread, or a 500, is an internal error', async () => {
    const { c, m } = await open(chatgptAuthJson(), { backend: { 'POST /wham/usage/thread_usage/query': { status: 403, body: {} } } });
    expect((await c.request('account/usage/read', { threadId: THREAD })).result).toEqual({ summary: NO_COUNTS, dailyUsageBuckets: null, threadUsage: null });
    m.mode = {};
    expect((await c.request('account/usage/read', { threadId: THREAD })).result).toMatchObject({ threadUsage: null });
    m.mode = { backend: { 'POST /wham/usage/thread_usage/query': { status: 200, body: { threads: [] } } } };
    expect((await c.request('account/usage/read', { threadId: THREAD })).error).toMatchObject({ code: -32603 });
    m.mode = { backend: { 'POST /wham/usage/thread_usage/query': { status: 500, body: { secret: 'backend-said-this' } } } };
    const failed = await c.request('account/usage/read', { threadId: THREAD });
    expect(failed.error).toMatchObject({ code: -32603 });
    expect(JSON.stringify(failed.error)).toMatch(/thread_usage\/query.*500/);
    expect(JSON.stringify(failed.error)).not.toContain('backend-said-this');
  });

  it('a thread id that is not a UUID is refused before anything is sent', async () => {
    const { c, m } = await open(chatgptAuthJson());
    expect((await c.request('account/usage/read', { threadId: 'not-a-thread' })).error).toMatchObject({ code: -32600 });
    expect(backendCalls(m)).toEqual([]);
  });

  it('a profile answer of another shape, or a missing route, is an internal error naming the endpoint', async () => {
    const { c, m } = await open(chatgptAuthJson(), { backend: { 'GET /wham/profiles/me': { status: 200, body: { stats: { daily_usage_buckets: [{ start_date: 'x' }] } } } } });
    const bad = await c.request('account/usage/read');
    expect(bad.error).toMatchObject({ code: -32603 });
    expect(JSON.stringify(bad.error)).toMatch(/profiles\/me/);
    m.mode = {};
    expect(JSON.stringify((await c.request('account/usage/read')).error)).toMatch(/profiles\/me.*404/);
  });
});

describe('0.169 app-server: account/rateLimitResetCredit/consume', () => {
  it('posts the key as redeem_request_id (and the credit id when given) and maps each backend code', async () => {
    const { c, m } = await open(chatgptAuthJson());
    for (const [code, outcome] of [['reset', 'reset'], ['nothing_to_reset', 'nothingToReset'], ['no_credit', 'noCredit'], ['already_redeemed', 'alreadyRedeemed']] as const) {
      m.mode = { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code, windows_reset: code === 'reset' ? 2 : 0 } } } };
      const r = await c.request('account/rateLimitResetCredit/consume', { idempotencyKey: `k-${code}` });
      expect(r.result).toEqual({ outcome });
      expect(schema.check('#/definitions/v2/ConsumeAccountRateLimitResetCreditResponse', r.result)).toBe('');
    }
    m.mode = { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code: 'reset' } } } };
    expect((await c.request('account/rateLimitResetCredit/consume', { idempotencyKey: 'k-2', creditId: 'cr-1' })).result).toEqual({ outcome: 'reset' });
    const posts = backendCalls(m);
    expect(posts.map((q) => q.rawBody)).toEqual([
      '{"redeem_request_id":"k-reset"}',
      '{"redeem_request_id":"k-nothing_to_reset"}',
      '{"redeem_request_id":"k-no_credit"}',
      '{"redeem_request_id":"k-already_redeemed"}',
      '{"redeem_request_id":"k-2","credit_id":"cr-1"}',
    ]);
    const last = posts.at(-1);
    expect(last && [last.method, last.path]).toEqual(['POST', '/backend-api/wham/rate-limit-reset-credits/consume']);
    expect(last && m.names(last)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'content-type', 'accept']);
  });

  it('an empty key or credit id, or no key at all, is refused before anything is sent', async () => {
    const { c, m } = await open(chatgptAuthJson());
    for (const params of [{ idempotencyKey: '' }, { idempotencyKey: 'x', creditId: '' }, {}]) {
      expect((await c.request('account/rateLimitResetCredit/consume', params)).error, JSON.stringify(params)).toBeDefined();
    }
    expect((await c.request('account/rateLimitResetCredit/consume', { idempotencyKey: '' })).error).toMatchObject({ code: -32600 });
    expect(backendCalls(m)).toEqual([]);
  });

  it('an unknown backend code or a failing backend is an internal error', async () => {
    const { c, m } = await open(chatgptAuthJson(), { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code: 'weird' } } } });
    expect((await c.request('account/rateLimitResetCredit/consume', { idempotencyKey: 'x' })).error).toMatchObject({ code: -32603 });
    m.mode = {};
    const r = await c.request('account/rateLimitResetCredit/consume', { idempotencyKey: 'x' });
    expect(JSON.stringify(r.error)).toMatch(/rate-limit-reset-credits\/consume.*404/);
  });
});

describe('without a ChatGPT sign-in', () => {
  it('both methods are invalid requests saying which sign-in is missing, and nothing is sent', async () => {
    for (const auth of [undefined, { auth_mode: 'apikey', OPENAI_API_KEY: 'sk-FAKE-test-key-0001' }]) {
      const { c, m } = await open(auth);
      for (const [method, params] of [['account/usage/read', undefined], ['account/rateLimitResetCredit/consume', { idempotencyKey: 'k' }]] as const) {
        const r = await c.request(method, params);
        expect(r.error, method).toMatchObject({ code: -32600 });
        expect(JSON.stringify(r.error)).toMatch(auth === undefined ? /not signed in/ : /API key/);
      }
      expect(backendCalls(m)).toEqual([]);
      await c.close();
      await m.close();
      clients.length = 0;
      mock = undefined;
    }
  });
});
