// How a command's argv is shown (exec `command_execution` items, app-server `commandExecution`
// items, 0.169 rollout items): one line a POSIX shell reads back as the same words, quoted the way
// Codex shows it. Codex joins the words with the Rust `shlex` crate (1.3), which quotes a word in
// runs: each run is left bare, put in single quotes, or put in double quotes, preferring them in that
// order, and a new run starts where the characters so far and the next one have no form in common
// (so `bash -c 'echo $x'` comes out as `"bash -c 'echo "'$x'"'"`). The display is a fact clients
// compare, so the character classes below are that crate's.

const BARE = 1;
const SINGLE = 2;
const DOUBLE = 4;

/** Characters a word may show without quotes. */
const BARE_SAFE = /^[A-Za-z0-9+\-./:@\]_]$/;
/** Characters single quotes cannot hold (`^` and `\` are avoided for interactive shells and fish). */
const NOT_IN_SINGLE = new Set(["'", '^', '\\']);
/** Characters double quotes cannot hold without expanding them. */
const NOT_IN_DOUBLE = new Set(['$', '`', '!', '^']);

/** The forms one character can take. */
function formsOf(ch: string): number {
  if (ch.charCodeAt(0) >= 0x80) return SINGLE | DOUBLE;
  let forms = SINGLE | DOUBLE | (BARE_SAFE.test(ch) ? BARE : 0);
  if (NOT_IN_SINGLE.has(ch)) forms &= ~SINGLE;
  if (NOT_IN_DOUBLE.has(ch)) forms &= ~DOUBLE;
  return forms;
}

/** The longest run at `start` that one form can show, and that form. */
function runAt(word: string, start: number): { end: number; form: number } {
  let forms = BARE | SINGLE | DOUBLE;
  let i = start;
  // A leading `^` is shown only right after an opening single quote.
  if (word[i] === '^') {
    forms = SINGLE;
    i += 1;
  }
  for (; i < word.length; i += 1) {
    const next = forms & formsOf(word[i] as string);
    if (next === 0) break;
    forms = next;
  }
  const form = forms & BARE ? BARE : forms & SINGLE ? SINGLE : DOUBLE;
  return { end: i, form };
}

/** One word as the shell would read it back. */
export function displayWord(word: string): string {
  if (word === '') return "''";
  let out = '';
  for (let start = 0; start < word.length; ) {
    const { end, form } = runAt(word, start);
    const run = word.slice(start, end);
    if (form === BARE) out += run;
    else if (form === SINGLE) out += `'${run}'`;
    else out += `"${run.replace(/["\\]/g, '\\$&')}"`;
    start = end;
  }
  return out;
}

/** An argv as one display line, e.g. `/bin/bash -lc 'echo hi'`. */
export function displayCommand(argv: readonly string[]): string {
  return argv.map(displayWord).join(' ');
}
