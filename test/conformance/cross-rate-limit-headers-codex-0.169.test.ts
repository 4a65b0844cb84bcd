// Rate limits from the answer's headers: the real Codex 0.169.0 app-server and weft's, on a home
// signed in with ChatGPT against the same HTTPS mock (test CA), run a turn over the Responses
// WebSocket whose 101 answer carries `x-codex-…` rate-limit headers (and another limit family), then
// a turn over HTTP SSE whose answer carries others. Both tell the client the same
// `account/rateLimits/updated`, and write the same `rate_limits` in the rollout's token_count events.
// Runs only where the binary is installed.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { startChatGptMock, type ChatGptMock, type MockMode } from '../support/chatgpt-backend-mock.js';
import { CodexAppServer } from '../support/codex-app-server-stdio.js';
import { chatgptAuthJson } from '../support/fake-tokens.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');

const UPGRADE_HEADERS = {
  'x-codex-primary-used-percent': '42.5',
  'x-codex-primary-window-minutes': '300',
  'x-codex-primary-reset-at': '1796000000',
  'x-codex-secondary-used-percent': '7',
  'x-codex-secondary-window-minutes': '10080',
  'x-codex-credits-has-credits': 'true',
  'x-codex-credits-unlimited': 'false',
  'x-codex-credits-balance': '12.5',
  'x-codex-bengalfox-primary-used-percent': '3',
  'x-codex-bengalfox-limit-name': 'GPT-X Fast',
};
const POST_HEADERS = { 'x-codex-primary-used-percent': '50', 'x-codex-primary-window-minutes': '300', 'x-codex-primary-reset-at': '1796000100' };

interface Client {
  readonly received: Msg[];
  request(method: string, params?: unknown): Promise<Msg>;
  until(found: (m: Msg) => boolean, from?: number): Promise<Msg>;
  close(): Promise<void>;
}

let ca: TestCa;
beforeAll(() => {
  ca = makeTestCa();
});

function home(m: ChatGptMock): { home: string; cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-limits-'));
  const h = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(h, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(h, 'config.toml'), `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`);
  writeFileSync(path.join(h, 'auth.json'), JSON.stringify(chatgptAuthJson(), null, 2), { mode: 0o600 });
  return { home: h, cwd, env: { HOME: h, CODEX_HOME: h, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, CODEX_CA_CERTIFICATE: ca.caFile } };
}

interface Run {
  notices: unknown[][];
  rollout: unknown[][];
}

async function turnOn(c: Client, m: ChatGptMock, mode: MockMode): Promise<{ notices: unknown[]; rollout: unknown[] }> {
  m.mode = mode;
  const t = (await c.request('thread/start', {})).result as { thread: { id: string; path: string } };
  const from = c.received.length;
  await c.request('turn/start', { threadId: t.thread.id, input: [{ type: 'text', text: 'hi' }] });
  await c.until((x) => x.method === 'turn/completed', from);
  const notices = c.received.slice(from).filter((x) => x.method === 'account/rateLimits/updated').map((x) => x.params);
  await c.request('thread/unsubscribe', { threadId: t.thread.id });
  const rollout = readFileSync(t.thread.path, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"token_count"'))
    .map((l) => (JSON.parse(l) as { payload: { rate_limits?: unknown } }).payload.rate_limits ?? null);
  return { notices, rollout };
}

async function runAll(open: (s: ReturnType<typeof home>) => Promise<Client>): Promise<Run> {
  const m = await startChatGptMock(ca);
  const c = await open(home(m));
  try {
    const ws = await turnOn(c, m, { ws: 'accept', answerHeaders: UPGRADE_HEADERS });
    const http = await turnOn(c, m, { ws: 'reject426', answerHeaders: POST_HEADERS });
    return { notices: [ws.notices, http.notices], rollout: [ws.rollout, http.rollout] };
  } finally {
    await c.close();
    await m.close();
  }
}

describe("rate limits of the Responses answers' headers: the real Codex 0.169.0 and weft", () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  let codex: Run;
  let weft: Run;
  beforeAll(async () => {
    codex = await runAll(async (s) => {
      const c = await CodexAppServer.withRefusingProxy(binary, s.cwd, s.env);
      await c.initialize();
      return c;
    });
    weft = await runAll(async (s) => {
      const c = new InProcessClient({ env: s.env, cwd: s.cwd });
      await c.initialize();
      return c;
    });
  }, 180_000);

  test('the same account/rateLimits/updated, over the WebSocket and over HTTP', () => {
    expect(weft.notices).toEqual(codex.notices);
  });

  test("the same rate_limits in the rollout's token_count events", () => {
    expect(weft.rollout).toEqual(codex.rollout);
  });
});
