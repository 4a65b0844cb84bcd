// The real Codex 0.169.0 app-server and weft's, each on a home signed in with ChatGPT against the
// same HTTPS mock of the backend (test CA), asked the same account/usage/read and
// account/rateLimitResetCredit/consume requests while the mock answers each in turn with the
// shapes Codex's backend client decodes: both answer the same results (errors: the same code), and
// send the same backend requests (method, path, header names in order, user agent, body bytes). Background
// calls (plugins, workspace routing) are left aside. Runs only where the binary is installed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InProcessClient } from '../support/appserver-client.js';
import { startChatGptMock, type ChatGptMock, type MockMode } from '../support/chatgpt-backend-mock.js';
import { CodexAppServer } from '../support/codex-app-server-stdio.js';
import { chatgptAuthJson } from '../support/fake-tokens.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const THREAD = '019ac0de-0000-7000-8000-000000000001';
const GROUP = { model: 'gpt-x', reasoning_effort: 'high', speed: null, estimated_usage_credits_micros: 5, net_new_input_tokens: 1, cached_input_tokens: 2, input_tokens: 3, output_tokens: 4, total_tokens: 7 };

/** Each step: the mock's answers, then one request. */
const STEPS: Array<{ mode: MockMode; method: string; params?: unknown }> = [
  { mode: { backend: { 'GET /wham/profiles/me': { status: 200, body: { stats: { lifetime_tokens: 1234, peak_daily_tokens: 99, longest_running_turn_sec: 61, current_streak_days: 2, longest_streak_days: 5, daily_usage_buckets: [{ start_date: '2026-11-27', tokens: 12 }] } } } } }, method: 'account/usage/read' },
  { mode: { backend: { 'GET /wham/profiles/me': { status: 200, body: { stats: {} } } } }, method: 'account/usage/read', params: null },
  { mode: { backend: { 'GET /wham/profiles/me': { status: 200, body: { stats: { daily_usage_buckets: [{ start_date: 'x' }] } } } } }, method: 'account/usage/read' },
  { mode: {}, method: 'account/usage/read' },
  { mode: { backend: { 'POST /wham/usage/thread_usage/query': { status: 200, body: { threads: [{ thread_id: THREAD, estimated_usage_credits_micros: 5, estimated_usage_usd_micros: 7, native_usage_usd_micros: 9, groups: [GROUP] }] } } } }, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: { backend: { 'POST /wham/usage/thread_usage/query': { status: 200, body: { threads: [{ thread_id: THREAD, estimated_usage_credits_micros: 5 }] } } } }, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: { backend: { 'POST /wham/usage/thread_usage/query': { status: 200, body: { threads: [] } } } }, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: { backend: { 'POST /wham/usage/thread_usage/query': { status: 403, body: {} } } }, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: {}, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: { backend: { 'POST /wham/usage/thread_usage/query': { status: 500, body: {} } } }, method: 'account/usage/read', params: { threadId: THREAD } },
  { mode: {}, method: 'account/usage/read', params: { threadId: 'not-a-thread' } },
  ...(['reset', 'nothing_to_reset', 'no_credit', 'already_redeemed'] as const).map((code) => ({
    mode: { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code, windows_reset: 1 } } } },
    method: 'account/rateLimitResetCredit/consume',
    params: { idempotencyKey: `key-${code}` },
  })),
  { mode: { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code: 'reset' } } } }, method: 'account/rateLimitResetCredit/consume', params: { idempotencyKey: 'key-2', creditId: 'credit-1' } },
  { mode: { backend: { 'POST /wham/rate-limit-reset-credits/consume': { status: 200, body: { code: 'weird' } } } }, method: 'account/rateLimitResetCredit/consume', params: { idempotencyKey: 'key-3' } },
  { mode: {}, method: 'account/rateLimitResetCredit/consume', params: { idempotencyKey: 'key-4' } },
  { mode: {}, method: 'account/rateLimitResetCredit/consume', params: { idempotencyKey: '' } },
  { mode: {}, method: 'account/rateLimitResetCredit/consume', params: { idempotencyKey: 'key-5', creditId: '' } },
];

interface Client {
  request(method: string, params?: unknown): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

interface Run {
  answers: unknown[];
  calls: unknown[];
}

let ca: TestCa;
beforeAll(() => {
  ca = makeTestCa();
});

function home(m: ChatGptMock): { home: string; cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-usage-'));
  const h = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(h, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(h, 'config.toml'), `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\n`);
  writeFileSync(path.join(h, 'auth.json'), JSON.stringify(chatgptAuthJson(), null, 2), { mode: 0o600 });
  return { home: h, cwd, env: { HOME: h, CODEX_HOME: h, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, CODEX_CA_CERTIFICATE: ca.caFile } };
}

async function runAll(open: (m: ChatGptMock) => Promise<Client>): Promise<Run> {
  const m = await startChatGptMock(ca);
  const client = await open(m);
  const answers: unknown[] = [];
  try {
    for (const step of STEPS) {
      m.mode = step.mode;
      const a = await client.request(step.method, step.params);
      answers.push(a.error !== undefined ? { error: (a.error as { code: number }).code } : { result: a.result });
    }
  } finally {
    await client.close();
    await m.close();
  }
  const calls = m.requests
    .filter((q) => q.path.includes('/wham/') && !q.path.endsWith('/accounts/check'))
    .map((q) => ({ method: q.method, path: q.path, headers: m.names(q), userAgent: m.header(q, 'user-agent'), body: q.rawBody }));
  return { answers, calls };
}

describe('account usage and reset credits: the real Codex 0.169.0 and weft against one mock', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  let codex: Run;
  let weft: Run;
  beforeAll(async () => {
    codex = await runAll(async (m) => {
      const s = home(m);
      const c = new CodexAppServer(binary, s.cwd, s.env);
      await c.initialize();
      return c;
    });
    weft = await runAll(async (m) => {
      const s = home(m);
      const c = new InProcessClient({ env: s.env, cwd: s.cwd });
      await c.initialize();
      return c;
    });
  }, 180_000);

  test('the same answers, request by request', () => {
    expect(weft.answers).toEqual(codex.answers);
    // The comparison means something: answers of every kind are among them.
    expect(codex.answers.filter((a) => 'result' in (a as object)).length).toBeGreaterThan(8);
    expect(codex.answers.filter((a) => 'error' in (a as object)).length).toBeGreaterThan(5);
  });

  test('the same backend requests, in the same order', () => {
    expect(weft.calls).toEqual(codex.calls);
    expect(codex.calls.length).toBeGreaterThan(10);
  });
});
