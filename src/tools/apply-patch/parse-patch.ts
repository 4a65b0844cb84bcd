// The apply_patch language, parsed into hunks (the grammar Codex's freeform tool declares):
//
//   *** Begin Patch
//   *** Add File: <path>        then `+` lines: the new file's content
//   *** Delete File: <path>
//   *** Update File: <path>     optionally `*** Move to: <path>`, then chunks:
//     @@ [context header]       optional on the first chunk
//     ' ' context, '-' removed, '+' added lines; `*** End of File` pins the chunk to the file's end
//   *** End Patch
//
// Leniencies Codex accepts too: whitespace around the whole patch and around the marker lines, a
// heredoc wrapper (`<<'EOF'` … `EOF`) around the patch, blank lines between chunks, and a blank line
// inside a chunk read as an empty context line. Pure: no I/O.

export type PatchProblem =
  | { kind: 'missing_begin' }
  | { kind: 'missing_end' }
  | { kind: 'bad_hunk_header'; line: number; text: string }
  | { kind: 'empty_update'; line: number; path: string }
  | { kind: 'empty_chunk'; line: number }
  | { kind: 'missing_chunk_marker'; line: number; text: string }
  | { kind: 'bad_chunk_line'; line: number; text: string };

/** A patch that does not follow the grammar; `problem` says where and why. */
export class PatchParseError extends Error {
  constructor(readonly problem: PatchProblem) {
    super(`invalid patch: ${problem.kind}${'line' in problem ? ` at line ${problem.line}` : ''}`);
    this.name = 'PatchParseError';
  }
}

export interface UpdateChunk {
  /** The `@@ <context>` header: a line to find before the chunk's own lines. */
  readonly context: string | undefined;
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
  /** `*** End of File`: the chunk's lines end the file. */
  readonly endOfFile: boolean;
}

export type Hunk =
  | { readonly type: 'add'; readonly path: string; readonly contents: string }
  | { readonly type: 'delete'; readonly path: string }
  | { readonly type: 'update'; readonly path: string; readonly movePath: string | undefined; readonly chunks: readonly UpdateChunk[] };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARK = '*** End of File';
const HEREDOC_OPENERS = new Set(['<<EOF', "<<'EOF'", '<<"EOF"']);

/** Parses a whole patch; throws PatchParseError on the first problem. */
export function parsePatch(text: string): Hunk[] {
  const lines = text.trim().split('\n').map((l) => l.replace(/\r$/, ''));
  const body = patchBody(lines) ?? patchBody(unwrapHeredoc(lines));
  if (body === undefined) throw new PatchParseError(boundaryProblem(lines));
  const hunks: Hunk[] = [];
  let at = 0;
  while (at < body.length) {
    const { hunk, used } = parseHunk(body, at);
    hunks.push(hunk);
    at += used;
  }
  return hunks;
}

/** The lines between the markers, or undefined when the markers are not first and last. */
function patchBody(lines: readonly string[]): string[] | undefined {
  if (lines.length < 2) return undefined;
  if (lines[0]?.trim() !== BEGIN || lines[lines.length - 1]?.trim() !== END) return undefined;
  return lines.slice(1, -1);
}

function unwrapHeredoc(lines: readonly string[]): string[] {
  const first = lines[0]?.trim() ?? '';
  const last = lines[lines.length - 1]?.trim() ?? '';
  if (lines.length >= 4 && HEREDOC_OPENERS.has(first) && last.endsWith('EOF')) return lines.slice(1, -1);
  return [];
}

function boundaryProblem(lines: readonly string[]): PatchProblem {
  return lines[0]?.trim() !== BEGIN ? { kind: 'missing_begin' } : { kind: 'missing_end' };
}

/** One hunk starting at `body[at]`; `used` counts its lines. Line numbers are 1-based in the patch. */
function parseHunk(body: readonly string[], at: number): { hunk: Hunk; used: number } {
  const lineNo = at + 2;
  const header = (body[at] ?? '').trim();
  if (header.startsWith(ADD)) {
    const path = header.slice(ADD.length);
    let contents = '';
    let used = 1;
    for (let i = at + 1; i < body.length; i++) {
      const line = body[i] as string;
      if (!line.startsWith('+')) break;
      contents += `${line.slice(1)}\n`;
      used++;
    }
    return { hunk: { type: 'add', path, contents }, used };
  }
  if (header.startsWith(DELETE)) return { hunk: { type: 'delete', path: header.slice(DELETE.length) }, used: 1 };
  if (!header.startsWith(UPDATE)) throw new PatchParseError({ kind: 'bad_hunk_header', line: lineNo, text: header });

  const path = header.slice(UPDATE.length);
  let i = at + 1;
  let movePath: string | undefined;
  const moveLine = body[i];
  if (moveLine?.startsWith(MOVE)) {
    movePath = moveLine.slice(MOVE.length);
    i++;
  }
  const chunks: UpdateChunk[] = [];
  while (i < body.length) {
    const line = body[i] as string;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.startsWith('***')) break;
    const { chunk, used } = parseChunk(body, i, chunks.length === 0);
    chunks.push(chunk);
    i += used;
  }
  if (chunks.length === 0) throw new PatchParseError({ kind: 'empty_update', line: lineNo, path });
  return { hunk: { type: 'update', path, movePath, chunks }, used: i - at };
}

function parseChunk(body: readonly string[], at: number, firstChunk: boolean): { chunk: UpdateChunk; used: number } {
  const head = body[at] as string;
  let context: string | undefined;
  let start = at;
  if (head === '@@') start++;
  else if (head.startsWith('@@ ')) {
    context = head.slice(3);
    start++;
  } else if (!firstChunk) {
    throw new PatchParseError({ kind: 'missing_chunk_marker', line: at + 2, text: head });
  }
  if (start >= body.length) throw new PatchParseError({ kind: 'empty_chunk', line: at + 2 });

  const oldLines: string[] = [];
  const newLines: string[] = [];
  let endOfFile = false;
  let taken = 0;
  for (let i = start; i < body.length; i++) {
    const line = body[i] as string;
    if (line === EOF_MARK) {
      if (taken === 0) throw new PatchParseError({ kind: 'empty_chunk', line: i + 2 });
      endOfFile = true;
      taken++;
      break;
    }
    const mark = line[0];
    if (mark === undefined) {
      oldLines.push('');
      newLines.push('');
    } else if (mark === ' ') {
      oldLines.push(line.slice(1));
      newLines.push(line.slice(1));
    } else if (mark === '-') oldLines.push(line.slice(1));
    else if (mark === '+') newLines.push(line.slice(1));
    else {
      // The first line that is not part of a chunk ends it (the next chunk or hunk begins).
      if (taken === 0) throw new PatchParseError({ kind: 'bad_chunk_line', line: i + 2, text: line });
      break;
    }
    taken++;
  }
  return { chunk: { context, oldLines, newLines, endOfFile }, used: start - at + taken };
}
