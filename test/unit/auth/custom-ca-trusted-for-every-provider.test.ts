// A certificate authority named by CODEX_CA_CERTIFICATE or SSL_CERT_FILE is trusted as Codex
// trusts one, for every provider, not only the ChatGPT backend: a custom Responses provider behind
// HTTPS signed by the test CA is reached; without the CA the same turn fails on the certificate; a
// CA file that cannot be read is named with its variable.
import { afterEach, beforeAll, expect, test } from 'vitest';
import { startChatGptMock, type ChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { runWeft, signedInHome } from '../../support/signed-in-home.js';
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

const provider = (origin: string): string =>
  `compat = "codex-0.169"\nmodel_provider = "corp"\n[model_providers.corp]\nname = "Corp"\nbase_url = "${origin}/v1"\nenv_key = "CORP_KEY"\nstream_max_retries = 0\nrequest_max_retries = 0\n`;

test('SSL_CERT_FILE lets a custom HTTPS provider be reached; without it the certificate is refused', async () => {
  const m = (mock = await startChatGptMock(ca));
  const trusted = signedInHome({ auth: undefined, config: provider(m.origin), env: { SSL_CERT_FILE: ca.caFile, CORP_KEY: 'corp-secret-key-0001' } });
  const ok = await runWeft(trusted, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  expect({ code: ok.code, out: ok.out }).toMatchObject({ code: 0 });
  expect(m.seen()).toEqual(['POST /v1/responses 200']);
  expect(m.header(m.requests[0] as never, 'authorization')).toBe('Bearer corp-secret-key-0001');
  const untrusted = signedInHome({ auth: undefined, config: provider(m.origin), env: { CORP_KEY: 'corp-secret-key-0001' } });
  const refused = await runWeft(untrusted, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  expect(refused.code).toBe(1);
  expect(m.requests).toHaveLength(1);
});

test('a CA file that cannot be read is named with its variable', async () => {
  const h = signedInHome({ auth: undefined, config: provider('https://127.0.0.1:9'), env: { CODEX_CA_CERTIFICATE: '/nonexistent/ca.pem', CORP_KEY: 'k' } });
  const r = await runWeft(h, ['exec', '--json', '--skip-git-repo-check', 'hi']);
  expect(r.code).toBe(1);
  expect([...r.out, ...r.err].join('\n')).toMatch(/CODEX_CA_CERTIFICATE=\/nonexistent\/ca\.pem/);
});
