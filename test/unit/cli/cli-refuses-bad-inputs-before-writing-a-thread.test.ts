// Inputs the command line can check are checked before a thread is created: a `--cd` that is not
// an existing directory, and an `--output-schema` that is missing, not JSON or not a JSON object,
// are usage errors (exit 2) naming the flag, and no rollout is written.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { main } from '../../../src/cli/main.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function run(args: string[]): Promise<{ code: number; err: string[]; rollouts: string[] }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  await writeFile(path.join(cwd, 'file.txt'), 'not a directory');
  await writeFile(path.join(cwd, 'bad.json'), '{ nope');
  await writeFile(path.join(cwd, 'string.json'), '"just a string"');
  const err: string[] = [];
  const code = await main(args, { env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd, isTty: false, stdout: () => undefined, stderr: (l) => void err.push(l) });
  await mkdir(path.join(home, 'sessions'), { recursive: true });
  const rollouts = (await readdir(path.join(home, 'sessions'), { recursive: true })).filter((f) => f.endsWith('.jsonl'));
  return { code, err, rollouts };
}

describe('checked before a thread is written', () => {
  it.each([
    [['thread', 'start', '--cd', '/nonexistent-dir-weft', 'hi'], /--cd \/nonexistent-dir-weft: no such directory/],
    [['exec', '--skip-git-repo-check', '-C', 'file.txt', 'hi'], /--cd .*file\.txt: not a directory/],
    [['exec', '--skip-git-repo-check', '--output-schema', 'missing.json', 'hi'], /--output-schema .*missing\.json: ENOENT/],
    [['exec', '--skip-git-repo-check', '--output-schema', 'bad.json', 'hi'], /--output-schema .*bad\.json: .*JSON/],
    [['exec', '--skip-git-repo-check', '--output-schema', 'string.json', 'hi'], /--output-schema .*string\.json: a JSON Schema is a JSON object/],
  ])('%j', async (args, message) => {
    const { code, err, rollouts } = await run(args);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(message);
    expect(rollouts).toEqual([]);
  });
});
