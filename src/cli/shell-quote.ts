// A word as a POSIX shell reads it back unchanged: bare when it holds only safe characters, else in
// single quotes (a quote inside becomes '\''). Used for the commands weft suggests running.
const SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/;

export function shellQuote(word: string): string {
  if (SAFE.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
