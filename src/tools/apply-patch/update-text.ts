// A file's new text from an Update hunk's chunks, computed as Codex computes it: each chunk's
// `@@` header and lines are looked for after the previous chunk, a chunk without removed lines is
// appended at the end, and the replacements are applied together. Untouched lines keep their own
// line ending; new lines take the file's first one, and the result always ends with a line break.
// Pure: the caller reads and writes.
import type { UpdateChunk } from './parse-patch.js';
import { seekLines } from './seek-lines.js';

export type UpdateProblem =
  | { kind: 'header_not_found'; context: string }
  | { kind: 'lines_not_found'; lines: readonly string[] };

interface SourceLine {
  text: string;
  ending: '\n' | '\r\n' | '';
}

function splitLines(contents: string): { lines: SourceLine[]; preferred: '\n' | '\r\n' } {
  const lines: SourceLine[] = [];
  let preferred: '\n' | '\r\n' | undefined;
  let start = 0;
  for (let nl = contents.indexOf('\n'); nl !== -1; nl = contents.indexOf('\n', start)) {
    const raw = contents.slice(start, nl);
    const crlf = raw.endsWith('\r');
    const ending = crlf ? '\r\n' : '\n';
    preferred ??= ending;
    lines.push({ text: crlf ? raw.slice(0, -1) : raw, ending });
    start = nl + 1;
  }
  if (start < contents.length) lines.push({ text: contents.slice(start), ending: '' });
  return { lines, preferred: preferred ?? '\n' };
}

type Replacement = { start: number; length: number; lines: readonly string[] };

function replacementsFor(texts: readonly string[], chunks: readonly UpdateChunk[]): Replacement[] | UpdateProblem {
  const out: Replacement[] = [];
  let from = 0;
  for (const chunk of chunks) {
    if (chunk.context !== undefined) {
      const at = seekLines(texts, [chunk.context], from, false);
      if (at === undefined) return { kind: 'header_not_found', context: chunk.context };
      from = at + 1;
    }
    if (chunk.oldLines.length === 0) {
      const end = texts.length > 0 && texts[texts.length - 1] === '' ? texts.length - 1 : texts.length;
      out.push({ start: end, length: 0, lines: chunk.newLines });
      continue;
    }
    let pattern = chunk.oldLines;
    let lines = chunk.newLines;
    let at = seekLines(texts, pattern, from, chunk.endOfFile);
    // A trailing empty line in the chunk stands for the file's final line break: retry without it.
    if (at === undefined && pattern[pattern.length - 1] === '') {
      pattern = pattern.slice(0, -1);
      if (lines[lines.length - 1] === '') lines = lines.slice(0, -1);
      at = seekLines(texts, pattern, from, chunk.endOfFile);
    }
    if (at === undefined) return { kind: 'lines_not_found', lines: chunk.oldLines };
    out.push({ start: at, length: pattern.length, lines });
    from = at + pattern.length;
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The updated text, or the problem that stops the update. */
export function updatedText(contents: string, chunks: readonly UpdateChunk[]): { text: string } | UpdateProblem {
  const { lines, preferred } = splitLines(contents);
  const found = replacementsFor(
    lines.map((l) => l.text),
    chunks,
  );
  if (!Array.isArray(found)) return found;
  const result: SourceLine[] = [];
  let next = 0;
  for (const r of found) {
    // Overlapping replacements (two chunks on the same lines) keep the first one's cut.
    const start = Math.max(r.start, next);
    result.push(...lines.slice(next, start));
    result.push(...r.lines.map((text): SourceLine => ({ text, ending: preferred })));
    next = Math.max(next, r.start + r.length);
  }
  result.push(...lines.slice(next));
  return { text: result.map((l) => l.text + (l.ending === '' ? preferred : l.ending)).join('') };
}
