// Messages a user acts on: a `-c` key warning names the `-c`, `--pack /nope` says the directory does
// not exist, the sandbox notice is one stderr line with one prefix, a compaction is one progress
// line, `exec` says when config.toml's approval policy is ignored, and `exec --json` reports a
// start-up failure as an error event on stdout as well.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { progressLine } from '../../../src/cli/progress.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function run(args: string[], config = ''): Promise<{ code: number; out: string[]; err: string[] }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-home-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n${config}\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const out: string[] = [];
  const err: string[] = [];
  // No bwrap to be found: the sandbox notice is printed.
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, WEFT_BWRAP: '/nonexistent/bwrap' };
  const code = await main(args, { env, cwd: home, isTty: false, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  return { code, out, err };
}

describe('messages', () => {
  it('an unknown key set with -c is reported against the -c', async () => {
    const { code, err } = await run(['prompt', '-c', 'bogus_key=1', 'hi']);
    expect(code).toBe(0);
    expect(err).toContain('warning: -c bogus_key=1: unknown key `bogus_key` ignored');
  });

  it('--pack naming no directory says so', async () => {
    const { code, err } = await run(['prompt', '--pack', '/nope-weft-pack', 'hi']);
    expect(code).toBe(1);
    expect(err[0]).toBe('weft prompt: --pack /nope-weft-pack: the directory does not exist');
  });

  it('the sandbox notice is one stderr line with one prefix', async () => {
    const { code, out, err } = await run(['thread', 'start', 'hi']);
    expect(code).toBe(0);
    const notices = err.filter((l) => l.includes('the sandbox cannot be enforced'));
    expect(notices).toEqual([expect.stringMatching(/^warning: sandbox_mode is "read-only"/)]);
    expect(out.join('\n')).not.toContain('sandbox');
  });

  it('a compaction gives one progress line, when it is done', () => {
    expect(progressLine({ type: 'compaction_started', itemId: 'c1', trigger: 'manual' })).toBeUndefined();
    expect(progressLine({ type: 'compaction_finished', itemId: 'c1', tokensBefore: 900, tokensAfter: 120 })).toBe('compacted the history: about 900 → 120 tokens');
  });

  it("exec says when config.toml's approval policy is ignored", async () => {
    const { code, err } = await run(['exec', 'hi'], 'approval_policy = "on-request"');
    expect(code).toBe(0);
    expect(err).toContainEqual(expect.stringMatching(/^warning: approval_policy = "on-request" of .*config\.toml is ignored/));
  });

  it('exec --json reports a start-up failure as an error event', async () => {
    const { code, out } = await run(['exec', '--json', '--pack', '/nope-weft-pack', 'hi']);
    expect(code).toBe(1);
    expect(out.map((l) => JSON.parse(l) as unknown)).toEqual([{ type: 'error', message: '--pack /nope-weft-pack: the directory does not exist' }]);
  });
});
