// The command line shown for a model's command (exec --json, app-server items, 0.169 rollouts) is
// quoted as Codex quotes it, run by run, and a shell reads it back as the same words.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { displayCommand, displayWord } from '../../../src/tools/display-command.js';

describe('displayCommand', () => {
  it('shows the recorded write_stdin command exactly as Codex showed it', () => {
    // From the tool_exec_write_stdin recordings of both generations.
    expect(displayCommand(['/bin/bash', '-lc', "bash -c 'read x; echo got $x'"])).toBe(`/bin/bash -lc "bash -c 'read x; echo got "'$x'"'"`);
  });

  it('prefers bare words, then single quotes, then double quotes', () => {
    expect(displayWord('src/a_b-c.ts')).toBe('src/a_b-c.ts');
    expect(displayWord('foo bar')).toBe("'foo bar'");
    expect(displayWord('a=b')).toBe("'a=b'");
    expect(displayWord("it's")).toBe(`"it's"`);
    expect(displayWord(`'"`)).toBe(`"'\\""`);
    expect(displayWord('a\\b')).toBe('"a\\\\b"');
    expect(displayWord('')).toBe("''");
    expect(displayWord('^x')).toBe("'^x'");
    expect(displayWord('é')).toBe("'é'");
  });

  it('is read back by bash as the same words', () => {
    const words = ["bash -c 'read x; echo got $x'", 'a b', "it's $HOME", 'back\\slash "q"', '!bang', '^caret', 'x^y', '`tick`', 'tab\tnew\nline', 'ünï', '', '#c', '~'];
    const line = displayCommand(words);
    const out = execFileSync('/bin/bash', ['-c', `for w in ${line}; do printf '%s\\0' "$w"; done`], { encoding: 'utf8' });
    expect(out.split('\0').slice(0, -1)).toEqual(words);
  });
});
