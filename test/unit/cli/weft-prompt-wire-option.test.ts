import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-options.js';
import { main } from '../../../src/cli/main.js';
import { CODEX_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';
import { anthropicRequestProblems, chatRequestProblems } from '../../support/wire-validity.js';

afterEach(removeTempDirs);

async function fixture(): Promise<string> {
  const base = await tempDir();
  await writeTree(base, { 'repo/.git': null, home: null });
  return base;
}

async function run(args: string[], dir?: string): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const base = dir ?? (await fixture());
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = {
    env: { WEFT_HOME: path.join(base, 'home'), HOME: base, SHELL: '/bin/zsh' },
    cwd: path.join(base, 'repo'),
    stdout: (l) => stdout.push(l),
    stderr: (l) => stderr.push(l),
    isTty: false,
  };
  let code: number;
  try {
    code = await main(args, io);
  } catch (err) {
    stderr.push(String(err));
    code = 2;
  }
  return { code, stdout, stderr };
}

describe('weft prompt --wire', () => {
  it('prints a valid Chat Completions body: system message first, the user text last', async () => {
    const { code, stdout } = await run(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, '--wire', 'chat', 'hi']);
    expect(code).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { messages: Array<{ role: string; content: unknown }>; stream_options: unknown };
    expect(chatRequestProblems(body)).toEqual([]);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'hi' });
    expect(body.stream_options).toEqual({ include_usage: true });
  });

  it('prints a valid Anthropic Messages body with the instructions in `system`', async () => {
    const { code, stdout } = await run(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, '--wire', 'anthropic', 'hi']);
    expect(code).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { system: string; messages: Array<{ role: string }> };
    expect(anthropicRequestProblems(body)).toEqual([]);
    expect(body.system.length).toBeGreaterThan(100);
    expect(body.messages).toHaveLength(1);
  });

  it('prints the Responses body by default and with --wire responses, identically', async () => {
    const dir = await fixture();
    const plain = await run(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, 'hi'], dir);
    const explicit = await run(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, '--wire', 'responses', 'hi'], dir);
    const strip = (s: string | undefined) => (s ?? '').replace(/"prompt_cache_key":"[^"]+"/, '');
    expect(strip(explicit.stdout[0])).toBe(strip(plain.stdout[0]));
    expect(plain.stdout[0]).toContain('"input":[');
  });

  it('refuses an unknown wire, naming the choices', async () => {
    const { code, stdout, stderr } = await run(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, '--wire', 'grpc', 'hi']);
    expect(code).not.toBe(0);
    expect(stdout).toEqual([]);
    expect(stderr.join('\n')).toContain('--wire must be responses, chat or anthropic');
  });
});
