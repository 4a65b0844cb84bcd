// The plain `exec` block of a patch the model applied, in Codex 0.171's layout: `patch: <status>`,
// the files one per line, then (once written) their git-style diff: `diff --git`, the mode line of an
// added or deleted file, `index <blob>..<blob>` (git's blob ids of the two contents), the `---`/`+++`
// names relative to the working directory, and the hunks with three lines of context.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { structuredPatch } from 'diff';
import type { FileChangeSummary } from '../tools/apply-patch/patch-context.js';

const NO_BLOB = '0'.repeat(40);

function blobId(content: string | null): string {
  if (content === null) return NO_BLOB;
  const bytes = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

function fileDiff(change: FileChangeSummary, cwd: string): string {
  const before = change.kind === 'add' ? null : change.before;
  const after = change.kind === 'delete' ? null : change.after;
  const from = path.relative(cwd, change.path);
  const to = path.relative(cwd, change.movePath ?? change.path);
  const lines = [`diff --git a/${from} b/${to}`];
  if (before === null) lines.push('new file mode 100644', `index ${NO_BLOB}..${blobId(after)}`);
  else if (after === null) lines.push('deleted file mode 100644', `index ${blobId(before)}..${NO_BLOB}`);
  else lines.push(`index ${blobId(before)}..${blobId(after)}`);
  lines.push(before === null ? '--- /dev/null' : `--- a/${from}`, after === null ? '+++ /dev/null' : `+++ b/${to}`);
  const patch = structuredPatch('', '', before ?? '', after ?? '', undefined, undefined, { context: 3 });
  for (const h of patch.hunks) {
    lines.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines);
  }
  return `${lines.join('\n')}\n`;
}

/** A hunk side as git writes it: no count when it is 1, and the line before an empty side. */
function range(start: number, count: number): string {
  if (count === 0) return `${Math.max(0, start - 1)},0`;
  return count === 1 ? String(start) : `${start},${count}`;
}

export function patchEndBlock(changes: readonly FileChangeSummary[], status: 'completed' | 'failed' | 'declined', cwd: string): string {
  const files = changes.map((c) => c.movePath ?? c.path);
  const head = [`patch: ${status}`, ...files].join('\n');
  if (status !== 'completed') return head;
  return `${head}\n${changes.map((c) => fileDiff(c, cwd)).join('')}`;
}
