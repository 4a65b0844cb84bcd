import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { SandboxMechanism } from '../../../src/tools/sandbox/sandbox-mechanism.js';
import type { ToolContext } from '../../../src/tools/tool-registry.js';
import { BUBBLEWRAP, LANDLOCK } from '../../support/sandbox-mechanisms.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Each mechanism made unusable through its environment (the shell is named by path, so it still runs).
const BROKEN: { label: string; mechanism: SandboxMechanism; env: Record<string, string>; fix: RegExp }[] = [
  { label: 'no bwrap on the PATH', mechanism: BUBBLEWRAP.mechanism, env: { PATH: '/nonexistent-weft-bin' }, fix: /apt-get install bubblewrap/ },
  { label: 'no Landlock helper built', mechanism: LANDLOCK.mechanism, env: { WEFT_LANDLOCK_HELPER: '/nonexistent/weft-landlock-exec' }, fix: /build-landlock-helper\.mjs/ },
  // A helper that exists but cannot set a sandbox up (it fails every time, as on a kernel without Landlock).
  { label: 'a Landlock helper that fails', mechanism: LANDLOCK.mechanism, env: { WEFT_LANDLOCK_HELPER: '/bin/false' }, fix: /danger-full-access/ },
  // bubblewrap without network access runs the command behind the helper's socket filter.
  { label: "bwrap without weft's helper", mechanism: BUBBLEWRAP.mechanism, env: { WEFT_LANDLOCK_HELPER: '/nonexistent/weft-landlock-exec' }, fix: /build-landlock-helper\.mjs/ },
];

function context(cwd: string, sandboxPolicy: ToolContext['sandboxPolicy'], mechanism: SandboxMechanism, env: Record<string, string>): ToolContext {
  return {
    cwd,
    env: { PATH: process.env['PATH'], ...env, HOME: cwd, SHELL: '/bin/sh' },
    approvalPolicy: 'never',
    sandboxMode: sandboxPolicy.type,
    sandboxPolicy,
    sandboxMechanism: mechanism,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
  };
}

const call = (cmd: string) => ({ name: 'exec_command', arguments: JSON.stringify({ cmd, shell: '/bin/sh' }), callId: 'c', signal: new AbortController().signal });

function workDir(): string {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'weft-nosandbox-'));
  dirs.push(cwd);
  return cwd;
}

describe.each(BROKEN)('with $label', ({ mechanism, env, fix }) => {
  it('the probe says why and how to fix it', async () => {
    const status = await mechanism.probe({ PATH: process.env['PATH'], ...env }, { type: 'read-only' });
    expect(status.available).toBe(false);
    if (!status.available) expect(status.hint).toMatch(fix);
  });

  it('refuses a sandboxed command instead of running it unconfined', async () => {
    const cwd = workDir();
    const policy = { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false } as const;
    const result = await execCommand(call('/bin/touch made'), context(cwd, policy, mechanism, env));
    expect(result.success).toBe(false);
    expect(result.output).toMatch(fix);
    expect(existsSync(path.join(cwd, 'made'))).toBe(false);
  });

  it('still runs commands under danger-full-access', async () => {
    const cwd = workDir();
    const result = await execCommand(call('/bin/touch made'), context(cwd, { type: 'danger-full-access' }, mechanism, env));
    expect(result.output).toMatch(/^exit 0\n/);
    expect(existsSync(path.join(cwd, 'made'))).toBe(true);
  });
});
