// The account methods of a 0.169 app-server that call the ChatGPT backend, answered as the real Codex
// 0.169 answered them against a recording mock: account/rateLimits/read maps `wham/usage` (the
// default limit with credits and plan, then each metered limit by id), workspaceMessages/read and
// securitySetup/read read their routes (a missing route: the feature off, no notice),
// sendAddCreditsNudgeEmail posts `{credit_type}`; each with the account's bearer and id. Without a
// ChatGPT sign-in they are refused as invalid requests (securitySetup: no notice); a failing backend
// is an internal error naming the endpoint. The gateway OAuth methods say no provider needs it.
// Answers valid under Codex 0.169's JSON Schema; no token in any of them. After a turn whose answer
// reported rate limits in its headers, account/rateLimits/updated carries them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace0169, codexHomeWorkspace } from '../../support/appserver-workspace.js';
import { startMockResponsesServer, textReply } from '../../../src/testing/index.js';
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

const USAGE = {
  plan_type: 'plus',
  rate_limit: {
    allowed: true,
    limit_reached: false,
    primary_window: { used_percent: 42, limit_window_seconds: 18000, reset_after_seconds: 100, reset_at: 1900000000 },
    secondary_window: { used_percent: 7, limit_window_seconds: 604800, reset_after_seconds: 1000, reset_at: 1900500000 },
  },
  credits: { has_credits: true, unlimited: false, balance: '3.5' },
  additional_rate_limits: [
    { limit_name: 'GPT-Other', metered_feature: 'codex_other', rate_limit: { allowed: true, limit_reached: false, primary_window: { used_percent: 80, limit_window_seconds: 3600, reset_after_seconds: 5, reset_at: 1900000100 }, secondary_window: null } },
  ],
};

async function open(auth: Record<string, unknown> | undefined, mode: MockMode = {}): Promise<{ c: InProcessClient; m: ChatGptMock; methods: Map<unknown, string> }> {
  const m = (mock = await startChatGptMock(ca, mode));
  const ws = await codexHomeWorkspace(`compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\n`);
  if (auth) writeFileSync(join(ws.codexHome, 'auth.json'), JSON.stringify(auth, null, 2), { mode: 0o600 });
  const c = new InProcessClient({ env: { ...ws.env, CODEX_CA_CERTIFICATE: ca.caFile }, cwd: ws.cwd });
  clients.push(c);
  await c.initialize();
  return { c, m, methods: new Map() };
}

async function call(o: { c: InProcessClient; methods: Map<unknown, string> }, method: string, params?: unknown): Promise<Msg> {
  const answer = await o.c.request(method, params);
  o.methods.set(answer.id, method);
  return answer;
}

const snapshot = (over: Record<string, unknown>) => ({ limitId: 'codex', limitName: null, normalModelSlug: null, primary: null, secondary: null, credits: null, individualLimit: null, spendControlReached: null, planType: 'plus', rateLimitReachedType: null, ...over });

describe('0.169 app-server: account methods on the ChatGPT backend', () => {
  it('account/rateLimits/read maps wham/usage as Codex does, with the account credentials', async () => {
    const auth = chatgptAuthJson();
    const o = await open(auth, { backend: { 'GET /wham/usage': { status: 200, body: USAGE } } });
    const r = await call(o, 'account/rateLimits/read');
    const codex = snapshot({
      primary: { usedPercent: 42, windowDurationMins: 300, resetsAt: 1900000000 },
      secondary: { usedPercent: 7, windowDurationMins: 10080, resetsAt: 1900500000 },
      credits: { hasCredits: true, unlimited: false, balance: '3.5' },
    });
    const other = snapshot({ limitId: 'codex_other', limitName: 'GPT-Other', primary: { usedPercent: 80, windowDurationMins: 60, resetsAt: 1900000100 } });
    expect(r.result).toEqual({ ordinaryUsageAllowed: null, rateLimits: codex, rateLimitsByLimitId: { codex, codex_other: other }, rateLimitResetCredits: null, accountId: null, rateLimitUpsell: null });
    const usage = o.m.requests.find((q) => q.path.endsWith('/wham/usage'));
    expect(usage && o.m.names(usage)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'accept']);
    expect(usage && o.m.header(usage, 'authorization')).toBe(`Bearer ${(auth.tokens as { access_token: string }).access_token}`);
    expect(schema.check('#/definitions/v2/GetAccountRateLimitsResponse', r.result)).toBe('');
    for (const t of Object.values(auth.tokens as Record<string, string>)) if (t.length > 20) expect(JSON.stringify(o.c.received)).not.toContain(t);
  });

  it('workspace messages, security setup and the credits nudge call their routes; a missing route turns the messages off', async () => {
    const o = await open(chatgptAuthJson(), {
      backend: {
        'GET /wham/workspace-messages': { status: 200, body: { messages: [] } },
        'POST /wham/accounts/send_add_credits_nudge_email': { status: 200, body: { status: 'sent' } },
      },
    });
    expect((await call(o, 'account/workspaceMessages/read')).result).toEqual({ featureEnabled: true, messages: [] });
    expect((await call(o, 'account/securitySetup/read')).result).toEqual({ notice: null });
    expect((await call(o, 'account/sendAddCreditsNudgeEmail', { creditType: 'usage_limit' })).result).toEqual({ status: 'sent' });
    const nudge = o.m.requests.find((q) => q.path.endsWith('send_add_credits_nudge_email'));
    expect(nudge?.body).toEqual({ credit_type: 'usage_limit' });
    expect(nudge && o.m.names(nudge)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'content-type', 'accept']);
    const messages = o.m.requests.find((q) => q.path.endsWith('/wham/workspace-messages'));
    expect(messages && o.m.header(messages, 'cache-control')).toBe('no-store');
    o.m.mode = {};
    expect((await call(o, 'account/workspaceMessages/read')).result).toEqual({ featureEnabled: false, messages: [] });
    const failed = await call(o, 'account/rateLimits/read');
    expect(failed.error).toMatchObject({ code: -32603 });
    expect(JSON.stringify(failed.error)).toMatch(/wham\/usage.*404/);
  });

  it('without a ChatGPT sign-in: refused as invalid requests, no security notice, nothing sent', async () => {
    for (const auth of [undefined, { auth_mode: 'apikey', OPENAI_API_KEY: 'sk-FAKE-test-key-0001' }]) {
      const o = await open(auth);
      for (const [method, params] of [['account/rateLimits/read'], ['account/workspaceMessages/read'], ['account/sendAddCreditsNudgeEmail', { creditType: 'credits' }]] as const) {
        const r = await call(o, method, params);
        expect(r.error, method).toMatchObject({ code: -32600 });
        expect(JSON.stringify(r.error)).toMatch(auth === undefined ? /not signed in/ : /API key/);
      }
      expect((await call(o, 'account/securitySetup/read')).result).toEqual({ notice: null });
      expect(o.m.requests.filter((q) => q.path.includes('/wham/'))).toEqual([]);
      await o.c.close();
      await o.m.close();
      mock = undefined;
    }
  });

  it('gateway OAuth: the built-in provider does not use it; a login is refused, a cancel is empty', async () => {
    const o = await open(undefined);
    const read = await call(o, 'account/gatewayOAuth/read');
    expect(read.result).toEqual({ providerId: 'openai', providerName: 'OpenAI', required: false, supportsDeviceAuth: false, status: null, error: null });
    expect((await call(o, 'account/gatewayOAuth/login')).error).toMatchObject({ code: -32600 });
    expect((await call(o, 'account/gatewayOAuth/cancel')).result).toEqual({});
    expect(schema.check('#/definitions/v2/GatewayOAuthReadResponse', read.result)).toBe('');
  });
});

describe('0.169 app-server: rate limits a turn’s answer reports', () => {
  it('account/rateLimits/updated carries the snapshot of the answer’s headers', async () => {
    const reply = textReply('ok');
    reply.headers = { 'x-codex-primary-used-percent': '42.4', 'x-codex-primary-window-minutes': '300', 'x-codex-primary-reset-at': '1900000000', 'x-codex-credits-has-credits': 'true', 'x-codex-credits-unlimited': 'false' };
    const server = await startMockResponsesServer({ respond: () => reply });
    try {
      const ws = await appServerWorkspace0169(server.url);
      const c = new InProcessClient(ws.options);
      clients.push(c);
      await c.initialize();
      const started = await c.request('thread/start', {});
      const threadId = ((started.result as { thread: { id: string } }).thread).id;
      await c.request('turn/start', { threadId, input: [{ type: 'text', text: 'hi' }] });
      const note = await c.until((m) => m.method === 'account/rateLimits/updated');
      const limits = (note.params as { rateLimits: Record<string, unknown> }).rateLimits;
      expect(limits).toEqual(snapshot({ planType: null, primary: { usedPercent: 42, windowDurationMins: 300, resetsAt: 1900000000 }, credits: { hasCredits: true, unlimited: false, balance: null } }));
      expect(schema.check('#/definitions/v2/AccountRateLimitsUpdatedNotification', note.params)).toBe('');
    } finally {
      await server.close();
    }
  });
});
