// What the installed bin loads apart from its bundle: an extension file (imported through the
// importer the code-cache loader lends the bundle, with and without a cache), the OS keyring's addon,
// SQLite's (a home shared with Codex 0.169), the zstd codec's WebAssembly (a home signed in with ChatGPT),
// libsodium's (an agent identity whose task id the backend seals),
// and, checked last over every run of the suite, each package scripts/build.ts leaves outside the
// bundles, loaded from the install.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import sodium from 'libsodium-wrappers';
import { expect, it } from 'vitest';
import { BUNDLE_EXTERNALS, OPTIONAL_EXTERNALS } from '../../../scripts/bundle-externals.js';
import { makeAgentIssuer } from '../../support/agent-identity-issuer.js';
import { startChatGptMock } from '../../support/chatgpt-backend-mock.js';
import { chatgptAuthJson } from '../../support/fake-tokens.js';
import { makeTestCa } from '../../support/test-ca.js';
import { startMockResponsesServer } from '../../../src/testing/index.js';
import { expectExecTurn } from '../support/expect-turn.js';
import { responsesModel } from '../support/model-turn.js';
import { events, runBin, workspace } from '../support/run-installed.js';
import type { Suite } from '../support/suite.js';

const EXEC = ['exec', '--json', '--skip-git-repo-check', 'run the check'];

export function outsideBundleCases(suite: Suite): void {
  it('an extension file is loaded on the first run (compiling the bundle) and the next (from the code cache)', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    try {
      const ws = await workspace(suite.loadLog, '');
      const marker = path.join(ws.root, 'extension-loads');
      await writeFile(
        path.join(ws.weftHome, 'artifact-extension.mjs'),
        `import { appendFileSync } from 'node:fs';\nexport default () => { appendFileSync(${JSON.stringify(marker)}, 'loaded\\n'); return { name: 'artifact-extension' }; };\n`,
      );
      await writeFile(
        path.join(ws.weftHome, 'config.toml'),
        `compat = "codex-0.169"\nmodel = "gpt-5.5"\nextensions = ["artifact-extension.mjs"]\nmodel_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${mock.url}"\nwire_api = "responses"\n`,
      );
      const first = await runBin(suite.pkg().bin, EXEC, ws);
      await expectExecTurn(first, ws, mock.requests.map((r) => r.rawBody));
      const second = await runBin(suite.pkg().bin, EXEC, ws);
      expect(second.code, second.stderr).toBe(0);
      expect((await readFile(marker, 'utf8')).trim().split('\n')).toEqual(['loaded', 'loaded']);
    } finally {
      await mock.close();
    }
  });

  it('a TypeScript extension without tsx installed is refused with what to install', async () => {
    const ws = await workspace(suite.loadLog, 'compat = "codex-0.169"\nmodel = "gpt-5.5"\nextensions = ["ext.ts"]\n');
    await writeFile(path.join(ws.weftHome, 'ext.ts'), "export default { name: 'typed' };\n");
    const ran = await runBin(suite.pkg().bin, EXEC, ws);
    expect(ran.code).not.toBe(0);
    expect(ran.stderr + ran.stdout).toContain('npm install tsx');
  });

  it('weft mcp logout reaches the OS keyring through its addon', async () => {
    const ws = await workspace(suite.loadLog, 'mcp_oauth_credentials_store = "keyring"\n[mcp_servers.remote]\nurl = "http://127.0.0.1:9/mcp"\n');
    const ran = await runBin(suite.pkg().bin, ['mcp', 'logout', 'remote'], ws);
    // A machine without a Secret Service says so; one with it answers that nothing was stored.
    if (ran.code !== 0) expect(ran.stderr).toMatch(/keyring/i);
  });

  it('a home Codex 0.169 shares (its state_5.sqlite) gets the thread\'s row, through the installed better-sqlite3', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    try {
      const ws = await workspace(
        suite.loadLog,
        `compat = "codex-0.169"\nmodel = "gpt-5.5"\nmodel_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${mock.url}"\nwire_api = "responses"\n`,
      );
      const dbFile = path.join(ws.weftHome, 'state_5.sqlite');
      const created = new Database(dbFile);
      created.exec(await readFile(fileURLToPath(new URL('../../support/fixtures/codex-0.169-state-schema.sql', import.meta.url)), 'utf8'));
      created.close();
      const ran = await runBin(suite.pkg().bin, EXEC, ws);
      await expectExecTurn(ran, ws, mock.requests.map((r) => r.rawBody));
      const threadId = String(events(ran.stdout).find((e) => e['type'] === 'thread.started')?.['thread_id']);
      const db = new Database(dbFile, { readonly: true });
      try {
        expect(db.prepare('SELECT id FROM threads').all()).toEqual([{ id: threadId }]);
      } finally {
        db.close();
      }
    } finally {
      await mock.close();
    }
  });

  it('a home signed in with ChatGPT sends its bodies zstd-compressed, through the installed codec, to a backend its CA is trusted for', async () => {
    const ca = makeTestCa();
    const m = await startChatGptMock(ca, { ws: 'reject426' });
    try {
      const origin = m.origin;
      const ws = await workspace(suite.loadLog, `compat = "codex-0.169"\nchatgpt_base_url = "${origin}/backend-api/"\nopenai_base_url = "${origin}/backend-api/codex"\n`);
      await writeFile(path.join(ws.weftHome, 'auth.json'), JSON.stringify(chatgptAuthJson(), null, 2), { mode: 0o600 });
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { CODEX_CA_CERTIFICATE: ca.caFile });
      expect(ran.code, ran.stderr).toBe(0);
      expect(m.requests.at(-1)?.contentEncoding).toBe('zstd');
    } finally {
      await m.close();
    }
  });

  it('an agent identity opens the task id its backend sealed, through the installed libsodium', async () => {
    const ca = makeTestCa();
    const issuer = await makeAgentIssuer();
    await sodium.ready;
    // The identity's Ed25519 key (seed 7 × 32) and the task id sealed to its X25519 form.
    const seed = Buffer.alloc(32, 7);
    const privateKey = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]).toString('base64');
    const recipient = sodium.crypto_sign_ed25519_pk_to_curve25519(sodium.crypto_sign_seed_keypair(seed).publicKey);
    const sealed = Buffer.from(sodium.crypto_box_seal(Buffer.from('task-sealed-artifact'), recipient)).toString('base64');
    const m = await startChatGptMock(ca, { ws: 'reject426', backend: { 'POST /task/register': { status: 200, body: { encrypted_task_id: sealed } }, 'GET /agent-identities/jwks': { status: 200, body: issuer.jwks } } });
    try {
      const ws = await workspace(suite.loadLog, `compat = "codex-0.169"\nchatgpt_base_url = "${m.origin}/backend-api/"\nopenai_base_url = "${m.origin}/backend-api/codex"\n`);
      const token = await issuer.sign({ agent_private_key: privateKey });
      await writeFile(path.join(ws.weftHome, 'auth.json'), JSON.stringify({ auth_mode: 'agentIdentity', OPENAI_API_KEY: null, agent_identity: token }), { mode: 0o600 });
      const ran = await runBin(suite.pkg().bin, EXEC, ws, { CODEX_CA_CERTIFICATE: ca.caFile, CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: `${m.origin}/api/accounts` });
      expect(ran.code, ran.stderr).toBe(0);
      const post = m.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/responses')).at(-1);
      const assertion = (post === undefined ? '' : m.header(post, 'authorization') ?? '').slice('AgentAssertion '.length);
      expect(JSON.parse(Buffer.from(assertion, 'base64url').toString('utf8'))).toMatchObject({ task_id: 'task-sealed-artifact' });
    } finally {
      await m.close();
    }
  });

  it('the runs above loaded every package the bundles leave outside, from the install', async () => {
    const loaded = (await readFile(suite.loadLog, 'utf8')).split('\n');
    const modules = path.join(suite.pkg().prefix, 'node_modules');
    for (const name of BUNDLE_EXTERNALS) {
      const from = path.join(modules, ...name.split('/')) + path.sep;
      if (OPTIONAL_EXTERNALS.includes(name)) continue;
      expect(loaded.some((file) => file.startsWith(from)), `${name} was never loaded from ${from}`).toBe(true);
    }
    // The bin's own first step and the bundles it chose.
    expect(loaded.some((file) => file.endsWith(path.join('weft', 'dist', 'launch.cjs')))).toBe(true);
  });
}
