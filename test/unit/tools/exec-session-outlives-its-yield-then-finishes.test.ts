// A command still running when exec_command's yield ends keeps a session id; polling it with an empty
// write_stdin waits for more output and returns the rest with the exit code once it finishes.
import { describe, expect, it } from 'vitest';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import { ExecSessionManager } from '../../../src/tools/unified-exec/session-manager.js';
import { writeStdin } from '../../../src/tools/unified-exec/write-stdin.js';
import { execToolContext, sessionIdIn, toolCall } from '../../support/exec-tool-context.js';
import { tempDir } from '../../support/temp-tree.js';

describe('a session outliving its yield', () => {
  it('answers "running" with its id, then the rest of the output and the exit code', async () => {
    const sessions = new ExecSessionManager();
    const ctx = execToolContext({ cwd: await tempDir('weft-yield-'), sessions });
    // The command waits for a file the test creates after the first answer: no timing guesswork.
    const first = await execCommand(
      toolCall('exec_command', { cmd: 'echo first; while [ ! -e go ]; do sleep 0.05; done; echo second', yield_time_ms: 250, login: false }),
      ctx,
    );
    const id = sessionIdIn(first.output);
    expect(id).toBeGreaterThanOrEqual(1000);
    expect(id).toBeLessThan(100000);
    const firstShown = String(first.output).slice(String(first.output).indexOf('Output:\n') + 'Output:\n'.length);
    expect(sessions.get(id)).toBeDefined();

    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${ctx.cwd}/go`, '');
    const rest = await writeStdin(toolCall('write_stdin', { session_id: id, chars: '' }), ctx);
    expect(String(rest.output)).toMatch(/^Chunk [0-9a-f]{6}\nexit 0\ntokens \d+\n/);
    // Each read returns what arrived since the previous one: together, everything, once.
    const restShown = String(rest.output).replace(/^Chunk [0-9a-f]{6}\nexit 0\ntokens \d+\n/, '');
    expect(firstShown + restShown).toBe('first\nsecond\n');
    expect(sessions.get(id)).toBeUndefined();
  });
});
