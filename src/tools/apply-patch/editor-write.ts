// Writing a planned patch through an editor (its fs/write_text_file), so the edit lands in the
// editor's buffer and the editor saves it. The editor writes with its own rights, not inside weft's
// sandbox, so what the kernel holds for the local patch writer (write-plan.ts) is checked here, just
// before each write: every path must still be one the sandbox policy lets the agent write (symlinks
// resolved as they are now), unless the user approved this patch writing outside the roots. A path
// that fails is refused and nothing is sent to the editor. The editor has no way to remove a file,
// so removals (a deleted file, a moved file's old path) are made by the local writer, in the sandbox,
// after the editor's writes; if any step fails, what the editor already wrote is put back.
import { rm } from 'node:fs/promises';
import { errorMessage } from '../../errors.js';
import { canWrite } from '../sandbox/writable-roots.js';
import type { WorkspaceFiles } from '../workspace-ports.js';
import type { PatchPlan } from './plan-patch.js';
import { PatchWriteError, writePlan, type PatchWriteSandbox } from './write-plan.js';

type EditorWriter = NonNullable<WorkspaceFiles['writeTextFile']>;

/** The text each path had before the patch (null: no file), from the plan's first touch of it. */
function textsBefore(plan: PatchPlan): Map<string, string | null> {
  const before = new Map<string, string | null>();
  for (const c of plan.changes) {
    if (!before.has(c.path)) before.set(c.path, c.kind === 'add' ? (c.previous ?? null) : c.previous);
    if (c.kind === 'update' && c.movePath !== undefined && !before.has(c.movePath)) before.set(c.movePath, null);
  }
  return before;
}

/**
 * Writes `plan` through `write` (the editor), all or nothing. Rejects with PatchWriteError when a
 * path is outside the roots (nothing written) or a write fails (what was written put back).
 */
export async function writePlanThroughEditor(plan: PatchPlan, write: EditorWriter, where: PatchWriteSandbox): Promise<void> {
  const { policy, policyCwd, escalated } = where.sandbox;
  const writes = [...plan.finalState].filter((w): w is [string, string] => w[1] !== null);
  const removals = [...plan.finalState].filter(([, text]) => text === null);
  if (escalated !== true) {
    const env = { TMPDIR: where.env['TMPDIR'] };
    for (const [file] of plan.finalState) {
      if (!canWrite(policy, policyCwd, file, env)) throw new PatchWriteError(file, 'outside the writable roots of the sandbox policy; not sent to the editor');
    }
  }
  const before = textsBefore(plan);
  const written: string[] = [];
  try {
    for (const [file, text] of writes) {
      try {
        await write(file, text);
      } catch (err) {
        throw new PatchWriteError(file, errorMessage(err));
      }
      written.push(file);
    }
    if (removals.length > 0) await writePlan({ changes: [], finalState: new Map(removals) }, where);
  } catch (err) {
    for (const file of written.reverse()) {
      const old = before.get(file);
      // A file the patch created is removed again (the editor cannot remove one); one it changed gets its text back.
      await (old === null || old === undefined ? rm(file, { force: true }) : write(file, old)).catch(() => undefined);
    }
    throw err;
  }
}
