import { cp, rm } from 'node:fs/promises';
import { userShell } from '../../../src/context/user-shell.js';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-options.js';
import { main } from '../../../src/cli/main.js';
import { CODEX_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

interface Captured {
  io: CliIo;
  stdout: string[];
  stderr: string[];
}

function captureIo(cwd: string, env: Record<string, string>): Captured {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, io: { env, cwd, stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l), isTty: false } };
}

/** A temp git repo with an AGENTS.md and an empty weft home; env only through the io object. */
async function fixture(): Promise<{ repo: string; home: string; env: Record<string, string> }> {
  const base = await tempDir();
  const repo = path.join(base, 'repo');
  const home = path.join(base, 'home');
  await writeTree(base, { 'repo/.git': null, 'repo/AGENTS.md': 'Repo rules.', 'home': null });
  return { repo, home, env: { WEFT_HOME: home, HOME: base, SHELL: '/bin/zsh' } };
}

describe('weft prompt', () => {
  it('prints one JSON body whose last input item is the user message', async () => {
    const { repo, env } = await fixture();
    const { io, stdout, stderr } = captureIo(repo, env);
    const code = await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, 'hi'], io);
    expect(stderr).toEqual([]);
    expect(code).toBe(0);
    expect(stdout).toHaveLength(1);
    expect(stdout[0]).not.toContain('\n');
    const body = JSON.parse(stdout[0] as string) as Record<string, unknown> & { input: unknown[] };
    expect(body.input.at(-1)).toEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] });
    // The default model (first by priority) and its flags; the repo's AGENTS.md and env context.
    expect(body.model).toBe('gpt-5.2-codex');
    expect(body.parallel_tool_calls).toBe(true);
    expect(body.tool_choice).toBe('auto');
    expect(body.store).toBe(false);
    expect(body.stream).toBe(true);
    expect(typeof body.prompt_cache_key).toBe('string');
    const texts = body.input.map((item) => JSON.stringify(item));
    expect(texts[0]).toContain('<permissions instructions>');
    expect(texts.some((t) => t.includes(`# AGENTS.md instructions for ${repo}`) && t.includes('Repo rules.'))).toBe(true);
    expect(body.input.at(-2)).toEqual({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: `<environment_context>\n  <cwd>${repo}</cwd>\n  <shell>${userShell({}).name}</shell>\n</environment_context>` }],
    });
  });

  it('ends input with the environment context when no user text is given', async () => {
    const { repo, env } = await fixture();
    const { io, stdout } = captureIo(repo, env);
    expect(await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR], io)).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { input: Array<{ content: Array<{ text: string }> }> };
    expect(body.input.at(-1)?.content[0]?.text.startsWith('<environment_context>')).toBe(true);
  });

  it('fails with the missing file on stderr when the pack is incomplete', async () => {
    const { repo, env } = await fixture();
    const pack = path.join(path.dirname(repo), 'pack');
    await cp(CODEX_PACK_DIR, pack, { recursive: true });
    await rm(path.join(pack, 'model_switch.md'));
    const { io, stdout, stderr } = captureIo(repo, env);
    const code = await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', pack, 'hi'], io);
    expect(code).not.toBe(0);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain('weft prompt: ');
    expect(stderr[0]).toContain('model_switch.md is missing');
  });

  it('fails naming config.toml when it is malformed', async () => {
    const { repo, home, env } = await fixture();
    await writeTree(home, { 'config.toml': 'model = \n' });
    const { io, stdout, stderr } = captureIo(repo, env);
    const code = await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, 'hi'], io);
    expect(code).not.toBe(0);
    expect(stdout).toEqual([]);
    expect(stderr.join('\n')).toContain(`${path.join(home, 'config.toml')}: not valid TOML`);
  });

  it('warns on stderr about an unknown config key and still prints the body', async () => {
    const { repo, home, env } = await fixture();
    await writeTree(home, { 'config.toml': 'mystery = 1\n' });
    const { io, stdout, stderr } = captureIo(repo, env);
    expect(await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, 'hi'], io)).toBe(0);
    expect(stdout).toHaveLength(1);
    expect(stderr).toEqual([`warning: ${path.join(home, 'config.toml')}: unknown key \`mystery\` ignored`]);
  });

  it('applies -c overrides and --sandbox to the body', async () => {
    const { repo, env } = await fixture();
    const { io, stdout } = captureIo(repo, env);
    const code = await main(['prompt', '--json', '--compat', 'codex-0.98', '--pack', CODEX_PACK_DIR, '-c', 'model=gpt-5.1-codex-max', '-s', 'danger-full-access', 'hi'], io);
    expect(code).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { model: string; parallel_tool_calls: boolean; tools: Array<Record<string, unknown>> };
    expect(body.model).toBe('gpt-5.1-codex-max');
    expect(body.parallel_tool_calls).toBe(false);
    expect(body.tools.find((t) => t.type === 'web_search')).toEqual({ type: 'web_search', external_web_access: true });
  });

  it('prints usage and exits 0 for --help', async () => {
    const { repo, env } = await fixture();
    const top = captureIo(repo, env);
    expect(await main(['--help'], top.io)).toBe(0);
    expect(top.stdout.join('\n')).toContain('Usage: weft <command> [options]');
    const sub = captureIo(repo, env);
    expect(await main(['prompt', '--help'], sub.io)).toBe(0);
    expect(sub.stdout.join('\n')).toContain('Usage: weft prompt [options]');
    expect(sub.stderr).toEqual([]);
  });

  it('exits 2 with usage on stderr for an unknown flag', async () => {
    const { repo, env } = await fixture();
    const { io, stdout, stderr } = captureIo(repo, env);
    expect(await main(['prompt', '--bogus'], io)).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr.join('\n')).toContain('--bogus');
  });
});
