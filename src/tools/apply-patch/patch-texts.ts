// What the model reads back from apply_patch. The frame, the success list and the two errors Codex's
// recordings show come from the pack (every layout has them); the other refusals (a malformed patch,
// a file that is not text, a write outside the writable roots…) are weft's own optional files, which
// a pack without them (Codex's) borrows from weft's pack. The verification frame wraps every error.
import type { Pack } from '../../pack/load-pack.js';
import type { PackFileSpec } from '../../pack/pack-layout.js';
import type { PatchProblem } from './parse-patch.js';
import type { FileChange, VerifyProblem } from './plan-patch.js';

/** The apply_patch outcome files every profile's pack holds. */
export const APPLY_PATCH_FILES: readonly PackFileSpec[] = [
  { path: 'tool_output/apply_patch.md', placeholders: ['exit_code', 'wall_time_seconds', 'output'] },
  { path: 'tool_output/apply_patch_success.md', placeholders: ['changes'] },
  { path: 'tool_output/apply_patch_change.md', placeholders: ['kind', 'path'] },
  { path: 'tool_output/apply_patch_verification_failed.md', placeholders: ['error'] },
  { path: 'tool_output/apply_patch_context_not_found.md', placeholders: ['path', 'lines'] },
];

const DIR = 'tool_output/errors';
const ERRORS = {
  missing_begin: { path: `${DIR}/apply_patch_missing_begin.txt`, placeholders: [] },
  missing_end: { path: `${DIR}/apply_patch_missing_end.txt`, placeholders: [] },
  bad_hunk_header: { path: `${DIR}/apply_patch_bad_hunk_header.txt`, placeholders: ['line', 'text'] },
  empty_update: { path: `${DIR}/apply_patch_empty_update.txt`, placeholders: ['line', 'path'] },
  empty_chunk: { path: `${DIR}/apply_patch_empty_chunk.txt`, placeholders: ['line'] },
  missing_chunk_marker: { path: `${DIR}/apply_patch_missing_chunk_marker.txt`, placeholders: ['line', 'text'] },
  bad_chunk_line: { path: `${DIR}/apply_patch_bad_chunk_line.txt`, placeholders: ['line', 'text'] },
  no_changes: { path: `${DIR}/apply_patch_no_changes.txt`, placeholders: [] },
  read_failed: { path: `${DIR}/apply_patch_read_failed.txt`, placeholders: ['path', 'detail'] },
  not_text: { path: `${DIR}/apply_patch_not_text.txt`, placeholders: ['path'] },
  header_not_found: { path: `${DIR}/apply_patch_header_not_found.txt`, placeholders: ['path', 'context'] },
  write_failed: { path: `${DIR}/apply_patch_write_failed.txt`, placeholders: ['path', 'detail'] },
  outside_roots: { path: `${DIR}/apply_patch_outside_roots.txt`, placeholders: ['paths', 'sandbox_mode'] },
  needs_approval: { path: `${DIR}/apply_patch_needs_approval.txt`, placeholders: ['paths', 'approval_policy'] },
  declined: { path: `${DIR}/apply_patch_declined.txt`, placeholders: ['paths'] },
} as const satisfies Record<string, PackFileSpec>;

/** weft's own apply_patch refusals: optional in every layout. */
export const APPLY_PATCH_ERROR_FILES: readonly PackFileSpec[] = Object.values(ERRORS).map((spec) => ({ ...spec, optional: true }));

export function hasPatchErrorTexts(pack: Pack): boolean {
  return Object.values(ERRORS).every((spec) => pack.has(spec.path));
}

export type RefusalProblem =
  | { kind: 'write_failed'; path: string; detail: string }
  | { kind: 'outside_roots'; paths: readonly string[]; sandboxMode: string }
  | { kind: 'needs_approval'; paths: readonly string[]; approvalPolicy: string }
  | { kind: 'declined'; paths: readonly string[] };

export type ApplyPatchProblem = PatchProblem | VerifyProblem | RefusalProblem;

export interface PatchTexts {
  /** The frame of an applied patch. */
  applied(changes: readonly FileChange[], wallTimeSeconds: string): string;
  /** The list of changed files inside that frame (what the patch printed). */
  summary(changes: readonly FileChange[]): string;
  /** The verification-failed text for any problem. */
  failed(problem: ApplyPatchProblem): string;
}

/** `A`/`M`/`D` lines as Codex lists them: added files, then modified (a move names its target), then deleted. */
function changeLines(pack: Pack, changes: readonly FileChange[]): string {
  const line = (kind: string, p: string): string => pack.render('tool_output/apply_patch_change.md', { kind, path: p });
  const of = (kind: FileChange['kind']) => changes.filter((c) => c.kind === kind);
  return [
    ...of('add').map((c) => line('A', c.shownPath)),
    ...of('update').map((c) => line('M', c.kind === 'update' && c.shownMovePath !== undefined ? c.shownMovePath : c.shownPath)),
    ...of('delete').map((c) => line('D', c.shownPath)),
  ].join('');
}

function successSummary(pack: Pack, changes: readonly FileChange[]): string {
  return pack.render('tool_output/apply_patch_success.md', { changes: changeLines(pack, changes) });
}

function errorText(pack: Pack, fallback: Pack | undefined, problem: ApplyPatchProblem): string {
  if (problem.kind === 'lines_not_found') {
    return pack.render('tool_output/apply_patch_context_not_found.md', { path: problem.path, lines: problem.lines.join('\n') });
  }
  const spec = ERRORS[problem.kind];
  const source = pack.has(spec.path) || !fallback ? pack : fallback;
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(problem)) {
    if (key === 'kind') continue;
    vars[key === 'sandboxMode' ? 'sandbox_mode' : key === 'approvalPolicy' ? 'approval_policy' : key] = Array.isArray(value)
      ? value.join(', ')
      : String(value);
  }
  return source.render(spec.path, vars);
}

export function patchTextsFrom(pack: Pack, fallback?: Pack): PatchTexts {
  return {
    applied: (changes, wallTimeSeconds) =>
      pack.render('tool_output/apply_patch.md', { exit_code: '0', wall_time_seconds: wallTimeSeconds, output: successSummary(pack, changes) }),
    summary: (changes) => successSummary(pack, changes),
    failed: (problem) => pack.render('tool_output/apply_patch_verification_failed.md', { error: errorText(pack, fallback, problem) }),
  };
}

/** Wall time as Codex prints it for a patch: seconds rounded to a tenth, without trailing zeros. */
export function patchWallTime(durationMs: number): string {
  return String(Math.round(Math.max(0, durationMs) / 100) / 10);
}
