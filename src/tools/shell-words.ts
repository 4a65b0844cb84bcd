// A deliberately small shell-line parser for the approval check: it understands plain words, quoting,
// and the list/pipe operators `&&`, `||`, `;`, `|` (and newlines), and gives up (null) on anything that
// could make the shell run or write something the words do not show: expansions, substitutions,
// subshells, redirections, background jobs, globs, comments, unterminated quotes.

/** The commands of a script, each as its argv, or null when the script is not plain enough to judge. */
export function splitPlainCommands(script: string): string[][] | null {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  // After an operator that needs a right-hand side (&&, ||, |) an empty command is an error.
  let needCommand = false;

  const endWord = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (requireNonEmpty: boolean): boolean => {
    endWord();
    if (words.length === 0) return !requireNonEmpty;
    commands.push(words);
    words = [];
    return true;
  };

  let i = 0;
  while (i < script.length) {
    const ch = script[i] as string;
    const next = script[i + 1];
    if (ch === ' ' || ch === '\t') {
      endWord();
      i += 1;
    } else if (ch === '\n' || ch === ';') {
      // `;` needs a command before it; a blank line is fine unless an operator is waiting for its
      // right-hand side (conservatively, even where bash would continue the line).
      if (!endCommand(ch === ';' || needCommand)) return null;
      needCommand = false;
      i += 1;
    } else if (ch === '|' || ch === '&') {
      if (ch === '&' && next !== '&') return null; // background job
      if (!endCommand(true)) return null;
      needCommand = true;
      i += next === ch ? 2 : 1;
    } else if (ch === "'") {
      const close = script.indexOf("'", i + 1);
      if (close === -1) return null;
      word += script.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '"') {
      const parsed = readDoubleQuoted(script, i + 1);
      if (parsed === null) return null;
      word += parsed.text;
      inWord = true;
      i = parsed.end;
    } else if (ch === '\\') {
      if (next === undefined) return null;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i += 2;
    } else if ('$`()<>*?[]{}#!'.includes(ch)) {
      return null;
    } else {
      word += ch;
      inWord = true;
      i += 1;
    }
  }
  if (!endCommand(needCommand)) return null;
  return commands;
}

// Inside double quotes a backslash escapes only $ ` " \ and newline; $ and ` would expand.
function readDoubleQuoted(script: string, start: number): { text: string; end: number } | null {
  let text = '';
  let i = start;
  while (i < script.length) {
    const ch = script[i] as string;
    if (ch === '"') return { text, end: i + 1 };
    if (ch === '$' || ch === '`') return null;
    if (ch === '\\') {
      const next = script[i + 1];
      if (next === undefined) return null;
      if (next === '\n') {
        i += 2;
        continue;
      }
      text += '"\\$`'.includes(next) ? next : `\\${next}`;
      i += 2;
      continue;
    }
    text += ch;
    i += 1;
  }
  return null;
}
