import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { ExecOutputVars, ToolContext } from '../../../src/tools/tool-registry.js';
import { isDead } from '../../support/exec-tool-context.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-timeout-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('exec_command timeout', () => {
  it('kills a command that outlives its timeout, with its background children, and reports exit code 124', async () => {
    let vars: ExecOutputVars | undefined;
    const ctx: ToolContext = {
      cwd: dir,
      env: { PATH: process.env['PATH'], HOME: dir, SHELL: '/bin/bash' },
      approvalPolicy: 'never',
      sandboxMode: 'danger-full-access',
      sandboxPolicy: { type: 'danger-full-access' },
      sandboxMechanism: bubblewrapSandbox,
      truncationPolicy: { mode: 'tokens', limit: 10000 },
      execTimeoutMs: 200,
      texts: weftToolTexts,
      renderExecOutput: (v) => {
        vars = v;
        return `exit ${v.exit_code}\n${v.output}`;
      },
    };
    const result = await execCommand(
      {
        name: 'exec_command',
        arguments: JSON.stringify({ cmd: 'sleep 30 & echo $! > child.pid; echo started; sleep 30', login: false }),
        callId: 'call_1',
        signal: new AbortController().signal,
      },
      ctx,
    );

    expect(vars?.exit_code).toBe('124');
    expect(vars?.output).toBe(`started\n[${weftToolTexts.commandTimedOut(200, 124)}]\n`);
    expect(result.output).toMatch(/^exit 124\n/);
    expect(Number(vars?.wall_time_seconds)).toBeGreaterThanOrEqual(0.19);

    const childPid = Number((await readFile(path.join(dir, 'child.pid'), 'utf8')).trim());
    expect(await isDead(childPid)).toBe(true);
  });
});
