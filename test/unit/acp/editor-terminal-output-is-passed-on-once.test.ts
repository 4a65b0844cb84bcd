// What the model reads of a command in an editor terminal: each read of terminal/output passes on
// only what is new since the last, also when the editor dropped the head of a long output.
import { describe, expect, it } from 'vitest';
import { freshOutput } from '../../../src/acp/editor-terminal.js';

describe('freshOutput', () => {
  it('passes on what the output grew by', () => {
    expect(freshOutput('', 'a\n')).toBe('a\n');
    expect(freshOutput('a\n', 'a\nb\n')).toBe('b\n');
    expect(freshOutput('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('finds where it left off in an output whose head the editor dropped', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join('');
    const before = 'head\n'.repeat(50) + lines;
    const now = lines.slice(200) + 'line 3\n';
    expect(freshOutput(before, now)).toBe('line 3\n');
  });

  it('passes on the whole output when nothing it passed on is left in it', () => {
    expect(freshOutput('old text\n', 'all new\n')).toBe('all new\n');
  });
});
