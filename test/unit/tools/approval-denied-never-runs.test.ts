import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, Approver } from '../../../src/tools/approval.js';
import { ttyApprover } from '../../../src/tools/approval.js';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { ToolContext } from '../../../src/tools/tool-registry.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-approval-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function context(approvalPolicy: ToolContext['approvalPolicy'], approver?: Approver): ToolContext {
  return {
    cwd: dir,
    env: { PATH: process.env['PATH'], HOME: dir, SHELL: '/bin/bash' },
    approvalPolicy,
    sandboxMode: 'workspace-write',
    sandboxPolicy: { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false },
    sandboxMechanism: bubblewrapSandbox,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    approver,
    renderExecOutput: (v) => `exit ${v.exit_code}\n${v.output}`,
    texts: weftToolTexts,
  };
}

const touch = (justification?: string) => ({
  name: 'exec_command',
  arguments: JSON.stringify({ cmd: 'touch created.txt', ...(justification ? { justification } : {}) }),
  callId: 'call_1',
  signal: new AbortController().signal,
});

describe('approval gate', () => {
  it('does not run a command the approver denies, and tells the model so', async () => {
    const asked: ApprovalRequest[] = [];
    const deny: Approver = async (req) => {
      asked.push(req);
      return 'denied';
    };
    const result = await execCommand(touch('make a file'), context('on-request', deny));
    expect(await exists(path.join(dir, 'created.txt'))).toBe(false);
    expect(asked).toEqual([{ command: 'touch created.txt', cwd: dir, reason: 'make a file' }]);
    expect(result).toEqual({
      output: weftToolTexts.commandDenied('touch created.txt'),
      success: false,
    });
  });

  it('refuses a command needing approval when no approver is available', async () => {
    const result = await execCommand(touch(), context('on-request'));
    expect(await exists(path.join(dir, 'created.txt'))).toBe(false);
    expect(result.success).toBe(false);
    expect(result.output).toBe(
      weftToolTexts.commandNeedsApproval('touch created.txt', 'on-request'),
    );
  });

  it('treats an approver that throws as a denial', async () => {
    const broken: Approver = async () => {
      throw new Error('terminal closed');
    };
    const result = await execCommand(touch(), context('untrusted', broken));
    expect(await exists(path.join(dir, 'created.txt'))).toBe(false);
    expect(result.output).toBe(`${weftToolTexts.commandDenied('touch created.txt')}\n(terminal closed)`);
  });

  it('runs the command once approved', async () => {
    const result = await execCommand(touch(), context('untrusted', async () => 'approved'));
    expect(await exists(path.join(dir, 'created.txt'))).toBe(true);
    expect(result.output).toBe('exit 0\n');
  });

  it('ttyApprover says no unless the answer is y/yes, and no on closed input', async () => {
    const answer = async (text: string | null) => {
      const input = new PassThrough();
      const output = new PassThrough();
      const decision = ttyApprover(input, output)({ command: 'touch x', cwd: dir });
      if (text === null) input.end();
      else input.write(text);
      return decision;
    };
    expect(await answer('y\n')).toBe('approved');
    expect(await answer('YES\n')).toBe('approved');
    expect(await answer('\n')).toBe('denied');
    expect(await answer('n\n')).toBe('denied');
    expect(await answer(null)).toBe('denied');
  });
});
