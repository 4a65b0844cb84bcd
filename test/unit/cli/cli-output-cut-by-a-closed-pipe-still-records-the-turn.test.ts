// `weft exec --json … | head -c 20`: the reader closes the pipe after the first bytes. weft must not
// crash on the broken pipe (EPIPE): it stops writing output, finishes the turn, records it whole
// in the rollout and exits 0. Runs the built command line in a child process.
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { recordedAnswers, recordedPrompts } from '../../support/rollout-prompts.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

async function rolloutsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.jsonl')).map((e) => path.join(dir, e));
}

it('a closed stdout does not crash weft exec, and the turn is recorded whole', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('a reply long enough to need several writes') });
  try {
    const home = await tempDir('weft-home-');
    await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    const child = spawn(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', 'piped prompt'], {
      env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Like `head -c 20`: read the first chunk, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error'/);
    expect(code).toBe(0);
    const [rollout] = await rolloutsUnder(path.join(home, 'sessions'));
    const text = await readFile(rollout as string, 'utf8');
    expect(recordedPrompts(text)).toEqual(['piped prompt']);
    expect(recordedAnswers(text)).toHaveLength(1);
  } finally {
    await mock.close();
  }
});
