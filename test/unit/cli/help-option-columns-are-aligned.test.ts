// Every command's help shows its option descriptions in one column: the common options and the
// command's own (written apart) line up, and a description continued on the next line starts there too.
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { alignHelp } from '../../../src/cli/help-columns.js';

const COMMANDS = [
  ['thread', '--help'],
  ['thread', 'start', '--help'],
  ['thread', 'resume', '--help'],
  ['thread', 'list', '--help'],
  ['thread', 'show', '--help'],
  ['thread', 'export', '--help'],
  ['exec', '--help'],
  ['prompt', '--help'],
  ['view', '--help'],
  ['app-server', '--help'],
];

async function help(argv: string[]): Promise<string> {
  const out: string[] = [];
  await main(argv, { env: { HOME: '/nonexistent', WEFT_HOME: '/nonexistent/weft' }, cwd: '/', isTty: false, stdout: (l) => void out.push(l), stderr: () => undefined });
  return out.join('\n');
}

/** The columns where option descriptions start, and where continued descriptions start. */
function columns(text: string): { options: Set<number>; continued: Set<number> } {
  const options = new Set<number>();
  const continued = new Set<number>();
  let after = false;
  for (const line of text.split('\n')) {
    const m = /^ {2}(-\S.*?) {2,}(\S.*)$/.exec(line);
    if (m) {
      options.add(line.indexOf(m[2] as string, 2 + (m[1] as string).length));
      after = true;
    } else if (after && /^ {6,}\S/.test(line)) continued.add(line.search(/\S/));
    else after = /^ {2}-\S/.test(line);
  }
  return { options, continued };
}

describe('help columns', () => {
  it.each(COMMANDS)('%s %s: one column for every option description', async (...argv) => {
    const { options, continued } = columns(await help(argv));
    expect(options.size).toBe(1);
    for (const c of continued) expect(options.has(c)).toBe(true);
  });

  it('lines up options written with different widths, and their continuation lines', () => {
    const text = ['Options:', '  -c, --config key=value   a', '                           more of a', '  --json          b', '  --a-very-long-option-alone', '                    c'].join('\n');
    expect(alignHelp(text).split('\n')).toEqual([
      'Options:',
      '  -c, --config key=value  a',
      '                          more of a',
      '  --json                  b',
      '  --a-very-long-option-alone',
      '                          c',
    ]);
  });
});
