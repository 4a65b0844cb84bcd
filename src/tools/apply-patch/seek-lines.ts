// Where a chunk's lines sit in a file, found the way Codex finds them: an exact match first, then
// ignoring trailing whitespace, then ignoring whitespace on both ends, then also reading typographic
// dashes, quotes and spaces as their ASCII forms. A chunk marked end-of-file is looked for at the
// file's end first. Pure.

type Compare = (a: string, b: string) => boolean;

const PUNCTUATION: Readonly<Record<string, string>> = (() => {
  const map: Record<string, string> = {};
  for (const c of '\u2010\u2011\u2012\u2013\u2014\u2015\u2212') map[c] = '-';
  for (const c of '\u2018\u2019\u201A\u201B') map[c] = "'";
  for (const c of '\u201C\u201D\u201E\u201F') map[c] = '"';
  for (const c of '\u00A0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000') map[c] = ' ';
  return map;
})();

const asciiPunctuation = (s: string): string => [...s.trim()].map((c) => PUNCTUATION[c] ?? c).join('');

// Rust's trim works on Unicode whitespace, as JS's does.
const PASSES: readonly Compare[] = [
  (a, b) => a === b,
  (a, b) => a.trimEnd() === b.trimEnd(),
  (a, b) => a.trim() === b.trim(),
  (a, b) => asciiPunctuation(a) === asciiPunctuation(b),
];

/** Index of the first match of `pattern` in `lines` at or after `start`, or undefined. */
export function seekLines(lines: readonly string[], pattern: readonly string[], start: number, endOfFile: boolean): number | undefined {
  if (pattern.length === 0) return start;
  if (pattern.length > lines.length) return undefined;
  const last = lines.length - pattern.length;
  const from = endOfFile ? last : start;
  for (const same of PASSES) {
    for (let i = from; i <= last; i++) {
      if (pattern.every((p, k) => same(lines[i + k] as string, p))) return i;
    }
  }
  return undefined;
}
