// The command line's standard input as the process really gets it: a regular file or /dev/null is
// read at once, a pipe through the stream; each gives the prompt Codex's exec would build (stdin as
// the prompt with `-`, appended in a <stdin> block beside a prompt, nothing from /dev/null). Runs the
// built command line in a child process.
import { spawn, type StdioOptions } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText, startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

/** Runs `weft exec` with `stdin` as descriptor 0 (a descriptor, or 'pipe' fed `piped`); the prompt sent. */
async function execWith(args: string[], stdin: number | 'pipe', piped?: string): Promise<{ code: number | null; sent: string | undefined; stderr: string }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-home-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const stdio: StdioOptions = [stdin, 'ignore', 'pipe'];
  const child = spawn(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', ...args], { env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, stdio });
  if (stdin === 'pipe') child.stdin?.end(piped);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, sent: mock.requests.length > 0 ? lastUserText(mock.requests.at(-1)?.body) : undefined, stderr };
}

/** Runs `use` with a descriptor open on a file holding `text` (on /dev/null when `text` is null). */
async function withInput<T>(text: string | null, use: (fd: number) => Promise<T>): Promise<T> {
  let file = '/dev/null';
  if (text !== null) {
    file = path.join(await tempDir('weft-stdin-'), 'input.txt');
    await writeFile(file, text);
  }
  const fd = openSync(file, 'r');
  try {
    return await use(fd);
  } finally {
    closeSync(fd);
  }
}

describe('weft exec reads its real standard input', () => {
  it('a regular file beside a prompt is appended in a <stdin> block', async () => {
    const run = await withInput('line one\nline two é\n', (fd) => execWith(['Summarize this'], fd));
    expect(run).toMatchObject({ code: 0, sent: 'Summarize this\n\n<stdin>\nline one\nline two é\n</stdin>' });
  });

  it('a regular file with `-` is the whole prompt', async () => {
    expect(await withInput('the prompt from a file', (fd) => execWith(['-'], fd))).toMatchObject({ code: 0, sent: 'the prompt from a file' });
  });

  it('/dev/null leaves the prompt as given, and with `-` is an empty prompt, refused', async () => {
    expect(await withInput(null, (fd) => execWith(['just this'], fd))).toMatchObject({ code: 0, sent: 'just this' });
    const refused = await withInput(null, (fd) => execWith(['-'], fd));
    expect(refused.code).not.toBe(0);
    expect(refused.sent).toBeUndefined();
    expect(refused.stderr).toMatch(/empty/);
  });

  it('a pipe is read to its end', async () => {
    expect(await execWith(['Summarize this'], 'pipe', 'from a pipe\n')).toMatchObject({ code: 0, sent: 'Summarize this\n\n<stdin>\nfrom a pipe\n</stdin>' });
  });
});
