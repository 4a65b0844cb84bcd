// How long exec_command and write_stdin wait for output, as Codex bounds it: exec_command 10 s by
// default within 250 ms..30 s; write_stdin 250 ms by default, a write at most 30 s, an empty poll
// between 5 s and 5 minutes.
import { describe, expect, it } from 'vitest';
import { clampYield, DEFAULT_EXEC_YIELD_MS } from '../../../src/tools/unified-exec/exec-command-tool.js';
import { DEFAULT_WRITE_STDIN_YIELD_MS, writeStdinYield } from '../../../src/tools/unified-exec/write-stdin.js';

describe('yield times', () => {
  it('exec_command: 10 s by default, held within 250 ms..30 s', () => {
    expect(DEFAULT_EXEC_YIELD_MS).toBe(10_000);
    expect(clampYield(0)).toBe(250);
    expect(clampYield(500)).toBe(500);
    expect(clampYield(120_000)).toBe(30_000);
  });

  it('write_stdin: a write waits 250 ms..30 s, an empty poll 5 s..5 min', () => {
    expect(DEFAULT_WRITE_STDIN_YIELD_MS).toBe(250);
    expect(writeStdinYield(undefined, false)).toBe(250);
    expect(writeStdinYield(10, false)).toBe(250);
    expect(writeStdinYield(2000, false)).toBe(2000);
    expect(writeStdinYield(60_000, false)).toBe(30_000);
    expect(writeStdinYield(undefined, true)).toBe(5_000);
    expect(writeStdinYield(60_000, true)).toBe(60_000);
    expect(writeStdinYield(600_000, true)).toBe(300_000);
  });
});
