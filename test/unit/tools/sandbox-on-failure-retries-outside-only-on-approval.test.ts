// Codex's `on-failure`: a command the sandbox stopped is offered to the user for a run outside the
// sandbox, and runs there only when approved. Under each real mechanism (bubblewrap, Landlock).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalPolicy } from '../../../protocol/config.js';
import type { ApprovalRequest, Approver } from '../../../src/tools/approval.js';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import { RETRY_OUTSIDE_SANDBOX_REASON } from '../../../src/tools/sandbox/sandbox-retry.js';
import type { ExecEvent, ToolContext } from '../../../src/tools/tool-registry.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';
import { removeSandboxWorkspaces, sandboxWorkspace } from '../../support/sandbox-workspace.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import type { SandboxMechanism } from '../../../src/tools/sandbox/sandbox-mechanism.js';

afterEach(removeSandboxWorkspaces);

const layout = (): { cwd: string; outside: string } => sandboxWorkspace('.weft-sbx-retry-');

function context(mechanism: SandboxMechanism, cwd: string, approvalPolicy: ApprovalPolicy, approver: Approver | undefined, events: ExecEvent[] = []): ToolContext {
  const sandboxPolicy = { type: 'workspace-write', network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true } as const;
  return {
    cwd,
    env: { PATH: process.env['PATH'], HOME: cwd, SHELL: '/bin/bash' },
    approvalPolicy,
    sandboxMode: 'workspace-write',
    sandboxPolicy,
    sandboxMechanism: mechanism,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    approver,
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
    onExecEvent: (e) => events.push(e),
  };
}

const run = (cmd: string) => ({ name: 'exec_command', arguments: JSON.stringify({ cmd }), callId: 'call_1', signal: new AbortController().signal });

function recording(answer: 'approved' | 'denied'): { asked: ApprovalRequest[]; approver: Approver } {
  const asked: ApprovalRequest[] = [];
  return { asked, approver: async (req) => (asked.push(req), answer) };
}

describe.each(MECHANISMS)('on-failure: a sandbox denial is offered for a run outside the sandbox ($mechanism.label)', ({ mechanism, skipReason, refusedWrite }) => {
  const test = it.skipIf(skipReason !== undefined);

  test('asks once with the retry reason, and runs outside the sandbox when approved', async () => {
    const { cwd, outside } = layout();
    const file = path.join(outside, 'x');
    const { asked, approver } = recording('approved');
    const events: ExecEvent[] = [];
    const result = await execCommand(run(`touch ${file}`), context(mechanism, cwd, 'on-failure', approver, events));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ command: `touch ${file}`, cwd, reason: RETRY_OUTSIDE_SANDBOX_REASON, callId: 'call_1' });
    expect(result.output).toBe('exit 0\n');
    expect(existsSync(file)).toBe(true);
    // One item for the call: one begin, and one end that reports the retry.
    expect(events.filter((e) => e.type === 'begin')).toHaveLength(1);
    const ends = events.filter((e) => e.type === 'end');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ exitCode: 0 });
  });

  test('runs nothing more when the user declines', async () => {
    const { cwd, outside } = layout();
    const file = path.join(outside, 'x');
    const { asked, approver } = recording('denied');
    const result = await execCommand(run(`touch ${file}`), context(mechanism, cwd, 'on-failure', approver));
    expect(asked).toHaveLength(1);
    expect(result).toEqual({ output: weftToolTexts.commandDenied(`touch ${file}`), success: false });
    expect(existsSync(file)).toBe(false);
  });

  test('does not ask about a command that failed on its own', async () => {
    const { cwd } = layout();
    const { asked, approver } = recording('approved');
    const result = await execCommand(run('echo nothing to see; exit 3'), context(mechanism, cwd, 'on-failure', approver));
    expect(asked).toEqual([]);
    expect(result.output).toBe('exit 3\nnothing to see\n');
  });

  for (const policy of ['on-request', 'never'] as const) {
    test(`does not offer a retry under ${policy}: the denial stands`, async () => {
      const { cwd, outside } = layout();
      const file = path.join(outside, 'x');
      const { asked, approver } = recording('approved');
      const result = await execCommand(run(`touch ${file}`), context(mechanism, cwd, policy, approver));
      // on-request asks about `touch` before the run (weft's up-front rule), never about a retry.
      expect(asked.filter((r) => r.reason === RETRY_OUTSIDE_SANDBOX_REASON)).toEqual([]);
      expect(result.output).toMatch(/^exit 1\n/);
      expect(result.output).toMatch(refusedWrite);
      expect(existsSync(file)).toBe(false);
    });
  }

  test('under untrusted, a command the user already approved is retried without a second question', async () => {
    const { cwd, outside } = layout();
    const file = path.join(outside, 'x');
    const { asked, approver } = recording('approved');
    const result = await execCommand(run(`touch ${file}`), context(mechanism, cwd, 'untrusted', approver));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.reason).toBeUndefined();
    expect(result.output).toBe('exit 0\n');
    expect(existsSync(file)).toBe(true);
  });
});
