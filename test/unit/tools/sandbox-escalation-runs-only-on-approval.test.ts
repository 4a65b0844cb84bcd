import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, Approver } from '../../../src/tools/approval.js';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { ToolContext } from '../../../src/tools/tool-registry.js';
import { BUBBLEWRAP } from '../../support/sandbox-mechanisms.js';
import { removeSandboxWorkspaces, sandboxWorkspace } from '../../support/sandbox-workspace.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

const skipWithoutBwrap = BUBBLEWRAP.skipReason !== undefined;

afterEach(removeSandboxWorkspaces);

const layout = (): { cwd: string; outside: string } => sandboxWorkspace('.weft-sbx-esc-');

function context(cwd: string, approver: Approver | undefined): ToolContext {
  return {
    cwd,
    env: { PATH: process.env['PATH'], HOME: cwd, SHELL: '/bin/bash' },
    approvalPolicy: 'on-request',
    sandboxMode: 'read-only',
    sandboxPolicy: { type: 'read-only' },
    sandboxMechanism: bubblewrapSandbox,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    approver,
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
  };
}

const escalatedTouch = (file: string) => ({
  name: 'exec_command',
  arguments: JSON.stringify({ cmd: `touch ${file}`, sandbox_permissions: 'require_escalated', justification: 'needs to write outside' }),
  callId: 'call_1',
  signal: new AbortController().signal,
});

describe.skipIf(skipWithoutBwrap)('escalation out of the sandbox', () => {
  it('asks, and runs outside the sandbox once approved', async () => {
    const { cwd, outside } = layout();
    const asked: ApprovalRequest[] = [];
    const approve: Approver = async (req) => {
      asked.push(req);
      return 'approved';
    };
    const file = path.join(outside, 'x');
    const result = await execCommand(escalatedTouch(file), context(cwd, approve));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.reason).toBe('needs to write outside');
    expect(result.output).toBe('exit 0\n');
    expect(existsSync(file)).toBe(true);
  });

  it('runs nothing when the user declines', async () => {
    const { cwd, outside } = layout();
    const file = path.join(outside, 'x');
    const result = await execCommand(escalatedTouch(file), context(cwd, async () => 'denied'));
    expect(result.success).toBe(false);
    expect(result.output).toBe(weftToolTexts.commandDenied(`touch ${file}`));
    expect(existsSync(file)).toBe(false);
  });

  it('keeps an unescalated command inside the sandbox', async () => {
    const { cwd, outside } = layout();
    const file = path.join(outside, 'x');
    const call = { ...escalatedTouch(file), arguments: JSON.stringify({ cmd: `touch ${file}` }) };
    const ctx = { ...context(cwd, async () => 'approved' as const), approvalPolicy: 'never' as const };
    const result = await execCommand(call, ctx);
    expect(result.output).toMatch(/^exit 1\n.*Read-only file system/s);
    expect(existsSync(file)).toBe(false);
  });
});
