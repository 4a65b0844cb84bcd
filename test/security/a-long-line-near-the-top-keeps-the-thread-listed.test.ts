// A rollout whose session_meta line is over a megabyte (model instructions from a large file) is
// still a thread: `weft thread list` shows it, and `weft exec resume --last` resumes it rather than
// silently resuming an older thread. The real CLI against a loopback mock; the second thread is
// the newest.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { lastUserText, startMockResponsesServer, textReply } from '../../src/testing/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../bin/weft.js', import.meta.url));

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a thread whose first line is 1.5 MB is listed and is the one resume --last picks', async () => {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  try {
    const root = await tempDir('weft-longhead-');
    const weftHome = join(root, 'weft');
    const cwd = join(root, 'cwd');
    for (const d of [join(root, 'home'), weftHome, cwd]) await mkdir(d, { recursive: true });
    const base = `model = "gpt-5.5"\nmodel_provider = "mock"\nsandbox_mode = "read-only"\napproval_policy = "never"\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nrequest_max_retries = 0\nstream_max_retries = 0\n`;
    await writeFile(join(weftHome, 'config.toml'), base);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(root, 'home'), WEFT_HOME: weftHome, SHELL: '/bin/bash' };
    const common = ['--compat', 'codex-0.169', '--skip-git-repo-check', '-C', cwd];
    expect((await run(['exec', ...common, 'the older thread'], env)).code).toBe(0);
    // The newer thread: its session_meta carries 1.5 MB of base instructions.
    const instructions = join(root, 'instructions.md');
    await writeFile(instructions, `You are helpful. ${'lorem ipsum dolor sit amet '.repeat(60_000)}`);
    await writeFile(join(weftHome, 'config.toml'), `model_instructions_file = ${JSON.stringify(instructions)}\n${base}`);
    expect((await run(['exec', ...common, 'the newer thread'], env)).code).toBe(0);

    const list = await run(['thread', 'list', '--json'], env);
    expect(list.code).toBe(0);
    const previews = (JSON.parse(list.stdout) as { threads: Array<{ preview: string }> }).threads.map((t) => t.preview);
    expect(previews).toEqual(['the newer thread', 'the older thread']);

    const before = mock.requests.length;
    expect((await run(['exec', ...common, 'resume', '--last', 'and again'], env)).code).toBe(0);
    const resumed = mock.requests[before]?.body as { input: Array<{ type: string; role?: string; content?: Array<{ text?: string }> }> };
    const userTexts = resumed.input.filter((i) => i.role === 'user').flatMap((i) => i.content?.map((c) => c.text ?? '') ?? []);
    expect(userTexts).toContain('the newer thread');
    expect(userTexts).not.toContain('the older thread');
    expect(lastUserText(resumed)).toBe('and again');
  } finally {
    await mock.close();
  }
}, 60_000);
