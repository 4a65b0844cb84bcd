// The `exec` options clients of Codex pass beyond the common ones (ai-sdk-provider-codex-cli passes
// --dangerously-bypass-approvals-and-sandbox and --color; the Codex SDK --thread-source), each taken
// as the generation in effect takes it: a sandbox shortcut wins over --sandbox, codex-0.98 has
// --full-auto and codex-0.169 refuses it, and 0.169's additions (--ephemeral, --ignore-user-config,
// --strict-config, --thread-source, --ignore-rules) are usage errors under codex-0.98. Checked
// against the real binaries by the differential variants `*-f-*`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refuseOtherGenerationOptions, shortcutSandbox } from '../../../src/cli/exec-flags.js';
import { main } from '../../../src/cli/main.js';
import { UsageError } from '../../../src/errors.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

describe('the sandbox shortcuts', () => {
  it('bypass (or --yolo) is no sandbox, --full-auto the workspace-write one, and they exclude each other', () => {
    expect(shortcutSandbox({ 'dangerously-bypass-approvals-and-sandbox': true })).toBe('danger-full-access');
    expect(shortcutSandbox({ yolo: true, sandbox: 'read-only' })).toBe('danger-full-access');
    expect(shortcutSandbox({ 'full-auto': true })).toBe('workspace-write');
    expect(shortcutSandbox({ sandbox: 'read-only' })).toBeUndefined();
    expect(() => shortcutSandbox({ 'full-auto': true, yolo: true })).toThrow(UsageError);
  });

  it('--color takes always, never or auto', () => {
    for (const color of ['always', 'never', 'auto']) expect(() => shortcutSandbox({ color })).not.toThrow();
    expect(() => shortcutSandbox({ color: 'bogus' })).toThrow('--color bogus: expected one of always, never, auto');
  });
});

describe('options of one generation', () => {
  it('codex-0.169 refuses --full-auto; codex-0.98 refuses what 0.169 added', () => {
    expect(() => refuseOtherGenerationOptions({ 'full-auto': true }, 'codex-0.169')).toThrow(/--full-auto is not an option of exec under compat codex-0\.169/);
    expect(() => refuseOtherGenerationOptions({ 'full-auto': true }, 'codex-0.98')).not.toThrow();
    for (const option of ['ephemeral', 'ignore-user-config', 'ignore-rules', 'strict-config', 'thread-source']) {
      expect(() => refuseOtherGenerationOptions({ [option]: true }, 'codex-0.98'), option).toThrow(UsageError);
      expect(() => refuseOtherGenerationOptions({ [option]: true }, 'codex-0.169'), option).not.toThrow();
    }
  });
});

async function exec(args: string[], config = ''): Promise<{ code: number; out: string[]; err: string[]; home: string }> {
  mock ??= await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-exec-options-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel_provider = "mock"\n${config}\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const out: string[] = [];
  const err: string[] = [];
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };
  const code = await main(['exec', '--json', '--skip-git-repo-check', ...args, 'hi'], { env, cwd: home, isTty: false, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  return { code, out, err, home };
}

const sessionFiles = async (home: string): Promise<string[]> => (await readdir(home, { recursive: true })).filter((f) => f.endsWith('.jsonl'));

describe('weft exec under codex-0.169', () => {
  it('--ephemeral runs the turn and writes no rollout', async () => {
    const { code, out, home } = await exec(['--ephemeral']);
    expect(code).toBe(0);
    expect(out.map((l) => (JSON.parse(l) as { type: string }).type)).toContain('turn.completed');
    expect(await sessionFiles(home)).toEqual([]);
  });

  it('--thread-source is the thread source in session_meta and in the request metadata', async () => {
    const { code, home } = await exec(['--thread-source', 'vscode']);
    expect(code).toBe(0);
    const [file] = await sessionFiles(home);
    const meta = JSON.parse((await readFile(path.join(home, file as string), 'utf8')).split('\n')[0] as string) as { payload: { thread_source?: string } };
    expect(meta.payload.thread_source).toBe('vscode');
    const header = mock?.requests.at(-1)?.headers['x-codex-turn-metadata'];
    expect(JSON.parse(String(header)) as { thread_source?: string }).toMatchObject({ thread_source: 'vscode' });
  });

  it('--strict-config makes an unknown key an error naming it; --ignore-user-config reads no config.toml', async () => {
    const strict = await exec(['--strict-config'], 'bogus_key = 1');
    expect(strict.code).toBe(1);
    expect(strict.err.join('\n')).toContain('unknown key `bogus_key`');
    // The provider config.toml names is not read: the turn goes to the built-in provider, which has no key here.
    const ignored = await exec(['--ignore-user-config']);
    expect(ignored.code).toBe(1);
    expect(ignored.err.join('\n')).toMatch(/OPENAI_API_KEY/);
  });

  it('--full-auto is a usage error naming the generation', async () => {
    const { code, err } = await exec(['--full-auto']);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('--full-auto is not an option of exec under compat codex-0.169');
  });
});
