// The record of a user's shell command for the model: Codex 0.169's layout (tags, exit code, duration
// in seconds with four decimals, the output as it came), the output cut in the middle with the line
// count past the model's truncation budget, and a timed-out command reported as Codex reports it
// (exit code -1, no duration, a notice before what it printed). Texts from weft's own pack.
import { describe, expect, it } from 'vitest';
import { WEFT_PACK_DIR } from '../../../src/pack/default-pack-dir.js';
import { loadPack } from '../../../src/pack/load-pack.js';
import { reportedOutcome, USER_SHELL_FILES, userShellOutputText, userShellPack, userShellRecordItem } from '../../../src/tools/user-shell/user-shell-record.js';

const policy = { mode: 'bytes' as const, limit: 10_000 };

describe('the record of a user shell command', () => {
  it('lays out the command, exit code, duration and output inside Codex’s tags', async () => {
    const pack = await userShellPack(await loadPack(WEFT_PACK_DIR, { name: 'empty', files: [] }));
    const item = userShellRecordItem(pack, 'ls -a', { exitCode: 2, aggregatedOutput: 'a\nb\n', durationMs: 1234.56789, timedOut: false }, policy);
    expect(item.role).toBe('user');
    const text = item.content[0]?.type === 'input_text' ? item.content[0].text : '';
    expect(text.startsWith('<user_shell_command>\n<command>\nls -a\n</command>\n<result>\n')).toBe(true);
    expect(text.endsWith('\na\nb\n\n</result>\n</user_shell_command>')).toBe(true);
    expect(text).toContain('1.2346');
    expect(text).toMatch(/\b2\b/);
  });

  it('cuts a long output in the middle and says how many lines it had', async () => {
    const pack = await userShellPack(await loadPack(WEFT_PACK_DIR, { name: 'empty', files: [] }));
    const output = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n');
    const text = userShellOutputText(pack, { exitCode: 0, aggregatedOutput: output, durationMs: 1, timedOut: false }, { mode: 'bytes', limit: 200 });
    expect(text).toContain('400');
    expect(text).toContain('line 0');
    expect(text).toContain('line 399');
    expect(text).not.toContain('line 200\n');
    expect(userShellOutputText(pack, { exitCode: 0, aggregatedOutput: 'short', durationMs: 1, timedOut: false }, { mode: 'bytes', limit: 200 })).toBe('short');
  });

  it('reports a command past its limit with exit code -1, no duration and its output after a notice', async () => {
    const pack = await userShellPack(await loadPack(WEFT_PACK_DIR, { name: 'empty', files: [] }));
    const reported = reportedOutcome(pack, { exitCode: 124, aggregatedOutput: 'partial\n', durationMs: 5003, timedOut: true }, 5000);
    expect(reported).toMatchObject({ exitCode: -1, durationMs: 0, timedOut: true });
    expect(reported.aggregatedOutput).toContain('5000');
    expect(reported.aggregatedOutput.endsWith('\npartial\n')).toBe(true);
  });

  it('takes the loaded pack’s texts when it has them all', async () => {
    const own = await loadPack(WEFT_PACK_DIR, { name: 'user shell', files: USER_SHELL_FILES.map((f) => ({ path: f.path, placeholders: [...f.placeholders] })) });
    expect(await userShellPack(own)).toBe(own);
  });
});
