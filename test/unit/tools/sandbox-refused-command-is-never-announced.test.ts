// A command the sandbox refuses at once is answered with the refusal and never shown as a command
// (no begin, no end: exec --json prints no command_execution item, as neither Codex generation did
// in tool_sandbox_denied). Commands that are not refused are still announced while they run, not
// held until they end. Under each real mechanism (bubblewrap, Landlock).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { ExecEvent, ToolContext } from '../../../src/tools/tool-registry.js';
import type { SandboxMechanism } from '../../../src/tools/sandbox/sandbox-mechanism.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';
import { removeSandboxWorkspaces, sandboxWorkspace } from '../../support/sandbox-workspace.js';
import { weftToolTexts } from '../../support/tool-texts.js';

afterEach(removeSandboxWorkspaces);

function context(mechanism: SandboxMechanism, cwd: string, sandboxPolicy: SandboxPolicy, onEvent: (e: ExecEvent) => void): ToolContext {
  return {
    cwd,
    env: { PATH: process.env['PATH'], HOME: cwd, SHELL: '/bin/bash' },
    approvalPolicy: 'never',
    sandboxMode: sandboxPolicy.type,
    sandboxPolicy,
    sandboxMechanism: mechanism,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    approver: undefined,
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
    onExecEvent: onEvent,
  };
}

const call = (cmd: string) => ({ name: 'exec_command', arguments: JSON.stringify({ cmd, yield_time_ms: 30_000 }), callId: 'call_1', signal: new AbortController().signal });

/** Runs a command that waits for `go` to appear; creates it once the begin event arrives. */
async function beginWhileRunning(mechanism: SandboxMechanism, cwd: string, policy: SandboxPolicy): Promise<ExecEvent[]> {
  const go = path.join(cwd, 'go');
  const events: ExecEvent[] = [];
  const result = execCommand(
    call(`until [ -e ${go} ]; do sleep 0.01; done; echo released`),
    context(mechanism, cwd, policy, (e) => {
      events.push(e);
      // The command is still waiting: only this releases it.
      if (e.type === 'begin') writeFileSync(go, '');
    }),
  );
  const { output } = await result;
  expect(output).toBe('exit 0\nreleased\n');
  return events;
}

describe.each(MECHANISMS)('announcing commands under $mechanism.label', ({ mechanism, skipReason, refusedWrite }) => {
  const test = it.skipIf(skipReason !== undefined);

  test('a write the read-only sandbox refuses: the refusal is the answer, and no begin or end is reported', async () => {
    const { cwd } = sandboxWorkspace('.weft-sbx-announce-');
    const file = path.join(cwd, 'x');
    const events: ExecEvent[] = [];
    const result = await execCommand(call(`touch ${file}`), context(mechanism, cwd, { type: 'read-only' }, (e) => events.push(e)));
    expect(result.output).toMatch(refusedWrite);
    expect(existsSync(file)).toBe(false);
    expect(events).toEqual([]);
  });

  test('a sandboxed command that fails on its own is announced and ended', async () => {
    const { cwd } = sandboxWorkspace('.weft-sbx-announce-');
    const events: ExecEvent[] = [];
    await execCommand(call('echo plain failure; exit 3'), context(mechanism, cwd, { type: 'read-only' }, (e) => events.push(e)));
    expect(events.map((e) => e.type)).toEqual(['begin', 'end']);
    expect(events[1]).toMatchObject({ exitCode: 3 });
  });

  test('a sandboxed command still running is announced before it ends', async () => {
    const { cwd } = sandboxWorkspace('.weft-sbx-announce-');
    const events = await beginWhileRunning(mechanism, cwd, { type: 'workspace-write', writable_roots: [], network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true });
    expect(events.map((e) => e.type)).toEqual(['begin', 'end']);
  });
});

describe('announcing commands without a sandbox', () => {
  it('a command is announced while it runs', async () => {
    const { cwd } = sandboxWorkspace('.weft-sbx-announce-');
    const mechanism = MECHANISMS[0]?.mechanism;
    if (mechanism === undefined) throw new Error('no mechanism');
    const events = await beginWhileRunning(mechanism, cwd, { type: 'danger-full-access' });
    expect(events.map((e) => e.type)).toEqual(['begin', 'end']);
  });
});
