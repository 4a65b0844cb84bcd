// A turn on an agent-identity home (auth.json as `login --with-access-token` leaves it) runs as
// Codex 0.169 runs one: the token is checked against the issuer's key set, the task is registered
// (`POST <accounts API>/v1/agent/<runtime>/task/register`, signed with the identity's key), then the Responses request carries `Authorization: AgentAssertion`
// for that task and the account's id. The mock checks every signature with the identity's public key.
import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import sodium from 'libsodium-wrappers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAgentIssuer, type AgentIssuer } from '../../support/agent-identity-issuer.js';
import { startChatGptMock, type ChatGptMock, type Recorded } from '../../support/chatgpt-backend-mock.js';
import { runWeft, signedInHome } from '../../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../../support/test-ca.js';

const PRIVATE = 'MC4CAQAwBQYDK2VwBCIEIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH';
const publicKey = createPublicKey(createPrivateKey({ key: Buffer.from(PRIVATE, 'base64'), format: 'der', type: 'pkcs8' }));
/** `text` sealed (libsodium's sealed box) to the X25519 key of the Ed25519 key with this seed, as the backend seals a task id. */
async function sealedTo(seed: Buffer, text: string): Promise<string> {
  await sodium.ready;
  const recipient = sodium.crypto_sign_ed25519_pk_to_curve25519(sodium.crypto_sign_seed_keypair(seed).publicKey);
  return Buffer.from(sodium.crypto_box_seal(Buffer.from(text, 'utf8'), recipient)).toString('base64');
}
const SEED = Buffer.alloc(32, 7);
const signedBy = (text: string, signature: string): boolean => verify(null, Buffer.from(text), publicKey, Buffer.from(signature, 'base64'));

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

async function agentTurn(register: { status: number; body: unknown }, claims: Record<string, unknown> = {}) {
  const m = (mock = await startChatGptMock(ca, { ws: 'reject426', backend: { 'POST /task/register': register, 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks } } }));
  const token = await issuer.sign({ agent_private_key: PRIVATE, ...claims });
  const h = signedInHome({
    auth: { auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: token },
    config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
    env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: `${m.origin}/api/accounts` },
  });
  const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  return { m, r, token };
}

const posts = (m: ChatGptMock): Recorded[] => m.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/responses'));

describe('a turn on an agent-identity home', () => {
  it('registers a task, then signs the request with an assertion of it', async () => {
    const { m, r } = await agentTurn({ status: 200, body: { task_id: 'task-from-backend-1' } });
    expect({ code: r.code, err: r.err }).toMatchObject({ code: 0 });
    const registrations = m.requests.filter((q) => q.path.endsWith('/task/register'));
    expect(registrations.map((q) => q.path)).toEqual(['/api/accounts/v1/agent/agent-runtime-fake-1/task/register']);
    expect(m.requests.findIndex((q) => q.path.endsWith('/wham/agent-identities/jwks'))).toBeLessThan(m.requests.indexOf(registrations[0] as Recorded));
    const reg = registrations[0] as Recorded;
    const body = reg.body as { timestamp: string; signature: string };
    expect(Object.keys(body)).toEqual(['timestamp', 'signature']);
    expect(signedBy(`agent-runtime-fake-1:${body.timestamp}`, body.signature)).toBe(true);
    expect(m.requests.indexOf(reg)).toBeLessThan(m.requests.indexOf(posts(m)[0] as Recorded));

    const post = posts(m)[0] as Recorded;
    const authorization = m.header(post, 'authorization') ?? '';
    expect(authorization).toMatch(/^AgentAssertion [A-Za-z0-9_-]+$/);
    const envelope = JSON.parse(Buffer.from(authorization.slice('AgentAssertion '.length), 'base64url').toString('utf8')) as Record<string, string>;
    expect(envelope).toMatchObject({ agent_runtime_id: 'agent-runtime-fake-1', task_id: 'task-from-backend-1' });
    expect(signedBy(`agent-runtime-fake-1:task-from-backend-1:${envelope.timestamp}`, envelope.signature as string)).toBe(true);
    expect(m.header(post, 'chatgpt-account-id')).toBe('acct-fake-0001');
    expect(m.header(post, 'x-openai-fedramp')).toBeUndefined();
  });

  it('says a FedRAMP account is one', async () => {
    const { m, r } = await agentTurn({ status: 200, body: { taskId: 'task-camel' } }, { chatgpt_account_is_fedramp: true });
    expect(r.code).toBe(0);
    const post = posts(m)[0] as Recorded;
    expect(m.header(post, 'x-openai-fedramp')).toBe('true');
    const envelope = JSON.parse(Buffer.from((m.header(post, 'authorization') ?? '').slice('AgentAssertion '.length), 'base64url').toString('utf8')) as Record<string, string>;
    expect(envelope.task_id).toBe('task-camel');
  });

  it('opens a task id the backend sealed to the identity’s key, and asserts that task', async () => {
    const { m, r } = await agentTurn({ status: 200, body: { encrypted_task_id: await sealedTo(SEED, 'task-sealed-7') } });
    expect({ code: r.code, err: r.err }).toMatchObject({ code: 0 });
    const envelope = JSON.parse(Buffer.from((m.header(posts(m)[0] as Recorded, 'authorization') ?? '').slice('AgentAssertion '.length), 'base64url').toString('utf8')) as Record<string, string>;
    expect(envelope.task_id).toBe('task-sealed-7');
    expect(signedBy(`agent-runtime-fake-1:task-sealed-7:${envelope.timestamp}`, envelope.signature as string)).toBe(true);
  });

  it('ends the turn naming the registration when the sealed task id is for another key, and sends no model request', async () => {
    const { m, r, token } = await agentTurn({ status: 200, body: { encryptedTaskId: await sealedTo(Buffer.alloc(32, 9), 'task-of-another') } });
    expect(r.code).not.toBe(0);
    const text = [...r.out, ...r.err].join('\n');
    expect(text).toMatch(/task\/register answered a sealed task id weft could not open/);
    expect(text).not.toContain('task-of-another');
    expect(text).not.toContain(token);
    expect(posts(m)).toEqual([]);
  });

  it('refuses a token the issuer’s keys do not vouch for, before registering anything', async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426', backend: { 'POST /task/register': { status: 200, body: { task_id: 't' } }, 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks } } }));
    const forged = await issuer.sign({ agent_private_key: PRIVATE }, { key: issuer.stranger });
    const h = signedInHome({
      auth: { auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: forged },
      config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
      env: { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: `${m.origin}/api/accounts` },
    });
    const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect(r.code).not.toBe(0);
    expect([...r.out, ...r.err].join('\n')).not.toContain(forged);
    expect(m.requests.filter((q) => q.path.endsWith('/task/register') || q.path.endsWith('/responses'))).toEqual([]);
  });

  it('ends with an error naming auth.json when its agent identity is not one, sending nothing', async () => {
    const m = (mock = await startChatGptMock(ca, { ws: 'reject426' }));
    const h = signedInHome({
      auth: { auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: 'aaa.bbb.ccc' },
      config: `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`,
      env: { CODEX_CA_CERTIFICATE: ca.caFile },
    });
    const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/auth\.json holds an agent identity weft cannot use .*weft login --with-access-token/);
    expect(m.requests).toEqual([]);
  });

  it('ends with an error naming the registration when the backend refuses it, and sends no model request', async () => {
    const { m, r, token } = await agentTurn({ status: 403, body: { error: 'nope' } });
    expect(r.code).not.toBe(0);
    const text = [...r.out, ...r.err].join('\n');
    expect(text).toContain('task/register');
    expect(text).toContain('403');
    expect(text).not.toContain(token);
    expect(text).not.toContain(PRIVATE);
    expect(posts(m)).toEqual([]);
  });
});
