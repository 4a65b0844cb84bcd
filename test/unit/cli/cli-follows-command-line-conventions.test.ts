// weft's command line follows the conventions users expect: --version, `weft help <cmd> [<sub>]`
// and `<cmd> <sub> --help` show that command's help only, a usage error is one line naming the
// problem plus a hint (not the whole help), bare `weft` prints help to stderr and fails, negative
// numbers get the flag's own error, and `weft completion bash|zsh|fish` prints a working script.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const home = await tempDir('weft-home-');
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, isTty: false, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('command line conventions', () => {
  it('--version and -V print the Codex version spoken first, then the package version', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, out } = await run([flag]);
      expect(code).toBe(0);
      // Clients parse the first x.y.z as the Codex version they talk to.
      expect(out).toMatch(/^weft 0\.171\.0 \(/);
      expect(out).toContain(`(weft ${version};`);
    }
  });

  it('help <cmd> <sub> and <cmd> <sub> --help show that subcommand only', async () => {
    const viaHelp = await run(['help', 'thread', 'start']);
    const viaFlag = await run(['thread', 'start', '--help']);
    expect(viaHelp).toEqual(viaFlag);
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.out).toMatch(/^Usage: weft thread start/);
    expect(viaFlag.out).not.toContain('thread list');
    expect((await run(['thread', 'list', '--help'])).out).toContain('--search TEXT');
    expect((await run(['thread', 'list', '--help'])).out).not.toContain('--extension');
    const execResume = await run(['exec', 'resume', '--help']);
    expect(execResume.out).toMatch(/^Usage: weft exec \[options\] resume/);
    expect(execResume.out).not.toContain('exec [options] fork');
    expect((await run(['help', 'thread'])).out).toBe((await run(['thread', '--help'])).out);
  });

  it('a usage error is one line plus a hint', async () => {
    const bad = await run(['thread', 'list', '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err.split('\n')).toEqual(['weft thread: unknown option `--bogus`', 'hint: run `weft thread --help` for its usage']);
    const unknown = await run(['thred']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.split('\n')).toHaveLength(2);
    expect(unknown.err).toContain('did you mean `thread`');
  });

  it('bare weft prints the help on stderr and exits 2', async () => {
    const bare = await run([]);
    expect(bare).toMatchObject({ code: 2, out: '' });
    expect(bare.err).toContain('Usage: weft <command>');
  });

  it.each([
    [['thread', 'list', '--limit', '-1'], '--limit -1: expected a whole number ≥ 1'],
    [['thread', 'fork', 'x', '--at', '-2', 'hi'], '--at -2: expected a whole number ≥ 0'],
  ])('%j is refused with the flag named', async (args, message) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(`weft thread: ${message}`);
  });

  it('completion bash completes commands and a command\'s flags', async () => {
    const { code, out } = await run(['completion', 'bash']);
    expect(code).toBe(0);
    const complete = (line: string): string[] =>
      execFileSync('bash', ['-c', `${out}\nCOMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _weft; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' }).trim().split('\n');
    expect(complete('weft thr')).toEqual(['thread']);
    expect(complete('weft thread --sea')).toEqual(['--search']);
    // exec's options for clients of Codex come from the table its parser reads.
    expect(complete('weft exec --ephe')).toEqual(['--ephemeral']);
  });

  it.each(['zsh', 'fish'])('completion %s prints a script naming the commands', async (shell) => {
    const { code, out } = await run(['completion', shell]);
    expect(code).toBe(0);
    expect(out).toContain('app-server');
    expect(out).toContain('search');
  });

  it('completion of an unknown shell is a usage error', async () => {
    expect((await run(['completion', 'tcsh'])).code).toBe(2);
  });
});
