// One home shared by weft and the real Codex CLI 0.169.0 after Codex has created its thread index
// (state_5.sqlite). Each way round, the thread the first engine wrote is the one the other resumes
// with `resume --last`, and the request it sends is the one the first engine sends when it resumes
// the same thread with the same prompt (both taken from the same rollout bytes; normalized as the
// conformance fixtures are). Runs only where the binary is installed (`scripts/install-codex.sh 0.169.0`).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../scripts/mock-responses-server.js';
import { Weft } from '../../src/engine/weft.js';
import { FileThreadStore } from '../../src/rollout/store/file-thread-store.js';
import { CODEX_0169_PACK_DIR } from '../support/codex-0169.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';
import { findCodexBinary, run } from './codex-binary-driver.js';
import { compareRequests, rulesForProfile } from './compare.js';
import { normalizeValue } from './normalize.js';

const binary = findCodexBinary('0.169.0');
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

// As in cross-resume-codex-0.169.test.ts: under load Codex sometimes sends a request without its
// workspace git facts; a real difference fails every run.
const CODEX_UNDER_LOAD = { retry: 3, timeout: 180_000 };

interface Shared {
  home: string;
  repo: string;
  env: Record<string, string>;
  mock: MockServer;
}

async function sharedHome(): Promise<Shared> {
  let n = 0;
  await mock?.close();
  mock = await startMockResponsesServer({ respond: () => textReply(`answer ${++n}`) });
  const home = await tempDir('codex-home-');
  const repo = await tempDir('repo-');
  await mkdir(path.join(repo, '.git'));
  await writeFile(
    path.join(home, 'config.toml'),
    `model = "gpt-5.5"\napproval_policy = "never"\nsandbox_mode = "read-only"\nmodel_provider = "mock"\ncompat = "codex-0.169"\npack = "${CODEX_0169_PACK_DIR}"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
  );
  const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, CODEX_HOME: home, WEFT_HOME: home, MOCK_API_KEY: 'k', SHELL: '/bin/bash' };
  return { home, repo, env, mock };
}

async function codex(s: Shared, args: string[]): Promise<string> {
  const r = await run(binary as string, ['exec', '--json', '--skip-git-repo-check', ...args], s.repo, s.env);
  expect(r.code, r.stderr).toBe(0);
  const started = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { type?: string; thread_id?: string })
    .find((e) => e.type === 'thread.started')?.thread_id;
  if (!started) throw new Error(`no thread.started in:\n${r.stdout}`);
  return started;
}

/** weft resumes `last` and sends `prompt`; the id of the thread it resumed. */
async function weftResumesLast(s: Shared, prompt: string): Promise<string> {
  const weft = await Weft.open({ env: s.env, cwd: s.repo });
  const thread = await weft.resumeThread('last');
  await thread.run(prompt);
  await thread.close();
  return thread.id;
}

function lastRequest(s: Shared) {
  const r = s.mock.requests.at(-1);
  if (!r) throw new Error('no request');
  return r;
}

/** Codex's and weft's resume requests, equal once normalized (thread id bound, other ids renumbered). */
function expectSameRequest(s: Shared, threadId: string, a: ReturnType<typeof lastRequest>, b: ReturnType<typeof lastRequest>): void {
  const ctx = { paths: { '{{REPO}}': s.repo, '{{CODEX_HOME}}': s.home }, threadIds: [threadId] };
  const norm = (r: typeof a) => ({ method: r.method, path: r.path, body: normalizeValue(r.body, ctx) });
  expect(compareRequests([norm(a)], [norm(b)], rulesForProfile('codex-0.169'))).toEqual([]);
}

describe('a home shared with the real Codex 0.169.0 and its thread index', () => {
  if (!binary) {
    test.skip('skipped: no Codex 0.169.0 binary (run scripts/install-codex.sh 0.169.0 to enable)', () => {});
    return;
  }

  test('`codex exec resume --last` resumes the thread weft wrote last and sends the request weft would', CODEX_UNDER_LOAD, async () => {
    const s = await sharedHome();
    const older = await codex(s, ['codex prompt']);
    expect(existsSync(path.join(s.home, 'state_5.sqlite'))).toBe(true);

    const weft = await Weft.open({ env: s.env, cwd: s.repo });
    const thread = await weft.startThread();
    await thread.run('weft prompt');
    await thread.close();
    const written = await readFile(thread.rolloutPath);

    expect(await weftResumesLast(s, 'next prompt')).toBe(thread.id);
    const fromWeft = lastRequest(s);
    await writeFile(thread.rolloutPath, written);

    const resumed = await codex(s, ['resume', '--last', 'next prompt']);
    expect(resumed).toBe(thread.id);
    expect(resumed).not.toBe(older);
    expectSameRequest(s, thread.id, fromWeft, lastRequest(s));
  });

  test('weft lists the thread Codex wrote through the index, resumes it and sends the request Codex would', CODEX_UNDER_LOAD, async () => {
    const s = await sharedHome();
    const codexId = await codex(s, ['codex prompt']);
    const listed = await new FileThreadStore(s.home, { codexThreadIndex: true }).list({ limit: 10 });
    expect(listed.threads.map((t) => [t.id, t.preview])).toEqual([[codexId, 'codex prompt']]);
    const rollout = listed.threads[0]!.path;
    const written = await readFile(rollout);

    expect(await codex(s, ['resume', '--last', 'next prompt'])).toBe(codexId);
    const fromCodex = lastRequest(s);
    await writeFile(rollout, written);

    expect(await weftResumesLast(s, 'next prompt')).toBe(codexId);
    expectSameRequest(s, codexId, fromCodex, lastRequest(s));
  });

  test('Codex refuses to resume a thread weft has open for writing (its writer lock)', CODEX_UNDER_LOAD, async () => {
    const s = await sharedHome();
    const weft = await Weft.open({ env: s.env, cwd: s.repo });
    const thread = await weft.startThread();
    await thread.run('weft prompt');
    const sent = s.mock.requests.length;
    try {
      const r = await run(binary as string, ['exec', '--json', '--skip-git-repo-check', 'resume', thread.id, 'next prompt'], s.repo, s.env);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(thread.id);
      expect(s.mock.requests.length).toBe(sent);
    } finally {
      await thread.close();
    }
  });
});
