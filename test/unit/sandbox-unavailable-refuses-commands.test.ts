import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execCommand } from '../../src/tools/exec-command.js';
import { probeBwrap } from '../../src/tools/sandbox/bwrap-probe.js';
import type { ToolContext } from '../../src/tools/tool-registry.js';
import { weftToolTexts } from '../support/tool-texts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// A PATH with a shell but no bwrap: the sandbox cannot be set up.
function context(cwd: string, sandboxPolicy: ToolContext['sandboxPolicy']): ToolContext {
  return {
    cwd,
    env: { PATH: '/nonexistent-weft-bin', HOME: cwd, SHELL: '/bin/sh' },
    approvalPolicy: 'never',
    sandboxMode: sandboxPolicy.type,
    sandboxPolicy,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
  };
}

const call = (cmd: string) => ({ name: 'exec_command', arguments: JSON.stringify({ cmd, shell: '/bin/sh' }), callId: 'c', signal: new AbortController().signal });

describe('without a working bwrap', () => {
  it('the probe says why and how to install it', async () => {
    const status = await probeBwrap({ PATH: '/nonexistent-weft-bin' });
    expect(status.available).toBe(false);
    if (!status.available) expect(status.hint).toMatch(/apt-get install bubblewrap/);
  });

  it('refuses a sandboxed command instead of running it unconfined', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'weft-nobwrap-'));
    dirs.push(cwd);
    const result = await execCommand(call('/bin/touch made'), context(cwd, { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false }));
    expect(result.success).toBe(false);
    expect(result.output).toContain('bubblewrap');
    expect(existsSync(path.join(cwd, 'made'))).toBe(false);
  });

  it('still runs commands under danger-full-access', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'weft-nobwrap-'));
    dirs.push(cwd);
    const result = await execCommand(call('/bin/touch made'), context(cwd, { type: 'danger-full-access' }));
    expect(result.output).toMatch(/^exit 0\n/);
    expect(existsSync(path.join(cwd, 'made'))).toBe(true);
  });
});
