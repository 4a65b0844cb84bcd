// A model talked into running `env` must not read the keys weft sends to providers. The real CLI
// (`weft exec`) runs a turn against a loopback mock whose model calls `exec_command` with `env`;
// the command's output, sent back in the next request, is what the model sees. Under both
// generations: weft's own credential variables never reach it (Codex passes them on), and
// `[shell_environment_policy]` works as Codex 0.98 and 0.169 apply it (measured on the real
// binaries: inherit, the KEY/SECRET/TOKEN default excludes, exclude, set, include_only).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply } from '../../src/testing/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../bin/weft.js', import.meta.url));

const ENV = {
  MOCK_API_KEY: 'mock-key-value',
  OPENAI_API_KEY: 'sk-openai-value',
  ANTHROPIC_API_KEY: 'sk-ant-value',
  CODEX_API_KEY: 'codex-key-value',
  WEFT_APP_SERVER_WS_TOKEN: 'ws-token-value',
  HEADER_SECRET_VAR: 'header-secret-value',
  GH_TOKEN: 'gh-value',
  MY_SECRET_THING: 'secret-value',
  PLAIN_VAR: 'plain-value',
  USER: 'someone',
  LOGNAME: 'someone',
  TMPDIR: '/tmp',
};

/** The names of the variables `env` printed inside the model's command. */
async function commandSees(compat: string, policy: string): Promise<Set<string>> {
  const mock = await startMockResponsesServer({ replies: [functionCallReply('exec_command', { cmd: 'env' }, 'call-env'), textReply('done')] });
  try {
    const root = await tempDir('weft-envpolicy-');
    const home = join(root, 'home');
    const weftHome = join(root, 'weft');
    const cwd = join(root, 'cwd');
    for (const d of [home, weftHome, cwd]) await mkdir(d, { recursive: true });
    await writeFile(
      join(weftHome, 'config.toml'),
      `compat = "${compat}"\nmodel = "gpt-5.5"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n${policy}\n` +
        `[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\nenv_http_headers = { "X-Extra" = "HEADER_SECRET_VAR" }\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
    );
    const env = { ...ENV, PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, WEFT_HOME: weftHome, SHELL: '/bin/bash' };
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'exec', '--skip-git-repo-check', '-C', cwd, 'print the environment'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
      child.once('exit', resolve);
    });
    expect(code).toBe(0);
    const input = (mock.requests[1]?.body as { input: Array<{ type: string; output?: string }> }).input;
    const output = input.find((i) => i.type === 'function_call_output')?.output ?? '';
    // No value of a credential anywhere in what the model reads.
    for (const value of ['mock-key-value', 'sk-openai-value', 'sk-ant-value', 'codex-key-value', 'ws-token-value', 'header-secret-value']) {
      if (!/OPENAI_API_KEY|MOCK_API_KEY/.test(policy)) expect(output).not.toContain(value);
    }
    return new Set([...output.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1] as string));
  } finally {
    await mock.close();
  }
}

const CREDENTIALS = ['MOCK_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'CODEX_API_KEY', 'WEFT_APP_SERVER_WS_TOKEN', 'HEADER_SECRET_VAR'];

describe.each(['codex-0.169', 'codex-0.98'])('under %s', (compat) => {
  test('by default a command sees the environment but none of weft\'s credentials', async () => {
    const seen = await commandSees(compat, '');
    for (const name of CREDENTIALS) expect(seen.has(name), name).toBe(false);
    // Codex's default keeps other KEY/SECRET/TOKEN names (ignore_default_excludes = true).
    for (const name of ['GH_TOKEN', 'MY_SECRET_THING', 'PLAIN_VAR', 'HOME', 'PATH']) expect(seen.has(name), name).toBe(true);
  });

  test('inherit = "core" keeps the core variables only; set adds; ignore_default_excludes = false drops KEY/SECRET/TOKEN', async () => {
    const core = await commandSees(compat, '[shell_environment_policy]\ninherit = "core"\nset = { ADDED = "1" }');
    for (const name of ['HOME', 'PATH', 'USER', 'LOGNAME', 'TMPDIR', 'ADDED']) expect(core.has(name), name).toBe(true);
    for (const name of ['PLAIN_VAR', 'GH_TOKEN', ...CREDENTIALS]) expect(core.has(name), name).toBe(false);
    const strict = await commandSees(compat, '[shell_environment_policy]\nignore_default_excludes = false\nexclude = ["plain*"]');
    for (const name of ['GH_TOKEN', 'MY_SECRET_THING', 'PLAIN_VAR', ...CREDENTIALS]) expect(strict.has(name), name).toBe(false);
    expect(strict.has('HOME')).toBe(true);
  });

  test('include_only keeps what matches; a credential stays only when named exactly', async () => {
    const globbed = await commandSees(compat, '[shell_environment_policy]\ninclude_only = ["*PATH*", "plain*", "*_KEY"]');
    expect(globbed.has('PLAIN_VAR')).toBe(true);
    expect(globbed.has('HOME')).toBe(false);
    for (const name of CREDENTIALS) expect(globbed.has(name), name).toBe(false);
    const named = await commandSees(compat, '[shell_environment_policy]\ninclude_only = ["PATH", "OPENAI_API_KEY"]');
    expect(named.has('OPENAI_API_KEY')).toBe(true);
    expect(named.has('MOCK_API_KEY')).toBe(false);
  });
});
