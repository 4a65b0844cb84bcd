// write_stdin to a session that never existed, or whose end the model was already told, answers with
// the pack's unknown-session text; a session that exited since the last read first gives its last
// output and exit code, and is unknown after that. Input to a session without a TTY is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import { writeStdin } from '../../../src/tools/unified-exec/write-stdin.js';
import { ExecSessionManager } from '../../../src/tools/unified-exec/session-manager.js';
import { execToolContext, sessionIdIn, toolCall } from '../../support/exec-tool-context.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

afterAll(removeTempDirs);

describe('write_stdin', () => {
  it('answers a session id that was never handed out with the unknown-session text', async () => {
    const ctx = execToolContext({ cwd: await tempDir('weft-stdin-') });
    const result = await writeStdin(toolCall('write_stdin', { session_id: 4242, chars: 'x\n' }), ctx);
    expect(result).toEqual({ output: weftToolTexts.unknownSession(4242), success: false });
  });

  it('reports an exited session once, with its last output and exit code, then treats it as unknown', async () => {
    const sessions = new ExecSessionManager();
    const ctx = execToolContext({ cwd: await tempDir('weft-stdin-'), sessions });
    const started = await execCommand(
      toolCall('exec_command', { cmd: 'read x; echo "got $x"; exit 3', tty: true, yield_time_ms: 250, login: false }),
      ctx,
    );
    const id = sessionIdIn(started.output);
    expect(started.output).toContain(`Still running as session ${id}`);

    const answered = await writeStdin(toolCall('write_stdin', { session_id: id, chars: 'hi\n', yield_time_ms: 5000 }), ctx);
    expect(answered.output).toMatch(/^Chunk [0-9a-f]{6}\nexit 3\n/);
    expect(answered.output).toContain('got hi\r\n');
    expect(sessions.get(id)).toBeUndefined();

    const again = await writeStdin(toolCall('write_stdin', { session_id: id, chars: '' }), ctx);
    expect(again).toEqual({ output: weftToolTexts.unknownSession(id), success: false });
  });

  it('refuses input for a session started without a TTY, and keeps it', async () => {
    const sessions = new ExecSessionManager();
    const ctx = execToolContext({ cwd: await tempDir('weft-stdin-'), sessions });
    const started = await execCommand(toolCall('exec_command', { cmd: 'sleep 30', yield_time_ms: 250, login: false }), ctx);
    const id = sessionIdIn(started.output);
    const result = await writeStdin(toolCall('write_stdin', { session_id: id, chars: 'x' }), ctx);
    expect(result).toEqual({ output: weftToolTexts.stdinClosed(id), success: false });
    expect(sessions.get(id)).toBeDefined();
    await sessions.closeAll();
  });
});
