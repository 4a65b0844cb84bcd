// A weft killed with SIGKILL runs no exit handler, yet the commands it left running (a piped one and
// one on a TTY, each with a background child) must not outlive it: its reaper kills their process
// groups. Runs the built `weft exec` in a child process and kills it mid-turn.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it, vi } from 'vitest';
import { functionCallReply, startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { isDead } from '../../support/exec-tool-context.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
let mock: MockServer | undefined;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await mock?.close();
  await removeTempDirs();
});

const command = (tag: string): string => `sleep 300 & echo $! > ${tag}-child.pid; echo $$ > ${tag}-leader.pid; sleep 300`;

it('SIGKILL of weft kills the process groups of its running commands', async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  let third!: () => void;
  const thirdArrived = new Promise<void>((resolve) => (third = resolve));
  mock = await startMockResponsesServer({
    respond: (_req, i) => {
      if (i === 0) return functionCallReply('exec_command', { cmd: command('pipe'), yield_time_ms: 250 }, 'call_1');
      if (i === 1) return functionCallReply('exec_command', { cmd: command('tty'), tty: true, yield_time_ms: 250 }, 'call_2');
      third();
      // Keep weft waiting on this stream until the test is over.
      return { ...textReply('never finished'), pause: { after: 1, until: held } };
    },
  });
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(
    path.join(home, 'config.toml'),
    `model_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`,
  );
  const weft = spawn(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', 'start two servers'], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, SHELL: '/bin/bash' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => weft.on('exit', () => resolve()));
  await thirdArrived;

  // The commands write their pid files on their own schedule (a loaded machine may be slower than the yield).
  const pids: number[] = [];
  for (const tag of ['pipe', 'tty']) {
    for (const role of ['leader', 'child']) {
      const file = path.join(cwd, `${tag}-${role}.pid`);
      const pid = await vi.waitFor(
        async () => {
          const n = Number((await readFile(file, 'utf8')).trim());
          if (!(n > 1)) throw new Error(`${file} not written yet`);
          return n;
        },
        { timeout: 10_000, interval: 50 },
      );
      pids.push(pid);
    }
  }
  for (const pid of pids) expect(await isDead(pid)).toBe(false);

  weft.kill('SIGKILL');
  await exited;
  await vi.waitFor(
    async () => {
      for (const pid of pids) expect(await isDead(pid)).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );
});
