// A home signed in with ChatGPT (or with an API key in auth.json) drives a turn as Codex 0.169 does
// in the recordings of chatgpt-signin-0.169 (raw/02–06, 19–21, 31, 32, 35, 37), against the same
// kind of mock: HTTPS with a test CA trusted through CODEX_CA_CERTIFICATE. Requests in order (the
// background calls Codex also makes aside), their headers, the bodies' ChatGPT-mode differences, and
// auth.json untouched by a turn.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startChatGptMock, type ChatGptMock, type MockMode, type Recorded } from '../../support/chatgpt-backend-mock.js';
import { accessToken, chatgptAuthJson, type AuthJsonOptions } from '../../support/fake-tokens.js';
import { runWeft, runWeftWithoutBackoff, signedInHome, type RunResult, type SignedInHome } from '../../support/signed-in-home.js';
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

interface Case {
  mode?: MockMode;
  auth?: Record<string, unknown>;
  config?: (origin: string) => string;
  tls?: boolean;
  /** The turn backs off between retries: run it on a fake clock. */
  retries?: boolean;
}

const bothBases = (origin: string): string => `chatgpt_base_url = "${origin}/backend-api/"\nopenai_base_url = "${origin}/backend-api/codex"\n`;

async function run(c: Case): Promise<{ r: RunResult; h: SignedInHome; m: ChatGptMock; before: string }> {
  const m = (mock = await startChatGptMock(c.tls === false ? undefined : ca, c.mode ?? { ws: 'reject426' }));
  const h = signedInHome({
    auth: c.auth ?? chatgptAuthJson(),
    config: `compat = "codex-0.169"\n${(c.config ?? bothBases)(m.origin)}`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile },
  });
  const before = h.authJson();
  const argv = ['exec', '--json', '--skip-git-repo-check', 'hi'];
  const r = c.retries ? await runWeftWithoutBackoff(h, argv) : await runWeft(h, argv);
  return { r, h, m, before };
}

const ok = (r: RunResult, m: ChatGptMock): void => {
  expect({ code: r.code, err: r.err, seen: m.seen() }).toMatchObject({ code: 0, err: [] });
  expect(r.out.join('\n')).toContain('Mock reply 1.');
};

const byPath = (m: ChatGptMock, method: string, suffix: string): Recorded[] => m.requests.filter((q) => q.method === method && q.path.endsWith(suffix));
const bearerOf = (auth: Record<string, unknown>): string => `Bearer ${(auth.tokens as { access_token: string }).access_token}`;

describe('ChatGPT sign-in: a turn', () => {
  test('raw/03: catalog, routing, refused upgrade, then the zstd POST, each with the credentials; auth.json untouched', async () => {
    const auth = chatgptAuthJson();
    const { r, h, m, before } = await run({ auth });
    ok(r, m);
    expect(m.seen()).toEqual([
      'GET /backend-api/codex/models?client_version=0.169.0 200',
      'GET /backend-api/wham/accounts/check 200',
      'GET /backend-api/codex/responses 426',
      'POST /backend-api/codex/responses 200',
    ]);
    const [models, routing, upgrade, post] = m.requests as [Recorded, Recorded, Recorded, Recorded];
    expect(m.names(models)).toEqual(['version', 'authorization', 'chatgpt-account-id', 'originator', 'user-agent', 'accept']);
    expect(m.header(models, 'authorization')).toBe(bearerOf(auth));
    expect(m.header(models, 'user-agent')).toMatch(/^codex_exec\/0\.169\.0 \([^)]*\) \S+$/);
    expect(m.names(routing)).toEqual(['user-agent', 'authorization', 'chatgpt-account-id', 'accept']);
    for (const q of [upgrade, post]) {
      expect(m.header(q, 'authorization')).toBe(bearerOf(auth));
      expect(m.header(q, 'chatgpt-account-id')).toBe('acct-fake-0001');
      expect(m.header(q, 'x-codex-routing-hint')).toBe(`model=${(post.body as { model: string }).model}`);
      expect(m.header(q, 'originator')).toBe('codex_exec');
      expect(m.header(q, 'version')).toBe('0.169.0');
    }
    expect(m.header(upgrade, 'openai-beta')).toBe('responses_websockets=2026-02-06');
    expect(m.header(post, 'openai-beta')).toBeUndefined();
    expect(post.contentEncoding).toBe('zstd');
    expect((post.body as { client_metadata: Record<string, string> }).client_metadata.guardian_credits_requested).toBe('true');
    expect(h.authJson()).toBe(before);
  });

  test('raw/04: an accepted upgrade carries the warm-up frame and the turn frame, both with the ChatGPT metadata', async () => {
    const { r, m } = await run({ mode: { ws: 'accept' } });
    ok(r, m);
    expect(m.seen()).toEqual([
      'GET /backend-api/codex/models?client_version=0.169.0 200',
      'GET /backend-api/wham/accounts/check 200',
      'GET /backend-api/codex/responses 101',
      'WS-MSG /backend-api/codex/responses 200',
      'WS-MSG /backend-api/codex/responses 200',
    ]);
    const [warm, turn] = byPath(m, 'WS-MSG', '/responses').map((q) => q.body as { generate?: boolean; type: string; client_metadata: Record<string, string> });
    expect(warm?.generate).toBe(false);
    expect(turn?.type).toBe('response.create');
    expect(turn?.client_metadata.guardian_credits_requested).toBe('true');
  });

  test('raw/05 against raw/03: an API key in auth.json is the bearer; the key mode has no account id, routing hint, zstd or guardian metadata, and the bodies differ only there', async () => {
    const chatgpt = await run({});
    ok(chatgpt.r, chatgpt.m);
    const chatgptPost = byPath(chatgpt.m, 'POST', '/responses')[0] as Recorded;
    await chatgpt.m.close();
    mock = undefined;
    const apikey = await run({ auth: { auth_mode: 'apikey', OPENAI_API_KEY: 'sk-FAKE-test-key-0001' }, config: (o) => `openai_base_url = "${o}/v1"\n` });
    ok(apikey.r, apikey.m);
    expect(apikey.m.seen()).toEqual(['GET /v1/responses 426', 'POST /v1/responses 200']);
    const keyPost = byPath(apikey.m, 'POST', '/responses')[0] as Recorded;
    expect(apikey.m.header(keyPost, 'authorization')).toBe('Bearer sk-FAKE-test-key-0001');
    const onlyChatgpt = chatgpt.m.names(chatgptPost).filter((n) => !apikey.m.names(keyPost).includes(n));
    expect(onlyChatgpt.sort()).toEqual(['chatgpt-account-id', 'content-encoding', 'x-codex-routing-hint']);
    expect(apikey.m.names(keyPost).filter((n) => !chatgpt.m.names(chatgptPost).includes(n))).toEqual([]);
    const normalize = (body: unknown): unknown =>
      JSON.parse(JSON.stringify(body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>').replace(/((?:turn_started_at_unix_ms|created_at|create_time)\\*":)\d+(?:\.\d+)?/g, (_m, key: string) => `${key}0`).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>').replace(/weft-signin-[A-Za-z0-9]+/g, '<dir>'));
    const a = normalize(chatgptPost.body) as { client_metadata: Record<string, string> };
    const b = normalize(keyPost.body) as { client_metadata: Record<string, string> };
    const { guardian_credits_requested: guardian, ...rest } = a.client_metadata;
    expect(guardian).toBe('true');
    expect({ ...a, client_metadata: rest }).toEqual(b);
  });

  test('raw/02: with chatgpt_base_url alone the Responses traffic goes to the workspace the routing lookup names', async () => {
    const { r, m } = await run({ config: (o) => `chatgpt_base_url = "${o}/backend-api/"\n[features]\nremote_models = false\n` });
    ok(r, m);
    expect(m.seen()).toEqual(['GET /backend-api/wham/accounts/check 200', 'GET /backend-api/codex/responses 426', 'POST /backend-api/codex/responses 200']);
  });

  test('raw/19: a routed origin named by host moves the Responses traffic there', async () => {
    const { r, m } = await run({ mode: { ws: 'reject426', origin: 'localhost' } });
    ok(r, m);
    const post = byPath(m, 'POST', '/responses')[0] as Recorded;
    expect(m.header(post, 'host')).toMatch(/^localhost:\d+$/);
  });

  test('raw/20: a path before /backend-api/ is kept for the routing lookup, not for the Responses traffic', async () => {
    const { r, m } = await run({ config: (o) => `chatgpt_base_url = "${o}/prefix/backend-api/"\nopenai_base_url = "${o}/backend-api/codex"\n` });
    ok(r, m);
    expect(m.seen()).toContain('GET /prefix/backend-api/wham/accounts/check 200');
    expect(m.seen()).toContain('POST /backend-api/codex/responses 200');
  });

  test('raw/21: a base without /backend-api uses the /api/codex/ path style', async () => {
    const { r, m } = await run({ config: (o) => `chatgpt_base_url = "${o}/"\nopenai_base_url = "${o}/backend-api/codex"\n` });
    ok(r, m);
    expect(m.seen()).toContain('GET /api/codex/accounts/check 200');
  });

  test('raw/31 and raw/32: the account id header is tokens.account_id; without it no header and no routing lookup', async () => {
    const differs = await run({ auth: chatgptAuthJson({ accountId: 'acct-from-field' } satisfies AuthJsonOptions), mode: { ws: 'reject426', noAccountsCheck: true }, retries: true });
    // The mock's routing lists acct-fake-0001 only when it answers; here it has no route, so the field is what was sent.
    const routing = byPath(differs.m, 'GET', '/accounts/check')[0] as Recorded;
    expect(differs.m.header(routing, 'chatgpt-account-id')).toBe('acct-from-field');
    expect(differs.r.code).toBe(1);
    await differs.m.close();
    mock = undefined;
    const absent = await run({ auth: chatgptAuthJson({ accountId: null }) });
    ok(absent.r, absent.m);
    expect(absent.m.seen()).toEqual(['GET /backend-api/codex/models?client_version=0.169.0 200', 'GET /backend-api/codex/responses 426', 'POST /backend-api/codex/responses 200']);
    expect(absent.m.requests.every((q) => absent.m.header(q, 'chatgpt-account-id') === undefined)).toBe(true);
  });

  test('raw/01: a routing lookup that keeps failing is made six times over the WebSocket, then six over HTTPS, and the turn fails', async () => {
    const { r, m } = await run({ tls: false, mode: { ws: 'reject426', noAccountsCheck: true }, retries: true, config: (o) => `chatgpt_base_url = "${o}/backend-api/"\n` });
    expect(r.code).toBe(1);
    const lookups = m.seen().filter((s) => s.includes('/accounts/check'));
    expect(lookups).toEqual(Array.from({ length: 12 }, () => 'GET /backend-api/wham/accounts/check 404'));
    expect(m.seen().filter((s) => !s.includes('/accounts/check') && !s.includes('/models?'))).toEqual([]);
    const events = r.out.map((l) => JSON.parse(l) as { type: string; message?: string; item?: { type: string } });
    const shape = events.map((e) => (e.type === 'error' ? (/\d\/5/.exec(e.message ?? '')?.[0] ?? 'error') : e.item ? `${e.type}:${e.item.type}` : e.type));
    expect(shape).toEqual(['thread.started', 'turn.started', '1/5', '2/5', '3/5', '4/5', '5/5', 'item.completed:error', '1/5', '2/5', '3/5', '4/5', '5/5', 'error', 'turn.failed']);
  });

  test('raw/35 and raw/37: over plain HTTP a routed workspace is refused; without an account id no routing runs and HTTP works', async () => {
    const refused = await run({ tls: false, mode: { ws: 'reject426' }, retries: true });
    expect(refused.r.code).toBe(1);
    expect(refused.r.out.join('\n')).toMatch(/https origin/);
    expect(refused.r.out.join('\n')).not.toContain((chatgptAuthJson().tokens as { refresh_token: string }).refresh_token);
    await refused.m.close();
    mock = undefined;
    const plain = await run({ tls: false, auth: chatgptAuthJson({ accountId: null }) });
    ok(plain.r, plain.m);
  });

  test('a JWT access token that is still valid is used as it is (raw/12)', async () => {
    const auth = chatgptAuthJson({ access: accessToken({ tag: 'still-valid' }), lastRefresh: new Date(Date.now() - 30 * 86400_000).toISOString() });
    const { r, h, m, before } = await run({ auth });
    ok(r, m);
    expect(byPath(m, 'POST', '/oauth/token')).toEqual([]);
    expect(h.authJson()).toBe(before);
  });

  test('the command line’s own bundle does the same: its WebSocket client and its zstd codec load outside the bundle', async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
    const h = signedInHome({ auth: chatgptAuthJson(), config: `compat = "codex-0.169"\n${bothBases(m.origin)}`, env: { CODEX_CA_CERTIFICATE: ca.caFile } });
    const bin = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'exec', '--json', '--skip-git-repo-check', 'hi'], { cwd: h.cwd, env: h.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, out }).toMatchObject({ code: 0 });
    expect(m.seen().slice(-2)).toEqual(['GET /backend-api/codex/responses 426', 'POST /backend-api/codex/responses 200']);
    expect(m.requests.at(-1)?.contentEncoding).toBe('zstd');
  });
});
