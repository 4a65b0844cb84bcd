import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-options.js';
import { main } from '../../../src/cli/main.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function run(argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const base = await tempDir();
  await writeTree(base, { 'repo/.git': null, 'home': null, 'repo/NOTES.md': 'Use the v2 API.', 'repo/build.log': 'error TS2345 in a.ts' });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = {
    env: { WEFT_HOME: path.join(base, 'home'), HOME: base, SHELL: '/bin/bash' },
    cwd: path.join(base, 'repo'),
    stdout: (l) => void stdout.push(l),
    stderr: (l) => void stderr.push(l),
    isTty: false,
  };
  // The budgeted assembly's sections are laid over the seed generation's body (an `instructions`
  // field, the stage prompt as the first input message).
  return { code: await main(['prompt', '--compat', 'codex-0.98', ...argv], io), stdout, stderr };
}

const pack = (file: string) => readFile(new URL(`../../../templates/${file}`, import.meta.url), 'utf8');

describe('weft prompt --strategy budgeted', () => {
  it('prints the assembled body and each section’s tokens against its budget', async () => {
    const { code, stdout, stderr } = await run(['--strategy', 'budgeted', '--stage', 'coding', '--json', 'add a flag']);
    expect(code).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { instructions: string; input: Array<{ role: string; content: Array<{ text: string }> }> };
    expect(body.input[0]).toEqual({ type: 'message', role: 'developer', content: [{ type: 'input_text', text: await pack('budget/stages/coding.md') }] });
    expect(body.input.at(-1)?.content[0]?.text).toBe('add a flag');
    expect(stderr[0]).toMatch(/^section\s+tokens\s+budget$/);
    expect(stderr.slice(1).map((l) => l.split(/\s+/).slice(0, 3))).toEqual([
      ['system', expect.any(String), '4000'],
      ['stage', expect.any(String), '1500'],
      ['history', expect.any(String), '10000'],
      ['other', '0', '15000'],
      ['total', expect.any(String), '30500'],
    ]);
    for (const line of stderr.slice(1, 5)) {
      const [, tokens, budget] = line.split(/\s+/);
      expect(Number(tokens)).toBeLessThanOrEqual(Number(budget));
    }
  });

  it('takes budgets and other-context sources from flags; error fixing puts the build log first', async () => {
    const { code, stdout, stderr } = await run([
      '--strategy', 'budgeted', '--stage', 'error-fixing', '--budget', 'system=4000', '--budget', 'other=500',
      '--source', 'notes=NOTES.md', '--source', 'build_logs=build.log', '--json', 'fix it',
    ]);
    expect(code).toBe(0);
    const body = JSON.parse(stdout[0] as string) as { instructions: string; input: Array<{ content: Array<{ text: string }> }> };
    const last = body.input.at(-1)?.content[0]?.text ?? '';
    expect(last.indexOf('build.log')).toBeLessThan(last.indexOf('NOTES.md'));
    expect(last).toContain('error TS2345 in a.ts');
    expect(stderr.find((l) => l.startsWith('system'))).toMatch(/^system\s+\d+\s+4000\s+whole$/);
    expect(stderr.find((l) => l.startsWith('other'))).toMatch(/^other\s+\d+\s+500\s+2 whole, 0 cut, 0 left out$/);
  });

  it('refuses an unknown stage, and budget flags without the budgeted strategy', async () => {
    const bad = await run(['--strategy', 'budgeted', '--stage', 'dreaming']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.join('\n')).toContain('--stage dreaming: expected one of planning, coding, review, testing, error_fixing');
    const stray = await run(['--budget', 'system=10']);
    expect(stray.code).toBe(2);
    expect(stray.stderr.join('\n')).toContain('--stage, --budget and --source need --strategy budgeted');
  });

  it('without a strategy the body is unchanged and nothing is reported', async () => {
    const plain = await run(['--json', 'hi']);
    expect(plain.stderr).toEqual([]);
    const body = JSON.parse(plain.stdout[0] as string) as { input: Array<{ role: string }> };
    expect(body.input[0]?.role).toBe('developer');
    expect(JSON.stringify(body)).not.toContain('Stage: coding');
  });
});

