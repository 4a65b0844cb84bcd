// `weft thread` usage errors: number flags take plain digits (`--at 0x1` and `--at 1e0` are not
// numbers a user means), `--limit` starts at 1, and a missing subcommand is named as missing.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function run(args: string[]): Promise<{ code: number; err: string }> {
  const home = await tempDir('weft-home-');
  const err: string[] = [];
  const code = await main(args, { env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, isTty: false, stdout: () => undefined, stderr: (l) => void err.push(l) });
  return { code, err: err.join('\n') };
}

describe('weft thread usage errors', () => {
  it.each([
    [['thread', 'fork', '01a209e2-71d2-7e88-aa33-8e4f74a99567', '--at', '0x1', 'hi'], '--at 0x1: expected a whole number ≥ 0'],
    [['thread', 'fork', '01a209e2-71d2-7e88-aa33-8e4f74a99567', '--at', '1e0', 'hi'], '--at 1e0: expected a whole number ≥ 0'],
    [['thread', 'list', '--limit', '0'], '--limit 0: expected a whole number ≥ 1'],
    [['thread'], 'a thread command is needed'],
  ])('%j', async (args, message) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });
});
