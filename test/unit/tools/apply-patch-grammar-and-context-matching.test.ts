import { describe, expect, it } from 'vitest';
import { parsePatch, PatchParseError } from '../../../src/tools/apply-patch/parse-patch.js';
import { seekLines } from '../../../src/tools/apply-patch/seek-lines.js';
import { updatedText } from '../../../src/tools/apply-patch/update-text.js';

const problemOf = (text: string): unknown => {
  try {
    parsePatch(text);
  } catch (err) {
    if (err instanceof PatchParseError) return err.problem;
    throw err;
  }
  return undefined;
};

describe('apply_patch grammar', () => {
  it('reads every hunk kind: Add, Delete, Update with Move to, @@ headers and End of File', () => {
    const hunks = parsePatch(
      [
        '*** Begin Patch',
        '*** Add File: a.txt',
        '+one',
        '+two',
        '*** Delete File: b.txt',
        '*** Update File: c.txt',
        '*** Move to: d.txt',
        '@@ def main():',
        ' keep',
        '-old',
        '+new',
        '',
        '@@',
        '-tail',
        '+TAIL',
        '*** End of File',
        '*** End Patch',
      ].join('\n'),
    );
    expect(hunks).toEqual([
      { type: 'add', path: 'a.txt', contents: 'one\ntwo\n' },
      { type: 'delete', path: 'b.txt' },
      {
        type: 'update',
        path: 'c.txt',
        movePath: 'd.txt',
        chunks: [
          { context: 'def main():', oldLines: ['keep', 'old', ''], newLines: ['keep', 'new', ''], endOfFile: false },
          { context: undefined, oldLines: ['tail'], newLines: ['TAIL'], endOfFile: true },
        ],
      },
    ]);
  });

  it('accepts what Codex accepts: surrounding whitespace, indented markers, a heredoc wrapper, a first chunk without @@', () => {
    const plain = parsePatch('*** Begin Patch\n*** Update File: f\n-a\n+b\n*** End Patch');
    expect(parsePatch('\n\n  *** Begin Patch\n*** Update File: f\n-a\n+b\n *** End Patch  \n\n')).toEqual(plain);
    expect(parsePatch("<<'EOF'\n*** Begin Patch\n*** Update File: f\n-a\n+b\n*** End Patch\nEOF\n")).toEqual(plain);
  });

  it('names the problem of a malformed patch', () => {
    expect(problemOf('*** Update File: f\n*** End Patch')).toEqual({ kind: 'missing_begin' });
    expect(problemOf('*** Begin Patch\n*** Add File: f\n+x')).toEqual({ kind: 'missing_end' });
    expect(problemOf('*** Begin Patch\n*** Frobnicate File: f\n*** End Patch')).toMatchObject({ kind: 'bad_hunk_header', line: 2 });
    expect(problemOf('*** Begin Patch\n*** Update File: f\n*** End Patch')).toMatchObject({ kind: 'empty_update', path: 'f' });
    expect(problemOf('*** Begin Patch\n*** Update File: f\n@@\n*** End Patch')).toMatchObject({ kind: 'empty_chunk', line: 3 });
    expect(problemOf('*** Begin Patch\n*** Update File: f\nnonsense\n*** End Patch')).toMatchObject({ kind: 'bad_chunk_line', line: 3 });
    expect(problemOf('*** Begin Patch\n*** Update File: f\n@@\n-a\n+b\n\nstray\n*** End Patch')).toMatchObject({ kind: 'missing_chunk_marker' });
  });
});

describe('apply_patch context matching', () => {
  it('tries exact, then trailing whitespace, then both ends, then typographic punctuation', () => {
    expect(seekLines(['a', 'b  ', 'b'], ['b'], 0, false)).toBe(2);
    expect(seekLines(['a', 'b  \t'], ['b'], 0, false)).toBe(1);
    expect(seekLines(['a', '   b'], ['b '], 0, false)).toBe(1);
    expect(seekLines(['x = \u201Chi\u201D \u2014 ok\u00A0'], ['x = "hi" - ok'], 0, false)).toBe(0);
    expect(seekLines(['a'], ['a', 'b'], 0, false)).toBeUndefined();
  });

  it('looks at the end of the file first for an End of File chunk', () => {
    expect(seekLines(['x', 'y', 'x'], ['x'], 0, true)).toBe(2);
    expect(seekLines(['x', 'y', 'x'], ['x'], 0, false)).toBe(0);
  });

  it('finds an @@ header before the lines and reports a header or lines it cannot find', () => {
    const text = 'def a():\n    return 1\ndef b():\n    return 1\n';
    const chunk = { context: 'def b():', oldLines: ['    return 1'], newLines: ['    return 2'], endOfFile: false };
    expect(updatedText(text, [chunk])).toEqual({ text: 'def a():\n    return 1\ndef b():\n    return 2\n' });
    expect(updatedText(text, [{ ...chunk, context: 'def c():' }])).toEqual({ kind: 'header_not_found', context: 'def c():' });
    expect(updatedText(text, [{ ...chunk, oldLines: ['nope'] }])).toEqual({ kind: 'lines_not_found', lines: ['nope'] });
  });

  it('appends a chunk without removed lines at the end and always ends the file with a line break', () => {
    expect(updatedText('a\nb', [{ context: undefined, oldLines: [], newLines: ['c'], endOfFile: false }])).toEqual({ text: 'a\nb\nc\n' });
  });
});
