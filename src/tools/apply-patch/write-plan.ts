// Writing a planned patch all or nothing: each new text goes to a temporary file beside its target
// and is renamed over it, removals come last, and when any step fails every file already changed is
// put back (its old bytes rewritten, a created file or directory removed) before the error is
// reported. Only this module writes.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, isErrno } from '../../errors.js';
import type { PatchPlan } from './plan-patch.js';

/** A write that failed part-way; the files were restored. */
export class PatchWriteError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`could not write ${path}: ${detail}`);
    this.name = 'PatchWriteError';
  }
}

async function bytesIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isErrno(err, 'ENOENT', 'ENOTDIR')) return undefined;
    throw err;
  }
}

/** Creates the missing ancestors of `dir`; returns those it created, deepest first. */
async function makeParents(dir: string): Promise<string[]> {
  const missing: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      await stat(d);
      break;
    } catch {
      missing.push(d);
      if (path.dirname(d) === d) break;
    }
  }
  await mkdir(dir, { recursive: true });
  return missing;
}

export async function writePlan(plan: PatchPlan): Promise<void> {
  const undo: Array<() => Promise<void>> = [];
  let failing = '';
  try {
    const entries = [...plan.finalState];
    // Writes first, removals last: a move never loses its source before its target exists.
    for (const [file, text] of entries.filter(([, t]) => t !== null)) {
      failing = file;
      const before = await bytesIfPresent(file);
      const created = await makeParents(path.dirname(file));
      undo.push(async () => {
        for (const dir of created) await rmdir(dir).catch(() => undefined);
      });
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.weft-${randomBytes(4).toString('hex')}`);
      await writeFile(temp, text as string);
      try {
        await rename(temp, file);
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        throw err;
      }
      undo.push(() => (before === undefined ? rm(file, { force: true }) : writeFile(file, before)));
    }
    for (const [file] of entries.filter(([, t]) => t === null)) {
      failing = file;
      const before = await readFile(file);
      await unlink(file);
      undo.push(() => writeFile(file, before));
    }
  } catch (err) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw new PatchWriteError(failing, errorMessage(err));
  }
}
