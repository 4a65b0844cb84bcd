// `codex login --with-access-token` of the real Codex 0.169.0 and `weft login --with-access-token`,
// each on a fresh home against the same HTTPS mock backend serving a test issuer's key set (test CA),
// given the same tokens: a token the issuer vouches for leaves byte-identical auth.json files (mode
// 0600), and every token either refuses leaves none, with the same exit codes; both fetch the key
// set the same way (path, header names in order, user agent but for the version). Runs only where
// the binary is installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeAgentIssuer, type AgentIssuer } from '../support/agent-identity-issuer.js';
import { startChatGptMock, type ChatGptMock } from '../support/chatgpt-backend-mock.js';
import { runWeft } from '../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');

interface Outcome {
  code: number;
  auth: string | null;
  mode: number | null;
  jwks: Array<{ path: string; names: string[]; userAgent: string | undefined }>;
}

let ca: TestCa;
let issuer: AgentIssuer;
let mock: ChatGptMock;
beforeAll(async () => {
  ca = makeTestCa();
  issuer = await makeAgentIssuer();
  mock = await startChatGptMock(ca, { backend: { 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks } } });
});
afterAll(async () => {
  await mock.close();
});

function freshHome(): { root: string; home: string; env: Record<string, string> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-token-'));
  const home = path.join(root, 'home');
  mkdirSync(home);
  writeFileSync(path.join(home, 'config.toml'), `chatgpt_base_url = "${mock.origin}/backend-api/"\n`);
  return { root, home, env: { HOME: home, CODEX_HOME: home, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, CODEX_CA_CERTIFICATE: ca.caFile } };
}

function codexLogin(bin: string, cwd: string, env: Record<string, string>, stdin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['login', '--with-access-token'], { cwd, env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? -1));
    child.stdin.end(stdin);
  });
}

async function outcome(run: (root: string, home: string, env: Record<string, string>) => Promise<number>, token: string): Promise<Outcome> {
  const { root, home, env } = freshHome();
  const mark = mock.requests.length;
  const code = await run(root, home, env);
  const file = path.join(home, 'auth.json');
  return {
    code,
    auth: existsSync(file) ? readFileSync(file, 'utf8').replace(token.trim(), '<TOKEN>') : null,
    mode: existsSync(file) ? statSync(file).mode & 0o777 : null,
    jwks: mock.requests.slice(mark).map((q) => ({ path: q.path, names: mock.names(q), userAgent: mock.header(q, 'user-agent')?.replace(/^codex_cli_rs\/[0-9.]+ /, 'codex_cli_rs/<version> ') })),
  };
}

describe('login --with-access-token: the real Codex 0.169.0 and weft against one mock', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  test('the same auth.json for a vouched token, the same refusals for the others', { timeout: 180_000 }, async () => {
    const past = Math.floor(Date.now() / 1000) - 600;
    const tokens: Record<string, string> = {
      good: `  ${await issuer.sign()}\n`,
      noEmail: await issuer.sign({ email: undefined }),
      notJwt: 'not-a-jwt',
      noRuntimeId: await issuer.sign({ agent_runtime_id: undefined }),
      expired: await issuer.sign({}, { expSeconds: past }),
      forged: await issuer.sign({}, { key: issuer.stranger }),
      otherAudience: await issuer.sign({}, { audience: 'someone-else' }),
      otherIssuer: await issuer.sign({}, { issuer: 'https://elsewhere.example' }),
      unlistedKid: await issuer.sign({}, { kid: 'other-kid' }),
      empty: '\n',
    };
    const codex: Record<string, Outcome> = {};
    const weft: Record<string, Outcome> = {};
    for (const [name, token] of Object.entries(tokens)) {
      codex[name] = await outcome((root, _home, env) => codexLogin(binary, root, env, token), token);
      weft[name] = await outcome(async (root, home, env) => (await runWeft({ home, cwd: root, env, authJson: () => '' }, ['login', '--with-access-token'], token)).code, token);
    }
    expect(weft).toEqual(codex);
    expect(codex.good?.auth).toContain('"agent_identity": "<TOKEN>"');
    expect(codex.good?.mode).toBe(0o600);
    expect(Object.values(codex).filter((o) => o.auth === null).length).toBe(8);
  });
});
