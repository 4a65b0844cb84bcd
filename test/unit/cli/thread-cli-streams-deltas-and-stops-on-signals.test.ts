// `weft thread start` on a pipe: the answer's deltas reach stdout while the response is still
// streaming, not at the end. Ctrl-C (SIGINT) and SIGTERM stop the turn: the partial answer stays,
// the rollout records the interruption as Codex does (turn_aborted), the lock file is gone, and
// the exit code is 130 or 143. Runs the built bin in a child process against the mock.
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type SseReply } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

/** A reply of two deltas that holds after the first until `release` is called. */
function pausedReply(): { reply: SseReply; release: () => void } {
  let release = (): void => undefined;
  const until = new Promise<void>((r) => (release = r));
  const base = textReply('first half, second half');
  const sse = base.sse.flatMap((e) => {
    const ev = e as { type: string; delta?: string };
    if (ev.type !== 'response.output_text.delta') return [e];
    return [{ ...ev, delta: 'first half, ' }, { ...ev, delta: 'second half' }];
  });
  const at = sse.findIndex((e) => (e as { delta?: string }).delta === 'first half, ');
  return { reply: { ...base, sse, pause: { after: at + 1, until } }, release };
}

async function startThread(mockUrl: string) {
  const home = await tempDir('weft-home-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mockUrl}"\n`);
  const child = spawn(process.execPath, [BIN, 'thread', 'start', 'hello'], {
    env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home },
    cwd: home,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const firstHalf = new Promise<void>((resolve) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('first half')) resolve();
    });
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { home, child, firstHalf, exit, out: () => stdout, err: () => stderr };
}

async function sessionFiles(home: string): Promise<string[]> {
  const entries = await readdir(path.join(home, 'sessions'), { recursive: true });
  return entries.map((e) => path.join(home, 'sessions', e));
}

describe('weft thread start streams and stops cleanly', () => {
  it('prints the first delta before the response has finished', async () => {
    const { reply, release } = pausedReply();
    const mock = await startMockResponsesServer({ replies: [reply] });
    try {
      const run = await startThread(mock.url);
      await run.firstHalf; // the reply is still paused here: only streaming can have printed it
      expect(run.out()).not.toContain('second half');
      release();
      expect(await run.exit).toBe(0);
      expect(run.out()).toBe('first half, second half\n');
    } finally {
      release();
      await mock.close();
    }
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s keeps the partial answer, records the interruption, releases the lock, exits %i', async (signal, code) => {
    const { reply, release } = pausedReply();
    const mock = await startMockResponsesServer({ replies: [reply] });
    try {
      const run = await startThread(mock.url);
      await run.firstHalf;
      run.child.kill(signal);
      expect(await run.exit).toBe(code);
      expect(run.out()).toBe('first half, \n');
      const files = await sessionFiles(run.home);
      expect(files.filter((f) => f.endsWith('.lock'))).toEqual([]);
      const rollout = files.find((f) => f.endsWith('.jsonl')) as string;
      const lines = (await readFile(rollout, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { type: string; payload: { type?: string; reason?: string } });
      expect(lines.some((l) => l.type === 'event_msg' && l.payload.type === 'turn_aborted' && l.payload.reason === 'interrupted')).toBe(true);
    } finally {
      release();
      await mock.close();
    }
  });
});
