// One home shared both ways between weft and the real Codex CLI of today's two generations (0.169.0
// and 0.171.0, each with weft under the matching compat): Codex writes a thread, weft lists it,
// resumes it and forks it (a one-line fork, no turn); Codex lists weft's fork, and `resume --last`
// picks it and runs a turn on it. Then weft starts a thread, Codex resumes it with `--last` and forks
// it, and weft lists and resumes Codex's fork. Codex's thread history (state_5.sqlite, its paginated
// turns) must serve every thread weft wrote. Each archives the other's thread and unarchives it, and
// both listings follow. Runs only where the binary is installed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../scripts/mock-responses-server.js';
import type { CompatProfileName } from '../../protocol/config.js';
import { archiveRollout, unarchiveRollout } from '../../src/rollout/store/archive.js';
import { Weft } from '../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';
import { findCodexBinary, run } from './codex-binary-driver.js';
import { conformanceRoot } from './scenario.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

const CODEX_UNDER_LOAD = { retry: 2, timeout: 240_000 };

interface Shared {
  home: string;
  repo: string;
  env: Record<string, string>;
  binary: string;
}

async function sharedHome(binary: string, compat: CompatProfileName): Promise<Shared> {
  let n = 0;
  await mock?.close();
  mock = await startMockResponsesServer({ respond: () => textReply(`answer ${++n}`) });
  const home = await tempDir('codex-home-');
  const repo = await tempDir('repo-');
  await mkdir(path.join(repo, '.git'));
  const pack = path.join(conformanceRoot(), compat, 'pack');
  await writeFile(
    path.join(home, 'config.toml'),
    `model = "gpt-5.5"\napproval_policy = "never"\nsandbox_mode = "read-only"\nmodel_provider = "mock"\ncompat = "${compat}"\npack = "${pack}"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
  );
  const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, CODEX_HOME: home, WEFT_HOME: home, MOCK_API_KEY: 'k', SHELL: '/bin/bash' };
  return { home, repo, env, binary };
}

/** `codex exec --json …`: the id of the thread it ran. */
async function codexExec(s: Shared, args: string[]): Promise<string> {
  const r = await run(s.binary, ['exec', '--json', '--skip-git-repo-check', ...args], s.repo, s.env);
  expect(r.code, r.stderr).toBe(0);
  const started = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { type?: string; thread_id?: string })
    .find((e) => e.type === 'thread.started')?.thread_id;
  if (!started) throw new Error(`no thread.started in:\n${r.stdout}\n${r.stderr}`);
  return started;
}

/** The ids Codex's app-server lists (`thread/list`), newest first. */
async function codexThreadList(s: Shared, archived = false): Promise<string[]> {
  const result = (await codexRpc(s, 'thread/list', { sourceKinds: ['cli', 'vscode', 'exec', 'appServer'], archived })) as { data?: Array<{ id: string }> };
  return (result.data ?? []).map((t) => t.id);
}

/** One request to a fresh `codex app-server` over stdio: its result. */
function codexRpc(s: Shared, method: string, params: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(s.binary, ['app-server'], { cwd: s.repo, env: s.env, stdio: ['pipe', 'pipe', 'ignore'] });
    let buffered = '';
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      for (const line of buffered.split('\n').slice(0, -1)) {
        const msg = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
        if (msg.id !== 2) continue;
        child.stdin.end();
        child.kill();
        if (msg.error !== undefined) reject(new Error(JSON.stringify(msg.error)));
        else resolve(msg.result);
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    const send = (o: unknown) => child.stdin.write(`${JSON.stringify(o)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name: 'weft_test', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'initialized' });
    send({ jsonrpc: '2.0', id: 2, method, params });
  });
}

async function weftListed(s: Shared, archived = false): Promise<string[]> {
  const weft = await Weft.open({ env: s.env, cwd: s.repo });
  return (await weft.store.list({ limit: 20, archived })).threads.map((t) => t.id);
}

for (const [version, compat] of [['0.169.0', 'codex-0.169'], ['0.171.0', 'codex-0.171']] as const) {
  const binary = findCodexBinary(version);
  describe(`one home shared with the real Codex ${version} (weft under ${compat})`, () => {
    if (!binary) {
      test.skip(`skipped: no Codex ${version} binary (run scripts/install-codex.sh ${version} to enable)`, () => {});
      return;
    }

    test("weft lists, resumes and forks Codex's newest thread; Codex lists weft's fork and resumes it with --last", CODEX_UNDER_LOAD, async () => {
      const s = await sharedHome(binary, compat);
      const codexId = await codexExec(s, ['codex prompt']);
      expect(await weftListed(s)).toEqual([codexId]);

      const weft = await Weft.open({ env: s.env, cwd: s.repo });
      const resumed = await weft.resumeThread('last');
      expect(resumed.id).toBe(codexId);
      await resumed.run('weft resumes');
      await resumed.close();
      const fork = await weft.forkThread(codexId);
      await fork.close();

      expect(await weftListed(s)).toEqual([fork.id, codexId]);
      expect(await codexThreadList(s)).toEqual([fork.id, codexId]);
      const sent = mock!.requests.length;
      expect(await codexExec(s, ['resume', '--last', 'codex resumes the fork'])).toBe(fork.id);
      expect(mock!.requests.length).toBe(sent + 1);
      // The fork's request carries the parent's history (both prompts) before the new one.
      const input = JSON.stringify((mock!.requests.at(-1)?.body as { input?: unknown }).input);
      expect(input.indexOf('codex prompt')).toBeGreaterThan(-1);
      expect(input.indexOf('weft resumes')).toBeGreaterThan(input.indexOf('codex prompt'));
      expect(input.indexOf('codex resumes the fork')).toBeGreaterThan(input.indexOf('weft resumes'));
    });

    test("Codex resumes and forks weft's newest thread; weft lists Codex's fork and resumes it", CODEX_UNDER_LOAD, async () => {
      const s = await sharedHome(binary, compat);
      const older = await codexExec(s, ['codex prompt']);
      const weft = await Weft.open({ env: s.env, cwd: s.repo });
      const thread = await weft.startThread();
      await thread.run('weft prompt');
      await thread.close();

      expect(await codexThreadList(s)).toEqual([thread.id, older]);
      expect(await codexExec(s, ['resume', '--last', 'codex resumes weft'])).toBe(thread.id);
      const codexFork = await codexExec(s, ['fork', thread.id, 'codex forks weft']);
      expect(codexFork).not.toBe(thread.id);

      expect(await weftListed(s)).toEqual([codexFork, thread.id, older]);
      const again = await Weft.open({ env: s.env, cwd: s.repo });
      const resumed = await again.resumeThread('last');
      expect(resumed.id).toBe(codexFork);
      await resumed.run('weft resumes the fork');
      await resumed.close();
      const input = JSON.stringify((mock!.requests.at(-1)?.body as { input?: unknown }).input);
      for (const said of ['weft prompt', 'codex resumes weft', 'codex forks weft', 'weft resumes the fork']) expect(input).toContain(said);
    });

    test("each archives the other's thread and both see it archived; each unarchives it back", CODEX_UNDER_LOAD, async () => {
      const s = await sharedHome(binary, compat);
      const codexId = await codexExec(s, ['codex prompt']);
      const weft = await Weft.open({ env: s.env, cwd: s.repo });
      const thread = await weft.startThread();
      await thread.run('weft prompt');
      await thread.close();

      const codexRollout = await weft.store.locate(codexId);
      const moved = await archiveRollout(s.home, codexRollout);
      await codexRpc(s, 'thread/archive', { threadId: thread.id });
      expect(await codexThreadList(s)).toEqual([]);
      expect(await weftListed(s)).toEqual([]);
      expect(await codexThreadList(s, true)).toEqual(expect.arrayContaining([codexId, thread.id]));
      expect(await weftListed(s, true)).toEqual(expect.arrayContaining([codexId, thread.id]));

      await codexRpc(s, 'thread/unarchive', { threadId: codexId });
      const weftArchived = await weft.store.locate(thread.id);
      await unarchiveRollout(s.home, weftArchived);
      expect(existsSync(moved)).toBe(false);
      expect(await codexThreadList(s)).toEqual([thread.id, codexId]);
      expect(await weftListed(s)).toEqual([thread.id, codexId]);
      // The index names where each rollout is now: each resumes the other's thread by id.
      expect(await codexExec(s, ['resume', thread.id, 'codex after the round trip'])).toBe(thread.id);
      const back = await (await Weft.open({ env: s.env, cwd: s.repo })).resumeThread(codexId);
      await back.run('weft after the round trip');
      await back.close();
    });
  });
}
