// A command's help with its option descriptions in one column: the common options and the command's
// own are written apart, so they are laid out together here, as the help is printed.

/** An option line: two spaces, the option (`-x, --long VALUE`), two or more spaces, its description. */
const OPTION_LINE = /^ {2}(-\S.*?) {2,}(\S.*)$/;
/** A description continued on the next line, indented deeper than the options. */
const CONTINUED = /^ {6,}(\S.*)$/;

export function alignHelp(text: string): string {
  const lines = text.split('\n');
  const specs = lines.flatMap((line) => {
    const m = OPTION_LINE.exec(line);
    return m?.[1] === undefined ? [] : [m[1].length];
  });
  if (specs.length === 0) return text;
  const width = Math.max(...specs);
  const column = ' '.repeat(2 + width + 2);
  let inOption = false;
  return lines
    .map((line) => {
      const m = OPTION_LINE.exec(line);
      if (m?.[1] !== undefined && m[2] !== undefined) {
        inOption = true;
        return `  ${m[1].padEnd(width)}  ${m[2]}`;
      }
      const more = inOption ? CONTINUED.exec(line) : null;
      if (more?.[1] !== undefined) return `${column}${more[1]}`;
      // An option too long to share its line: its description follows on the next one.
      inOption = /^ {2}-\S/.test(line);
      return line;
    })
    .join('\n');
}
