import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import type { SandboxMechanism } from '../../../src/tools/sandbox/sandbox-mechanism.js';
import { runSandboxed } from '../../support/run-sandboxed.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// The home and the workspace are siblings outside /tmp (which workspace-write makes writable), so
// only the cwd rule can let a write through.
function layout(): { home: string; cwd: string } {
  const root = mkdtempSync(path.join(process.cwd(), '.weft-sbx-ww-'));
  dirs.push(root);
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(home);
  mkdirSync(path.join(cwd, '.git'), { recursive: true });
  return { home, cwd };
}

const policy: SandboxPolicy = { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: true, exclude_slash_tmp: true };

async function sh(mechanism: SandboxMechanism, script: string, cwd: string, home: string) {
  return runSandboxed(['/bin/sh', '-c', script], cwd, { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home }, policy, mechanism);
}

describe.each(MECHANISMS)('workspace-write sandbox: $mechanism.label ($profile)', ({ mechanism, skipReason, refusedWrite, keepsGitReadOnly }) => {
  it.skipIf(skipReason !== undefined)('lets a command write in its cwd', async () => {
    const { home, cwd } = layout();
    const run = await sh(mechanism, 'echo hi > inside.txt', cwd, home);
    expect(run.exitCode).toBe(0);
    expect(existsSync(path.join(cwd, 'inside.txt'))).toBe(true);
  });

  it.skipIf(skipReason !== undefined)('refuses a write in $HOME', async () => {
    const { home, cwd } = layout();
    const run = await sh(mechanism, 'echo hi > "$HOME/outside.txt"', cwd, home);
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(refusedWrite);
    expect(existsSync(path.join(home, 'outside.txt'))).toBe(false);
  });

  // Landlock only grants, so Codex 0.98 could not keep `.git` read-only inside the writable cwd.
  it.skipIf(skipReason !== undefined)(`${keepsGitReadOnly ? 'keeps' : 'does not keep'} .git read-only inside the writable cwd`, async () => {
    const { home, cwd } = layout();
    const run = await sh(mechanism, 'echo x > .git/config', cwd, home);
    expect(run.exitCode === 0).toBe(!keepsGitReadOnly);
    expect(existsSync(path.join(cwd, '.git', 'config'))).toBe(!keepsGitReadOnly);
  });
});
