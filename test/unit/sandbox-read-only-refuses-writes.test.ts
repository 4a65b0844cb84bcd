import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skipWithoutBwrap } from '../support/bwrap.js';
import { runSandboxed } from '../support/run-sandboxed.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'weft-sbx-ro-'));
  dirs.push(d);
  return d;
}

const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };

describe.skipIf(skipWithoutBwrap)('read-only sandbox', () => {
  it('refuses a write in the cwd and leaves no file behind', async () => {
    const cwd = tempDir();
    const run = await runSandboxed(['/bin/sh', '-c', 'echo data > made.txt'], cwd, env, { type: 'read-only' });
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(/Read-only file system/);
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(false);
  });

  it('still reads files and runs programs', async () => {
    const run = await runSandboxed(['/bin/sh', '-c', 'cat /etc/hostname >/dev/null && echo ok'], tempDir(), env, { type: 'read-only' });
    expect(run.exitCode).toBe(0);
    expect(run.output).toBe('ok\n');
  });
});
