import { describe, expect, it } from 'vitest';
import { debugString, isLikelySandboxDenial, sandboxDeniedVars } from '../../../src/tools/sandbox/sandbox-denial.js';

describe('sandbox denial', () => {
  it('escapes each text twice, as a debug string nested in another', () => {
    const vars = sandboxDeniedVars(1, '', "touch: cannot touch '/r/x': Permission denied\n", "touch: cannot touch '/r/x': Permission denied\n");
    expect(vars).toEqual({
      exit_code: '1',
      stdout: '\\"\\"',
      stderr: "\\\"touch: cannot touch '/r/x': Permission denied\\\\n\\\"",
      aggregated_output: "\\\"touch: cannot touch '/r/x': Permission denied\\\\n\\\"",
      duration: '0ns',
    });
  });

  it('debug strings escape quotes, backslashes and control characters', () => {
    expect(debugString('a"b\\c\td\u0001')).toBe('"a\\"b\\\\c\\td\\u{1}"');
  });

  it('tells a refusal from an ordinary failure', () => {
    expect(isLikelySandboxDenial(1, "touch: cannot touch 'x': Read-only file system\n")).toBe(true);
    expect(isLikelySandboxDenial(1, 'grep found nothing')).toBe(false);
    // Killed by SIGSYS (a seccomp kill), whatever it printed.
    expect(isLikelySandboxDenial(128 + 31, '')).toBe(true);
    expect(isLikelySandboxDenial(128 + 9, '')).toBe(false);
    expect(isLikelySandboxDenial(0, 'Permission denied')).toBe(false);
    // Codex looks for the words before the exit code: a 126/127 that names the sandbox is a denial.
    expect(isLikelySandboxDenial(126, 'bash: ./run: Permission denied')).toBe(true);
    expect(isLikelySandboxDenial(127, 'bash: nosuch: command not found')).toBe(false);
    expect(isLikelySandboxDenial(101, 'cargo: failed to write file target/x')).toBe(true);
    expect(isLikelySandboxDenial(137, 'Permission denied', true)).toBe(false);
  });
});
