// The Responses request body of a turn in ChatGPT mode, sent by the real Codex CLI 0.169.0 and by
// weft (the recorded 0.169 pack, `--pack`) from one signed-in home against one HTTPS mock (test CA)
// whose catalog request serves the recordings' model, `gpt-6.1-sol`, as the 0.169 pack's entry.
// Codex runs first and leaves in the home what it leaves there (its system skills under
// `skills/.system`, its models cache, its installation id); weft then reads the same files. The two
// bodies must be equal after normalizing ids, times and nothing else but the one narrow exception
// commented below. This pins: the turn metadata (client_metadata and the header), the skills message
// and its provenance, `create_time` with its fraction, the catalog Codex's cache leaves behind (which
// Codex itself cannot read back, so both fetch it again), the MCP resource tools a ChatGPT sign-in
// brings, and every other field. Runs only where the binary is installed.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startChatGptMock, type ChatGptMock, type Recorded } from '../support/chatgpt-backend-mock.js';
import { chatgptAuthJson } from '../support/fake-tokens.js';
import { runWeft } from '../support/signed-in-home.js';
import { makeTestCa, type TestCa } from '../support/test-ca.js';
import { findCodexBinary, run } from './codex-binary-driver.js';

const binary = findCodexBinary('0.169.0');
const PACK = fileURLToPath(new URL('../../../shared/conformance/codex-0.169/pack/', import.meta.url));

let ca: TestCa;
let mock: ChatGptMock;
beforeAll(async () => {
  ca = makeTestCa();
  const pack = JSON.parse(readFileSync(path.join(PACK, 'models.json'), 'utf8')) as { models: Array<Record<string, unknown>> };
  const entry = { ...pack.models[0], slug: 'gpt-6.1-sol', display_name: 'gpt-6.1-sol' };
  mock = await startChatGptMock(ca, { ws: 'reject426', backend: { 'GET /codex/models': { status: 200, body: { models: [entry] } } } });
});
afterAll(async () => {
  await mock.close();
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Ids and times only: every UUID (thread, turn, message, window ids), `create_time`, the turn's start. */
function normalized(body: unknown): { body: unknown; createTimes: number[] } {
  const createTimes: number[] = [];
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (key === 'create_time' && typeof value === 'number') {
      createTimes.push(value);
      return '<create_time>';
    }
    return value;
  })
    .replace(UUID, '<id>')
    .replace(/(turn_started_at_unix_ms\\":)\d+/g, '$1<ms>');
  return { body: JSON.parse(text) as unknown, createTimes };
}

const posts = (from: number, to: number): Recorded[] => mock.requests.slice(from, to).filter((q) => q.method === 'POST' && q.path.endsWith('/responses'));

describe('ChatGPT-mode request bodies: the real Codex 0.169.0 and weft on one home', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }
  test('the same body after normalizing ids and times', { timeout: 300_000 }, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'weft-cross-bodies-'));
    const home = path.join(root, 'home');
    const cwd = path.join(root, 'work');
    mkdirSync(home, { recursive: true });
    mkdirSync(cwd, { recursive: true });
    writeFileSync(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-6.1-sol"\nchatgpt_base_url = "${mock.origin}/backend-api/"\nopenai_base_url = "${mock.origin}/backend-api/codex"\n`);
    writeFileSync(path.join(home, 'auth.json'), JSON.stringify(chatgptAuthJson(), null, 2), { mode: 0o600 });
    const env = { HOME: home, CODEX_HOME: home, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, CODEX_CA_CERTIFICATE: ca.caFile };

    const c = await run(binary, ['exec', '--json', '--skip-git-repo-check', 'hi'], cwd, env);
    expect({ code: c.code, tail: `${c.stdout}\n${c.stderr}`.slice(-1500) }).toMatchObject({ code: 0 });
    const mark = mock.requests.length;
    const w = await runWeft({ home, cwd, env, authJson: () => '' }, ['exec', '--json', '--skip-git-repo-check', '--pack', PACK, 'hi']);
    expect({ code: w.code, err: w.err }).toMatchObject({ code: 0 });

    const codexPosts = posts(0, mark);
    const weftPosts = posts(mark, mock.requests.length);
    expect([codexPosts.length, weftPosts.length]).toEqual([1, 1]);
    const codexBody = (codexPosts[0] as Recorded).body as { tools: Array<{ type: string; name?: string }> };
    // The one exception: in ChatGPT mode Codex adds an `image_gen` namespace tool whose texts are
    // Codex's own and in no pack (docs/chatgpt-signin.md, "Not done"); it is taken out of Codex's list.
    const imageGen = codexBody.tools.filter((t) => t.type === 'namespace' && t.name === 'image_gen');
    expect(imageGen).toHaveLength(1);
    const codex = normalized({ ...codexBody, tools: codexBody.tools.filter((t) => !imageGen.includes(t)) });
    const weft = normalized((weftPosts[0] as Recorded).body);

    // Both carry the skills Codex installed in the home, with their provenance.
    expect(JSON.stringify(codex.body)).toContain(`${home}/skills/.system`);
    // create_time: seconds with a fraction (the clock's sub-millisecond part), one per context item.
    expect(codex.createTimes.length).toBeGreaterThan(0);
    expect(weft.createTimes.length).toBe(codex.createTimes.length);
    for (const t of [...codex.createTimes, ...weft.createTimes]) expect(Number.isInteger(t)).toBe(false);
    expect(weft.body).toEqual(codex.body);
  });
});
