// A turn on an agent-identity home, run by the real Codex CLI 0.169.0 and by weft against one HTTPS
// mock (test CA) that serves the issuer's key set and registers tasks: both check the token against
// the key set, register a task with the same request (path, header names in order, body fields,
// a signature the mock verifies with the identity's public key), and send the Responses request with
// the same credential headers (an `AgentAssertion` of the registered task, verified likewise, and the
// account id), as does the model catalog request. The accounts API and the key set are moved onto the mock by Codex's own variables.
// Runs only where the binary is installed.
import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeAgentIssuer, type AgentIssuer } from '../support/agent-identity-issuer.js';
import { startChatGptMock, type ChatGptMock, type Recorded } from '../support/chatgpt-backend-mock.js';
import { runWeft } from '../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary, run } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const PRIVATE = 'MC4CAQAwBQYDK2VwBCIEIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH';
const publicKey = createPublicKey(createPrivateKey({ key: Buffer.from(PRIVATE, 'base64'), format: 'der', type: 'pkcs8' }));
const signedBy = (text: string, signature: string): boolean => verify(null, Buffer.from(text), publicKey, Buffer.from(signature, 'base64'));

let ca: TestCa;
let issuer: AgentIssuer;
let mock: ChatGptMock;
beforeAll(async () => {
  ca = makeTestCa();
  issuer = await makeAgentIssuer();
  mock = await startChatGptMock(ca, {
    ws: 'reject426',
    backend: {
      'GET /agent-identities/jwks': { status: 200, body: issuer.jwks },
      'POST /task/register': { status: 200, body: { task_id: 'task-from-mock-1' } },
    },
  });
});
afterAll(async () => {
  await mock.close();
});

function agentHome(token: string): { home: string; cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-agent-'));
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(home, 'config.toml'), `compat = "codex-0.169"\nchatgpt_base_url = "${mock.origin}/backend-api/"\nopenai_base_url = "${mock.origin}/backend-api/codex"\n`);
  writeFileSync(path.join(home, 'auth.json'), JSON.stringify({ auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: token }, null, 2), { mode: 0o600 });
  return {
    home,
    cwd,
    env: {
      HOME: home,
      CODEX_HOME: home,
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      CODEX_CA_CERTIFICATE: ca.caFile,
      CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: `${mock.origin}/api/accounts`,
      CODEX_AGENT_IDENTITY_JWKS_BASE_URL: `${mock.origin}/backend-api/`,
    },
  };
}

interface Seen {
  jwks: string[];
  registrations: Array<{ path: string; names: string[]; ua: string; fields: string[]; signed: boolean }>;
  post: { names: string[]; task: string; signed: boolean; account: string | undefined };
  catalog: Array<{ names: string[]; signed: boolean; account: string | undefined }>;
}

function assertionOf(q: Recorded): { task: string; signed: boolean } {
  const auth = mock.header(q, 'authorization') ?? '';
  const envelope = JSON.parse(Buffer.from(auth.replace(/^AgentAssertion /, ''), 'base64url').toString('utf8') || '{}') as Record<string, string>;
  return { task: String(envelope.task_id), signed: auth.startsWith('AgentAssertion ') && signedBy(`${envelope.agent_runtime_id}:${envelope.task_id}:${envelope.timestamp}`, String(envelope.signature)) };
}

const ua = (q: Recorded): string => (mock.header(q, 'user-agent') ?? '').replace(/^(codex_exec)\/\S+ \(.*$/, '$1/<version> <os>');

function seen(from: number): Seen {
  const reqs = mock.requests.slice(from);
  const posts = reqs.filter((q) => q.method === 'POST' && q.path.endsWith('/responses'));
  const post = posts[0] as Recorded;
  const auth = mock.header(post, 'authorization') ?? '';
  const envelope = JSON.parse(Buffer.from(auth.replace(/^AgentAssertion /, ''), 'base64url').toString('utf8') || '{}') as Record<string, string>;
  return {
    jwks: [...new Set(reqs.filter((q) => q.path.endsWith('/jwks')).map((q) => q.path))],
    // Codex loads the sign-in more than once per run and registers a task each time; the first is compared.
    registrations: reqs.filter((q) => q.path.endsWith('/task/register')).slice(0, 1).map((q) => {
      const body = q.body as { timestamp: string; signature: string };
      return { path: q.path, names: mock.names(q), ua: ua(q), fields: Object.keys(body), signed: signedBy(`agent-runtime-fake-1:${body.timestamp}`, body.signature) };
    }),
    post: {
      names: mock.names(post).filter((n) => ['authorization', 'chatgpt-account-id', 'x-openai-fedramp'].includes(n)),
      task: String(envelope.task_id),
      signed: auth.startsWith('AgentAssertion ') && signedBy(`${envelope.agent_runtime_id}:${envelope.task_id}:${envelope.timestamp}`, String(envelope.signature)),
      account: mock.header(post, 'chatgpt-account-id'),
    },
    // The model catalog request, signed the same way (Codex asks once per run here).
    catalog: reqs.filter((q) => q.method === 'GET' && q.path.endsWith('/codex/models')).slice(0, 1).map((q) => ({ names: mock.names(q), signed: assertionOf(q).signed, account: mock.header(q, 'chatgpt-account-id') })),
  };
}

describe('a turn on an agent-identity home: the real Codex 0.169.0 and weft against one mock', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  test('the same key-set check, task registration and signed request', { timeout: 240_000 }, async () => {
    const token = await issuer.sign({ agent_private_key: PRIVATE });
    const c = agentHome(token);
    const { code, stdout, stderr } = await run(binary, ['exec', '--json', '--skip-git-repo-check', 'hi'], c.cwd, c.env);
    expect({ code, tail: `${stdout}\n${stderr}`.slice(-1500) }).toMatchObject({ code: 0 });
    const codex = seen(0);
    const mark = mock.requests.length;
    const w = agentHome(token);
    const r = await runWeft({ ...w, authJson: () => '' }, ['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect({ code: r.code, err: r.err }).toMatchObject({ code: 0 });
    const weft = seen(mark);
    expect(codex.registrations).toHaveLength(1);
    expect(codex.post).toMatchObject({ task: 'task-from-mock-1', signed: true, account: 'acct-fake-0001' });
    expect(codex.catalog).toMatchObject([{ signed: true, account: 'acct-fake-0001' }]);
    expect(weft).toEqual(codex);
  });
});
