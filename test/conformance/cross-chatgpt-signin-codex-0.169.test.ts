// The real Codex CLI 0.169.0 and weft share one home signed in with ChatGPT, against an HTTPS mock
// of the backend and the issuer (test CA trusted by both through CODEX_CA_CERTIFICATE): weft renews
// the tokens, then Codex runs a turn with them and renews nothing; Codex renews them, then weft
// renews Codex's in turn (with Codex's refresh token), and Codex goes on with weft's. Each reads the
// file the other wrote. Runs only where the binary is installed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startChatGptMock, type ChatGptMock, type Recorded } from '../support/chatgpt-backend-mock.js';
import { accessToken, chatgptAuthJson } from '../support/fake-tokens.js';
import { runWeft } from '../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary, run } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const CODEX_UNDER_LOAD = { retry: 2, timeout: 180_000 };

let ca: TestCa;
let mock: ChatGptMock | undefined;
beforeAll(() => {
  ca = makeTestCa();
});
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

interface Shared {
  home: string;
  cwd: string;
  env: Record<string, string>;
}

function sharedHome(m: ChatGptMock, auth: Record<string, unknown>): Shared {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-signin-'));
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(home, 'config.toml'), `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`);
  writeFileSync(path.join(home, 'auth.json'), JSON.stringify(auth, null, 2), { mode: 0o600 });
  return {
    home,
    cwd,
    env: {
      HOME: home,
      CODEX_HOME: home,
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      CODEX_CA_CERTIFICATE: ca.caFile,
      CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${m.origin}/oauth/token`,
    },
  };
}

async function codexTurn(s: Shared): Promise<void> {
  const { code, stderr, stdout } = await run(binary as string, ['exec', '--json', '--skip-git-repo-check', 'hi'], s.cwd, s.env);
  expect({ code, tail: `${stdout}\n${stderr}`.slice(-2000) }).toMatchObject({ code: 0 });
  expect(stdout).toContain('Mock reply 1.');
}

async function weftTurn(s: Shared): Promise<void> {
  const r = await runWeft({ ...s, authJson: () => '' }, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  expect({ code: r.code, out: r.out, err: r.err }).toMatchObject({ code: 0 });
}

const refreshBodies = (m: ChatGptMock, from = 0): Array<{ refresh_token: string }> =>
  m.requests.slice(from).filter((q) => q.path.endsWith('/oauth/token')).map((q) => q.body as { refresh_token: string });
const postBearers = (m: ChatGptMock, from = 0): string[] =>
  m.requests.slice(from).filter((q: Recorded) => q.path.endsWith('/responses') && q.method === 'POST').map((q) => m.header(q, 'authorization') ?? '');

describe('a ChatGPT home shared by the real Codex 0.169.0 and weft', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }

  test('weft renews the tokens; Codex then runs a turn with them and renews nothing', CODEX_UNDER_LOAD, async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
    const s = sharedHome(m, chatgptAuthJson({ access: accessToken({ expSeconds: Math.floor(Date.now() / 1000) - 3600 }) }));
    await weftTurn(s);
    expect(refreshBodies(m).map((b) => b.refresh_token)).toEqual(['rt_FAKE_REFRESH_TOKEN_1']);
    const issued = m.issued[0] as { access_token: string };
    const mark = m.requests.length;
    await codexTurn(s);
    expect(refreshBodies(m, mark)).toEqual([]);
    expect(postBearers(m, mark)).toEqual([`Bearer ${issued.access_token}`]);
  });

  test('Codex renews the tokens; weft renews Codex’s in turn, and Codex goes on with weft’s', CODEX_UNDER_LOAD, async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
    const s = sharedHome(m, chatgptAuthJson({ access: accessToken({ expSeconds: Math.floor(Date.now() / 1000) - 3600 }) }));
    await codexTurn(s);
    expect(refreshBodies(m).map((b) => b.refresh_token)).toEqual(['rt_FAKE_REFRESH_TOKEN_1']);
    // The backend now refuses Codex's access token twice: weft rereads the file, then renews with Codex's refresh token.
    m.mode = { ws: 'reject426', rejectNextPosts: 2 };
    let mark = m.requests.length;
    await weftTurn(s);
    expect(refreshBodies(m, mark).map((b) => b.refresh_token)).toEqual(['rt_NEW_1']);
    const codexIssued = m.issued[0] as { access_token: string };
    const weftIssued = m.issued[1] as { access_token: string };
    expect(postBearers(m, mark)).toEqual([`Bearer ${codexIssued.access_token}`, `Bearer ${codexIssued.access_token}`, `Bearer ${weftIssued.access_token}`]);
    mark = m.requests.length;
    await codexTurn(s);
    expect(refreshBodies(m, mark)).toEqual([]);
    expect(postBearers(m, mark)).toEqual([`Bearer ${weftIssued.access_token}`]);
  });
});
