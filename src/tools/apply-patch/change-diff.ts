// Diffs for UIs: one change's diff as the app-server's `fileChange` item carries it (an added or
// deleted file's content, an update's unified hunks), and a turn's aggregated git-style diff, from
// the first state each file had in the turn to its latest (`turn/diff/updated`).
import { createTwoFilesPatch, structuredPatch } from 'diff';
import type { FileChangeSummary } from './run-patch.js';

/** `@@` hunks only, one context line, as Codex puts them in a fileChange item. */
export function changeDiff(change: FileChangeSummary): string {
  if (change.kind === 'add') return change.after ?? '';
  if (change.kind === 'delete') return change.before ?? '';
  const patch = structuredPatch('', '', change.before ?? '', change.after ?? '', undefined, undefined, { context: 1 });
  return patch.hunks
    .map((h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.map((l) => `${l}\n`).join('')}`)
    .join('');
}

const label = (p: string): string => p.replace(/^\/+/, '');

/** The files changed in one turn: their state before the turn's first change and now. */
export class TurnDiff {
  readonly #files = new Map<string, { before: string | null; after: string | null }>();

  record(changes: readonly FileChangeSummary[]): void {
    for (const c of changes) {
      const target = c.movePath ?? c.path;
      this.#touch(c.path, c.before, c.movePath !== undefined && c.movePath !== c.path ? null : c.after);
      if (target !== c.path) this.#touch(target, null, c.after);
    }
  }

  #touch(file: string, before: string | null, after: string | null): void {
    const known = this.#files.get(file);
    this.#files.set(file, { before: known ? known.before : before, after });
  }

  /** The unified diff of every file whose content differs from its first state, by path. */
  render(): string {
    return [...this.#files]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .filter(([, f]) => f.before !== f.after)
      .map(([file, f]) => {
        const name = label(file);
        const body = createTwoFilesPatch(f.before === null ? '/dev/null' : `a/${name}`, f.after === null ? '/dev/null' : `b/${name}`, f.before ?? '', f.after ?? '');
        // jsdiff starts with an `Index:`-less `===` header line; git starts with `diff --git`.
        return `diff --git a/${name} b/${name}\n${body.replace(/^=+\n/, '')}`;
      })
      .join('');
  }
}
