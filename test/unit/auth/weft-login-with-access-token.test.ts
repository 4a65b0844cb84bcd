// `weft login --with-access-token` against a mock ChatGPT backend over HTTPS (test CA) that serves a
// test issuer's key set, as `codex login --with-access-token` (0.169) behaves: the token read from
// stdin (trimmed) is checked for Codex's claims before anything is sent, then against the key set
// at `<chatgpt_base_url>/wham/agent-identities/jwks` (RS256, listed kid, Codex's issuer and
// audience, not expired); only a token that holds is kept, in auth.json as Codex writes it (mode,
// null key, the token; 0600). `login status` names the identity, never the token. Every refusal
// exits 1, writes nothing and never shows the token.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { makeAgentIssuer, type AgentIssuer } from '../../support/agent-identity-issuer.js';
import { startChatGptMock, type ChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { runWeft, signedInHome, type SignedInHome } from '../../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../../support/test-ca.js';

let ca: TestCa;
let issuer: AgentIssuer;
let mock: ChatGptMock | undefined;
beforeAll(async () => {
  ca = makeTestCa();
  issuer = await makeAgentIssuer();
});
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const all = (r: { out: string[]; err: string[] }): string => [...r.out, ...r.err].join('\n');

async function setup(base = '/backend-api/'): Promise<{ m: ChatGptMock; h: SignedInHome }> {
  const m = (mock = await startChatGptMock(ca, { backend: { 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks } } }));
  const h = signedInHome({ auth: undefined, config: `chatgpt_base_url = "${m.origin}${base}"\n`, env: { CODEX_CA_CERTIFICATE: ca.caFile } });
  return { m, h };
}

describe('weft login --with-access-token', () => {
  test('a token the issuer vouches for is kept as Codex keeps it; status names the identity, never the token', async () => {
    const { m, h } = await setup();
    const token = await issuer.sign();
    const r = await runWeft(h, ['login', '--with-access-token'], `  ${token}\n\n`);
    expect({ code: r.code, text: all(r) }).toMatchObject({ code: 0 });
    expect(h.authJson()).toBe(JSON.stringify({ auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: token }, null, 2));
    expect(statSync(path.join(h.home, 'auth.json')).mode & 0o777).toBe(0o600);
    expect(m.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /backend-api/wham/agent-identities/jwks']);
    const [jwks] = m.requests;
    expect(jwks && m.names(jwks)).toEqual(['originator', 'user-agent', 'accept']);
    expect(jwks && m.header(jwks, 'originator')).toBe('codex_cli_rs');
    expect(jwks && m.header(jwks, 'user-agent')).toMatch(/^codex_cli_rs\/0\.\d+\.\d+ \(/);
    const status = await runWeft(h, ['login', 'status']);
    expect(status.code).toBe(0);
    expect(all(status)).toMatch(/agent identity for agent@example\.com \(plus plan\)/);
    for (const out of [all(r), all(status)]) {
      expect(out).not.toContain(token);
      expect(out).not.toContain(token.split('.')[2]);
    }
  });

  test('a base without /backend-api is asked at <base>/agent-identities/jwks, as Codex asks it', async () => {
    const { m, h } = await setup('/other');
    const r = await runWeft(h, ['login', '--with-access-token'], await issuer.sign());
    expect(r.code).toBe(0);
    expect(m.requests.map((q) => q.path)).toEqual(['/other/agent-identities/jwks']);
  });

  test('a token that is not an agent identity is refused before anything is sent', async () => {
    const { m, h } = await setup();
    for (const token of ['not-a-jwt', await issuer.sign({ agent_runtime_id: undefined }), await issuer.sign({ chatgpt_account_is_fedramp: 'no' })]) {
      const r = await runWeft(h, ['login', '--with-access-token'], token);
      expect(r.code, token).toBe(1);
      expect(all(r)).not.toContain(token);
    }
    expect(m.requests).toEqual([]);
    expect(existsSync(path.join(h.home, 'auth.json'))).toBe(false);
  });

  test('an expired, forged, misaddressed or unlisted-key token is refused after the key set is read; nothing is written', async () => {
    const { m, h } = await setup();
    const past = Math.floor(Date.now() / 1000) - 600;
    const refused = [
      [await issuer.sign({}, { expSeconds: past }), /expired/],
      [await issuer.sign({}, { key: issuer.stranger }), /signature/],
      [await issuer.sign({}, { audience: 'someone-else' }), /aud/],
      [await issuer.sign({}, { issuer: 'https://elsewhere.example' }), /iss/],
      [await issuer.sign({}, { kid: 'other-kid' }), /does not list/],
    ] as const;
    for (const [token, why] of refused) {
      const r = await runWeft(h, ['login', '--with-access-token'], token);
      expect(r.code).toBe(1);
      expect(all(r)).toMatch(why);
      expect(all(r)).not.toContain(token);
      expect(all(r)).not.toContain(token.split('.')[1]);
    }
    expect(m.requests.length).toBe(refused.length);
    expect(existsSync(path.join(h.home, 'auth.json'))).toBe(false);
  });

  test('no key set (404), or nothing on stdin: exit 1 and nothing written', async () => {
    const { m, h } = await setup();
    m.mode = {};
    const r = await runWeft(h, ['login', '--with-access-token'], await issuer.sign());
    expect(r.code).toBe(1);
    expect(all(r)).toMatch(/agent-identities\/jwks.*404/);
    const empty = await runWeft(h, ['login', '--with-access-token'], '  \n');
    expect(empty.code).toBe(1);
    expect(all(empty)).toMatch(/No access token on stdin/);
    expect(existsSync(path.join(h.home, 'auth.json'))).toBe(false);
  });
});
