import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';
import { runSandboxed } from '../../support/run-sandboxed.js';

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

// bubblewrap (codex-0.169) refuses with EROFS, Landlock (codex-0.98) with EACCES: the model reads which.
describe.each(MECHANISMS)('read-only sandbox: $mechanism.label ($profile)', ({ mechanism, skipReason, refusedWrite }) => {
  it.skipIf(skipReason !== undefined)('refuses a write in the cwd with its own error and leaves no file behind', async () => {
    const cwd = tempDir();
    const run = await runSandboxed(['/bin/sh', '-c', 'echo data > made.txt'], cwd, env, { type: 'read-only' }, mechanism);
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(refusedWrite);
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(false);
  });

  it.skipIf(skipReason !== undefined)('still reads files, runs programs and writes to /dev/null', async () => {
    const run = await runSandboxed(['/bin/sh', '-c', 'cat /etc/hostname >/dev/null && echo ok'], tempDir(), env, { type: 'read-only' }, mechanism);
    expect(run.exitCode).toBe(0);
    expect(run.output).toBe('ok\n');
  });
});
