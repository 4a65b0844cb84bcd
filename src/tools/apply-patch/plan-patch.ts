// A parsed patch turned into the exact changes it makes, before anything is written: every file's new
// content is computed first (hunks on the same file see the earlier hunks' result), so a patch that
// fails anywhere writes nothing. Only reads the file system, or the editor's buffers when a reader
// is given (an editor's fs/read_text_file: unsaved changes are patched, not the file on disk).
import { constants as fsConstants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../errors.js';
import type { Hunk } from './parse-patch.js';
import { updatedText, type UpdateProblem } from './update-text.js';

export type VerifyProblem =
  | { kind: 'no_changes' }
  | { kind: 'read_failed'; path: string; detail: string }
  | { kind: 'not_text'; path: string }
  | ({ path: string } & UpdateProblem);

/** A patch that parsed but cannot be applied to the files as they are. */
export class PatchVerifyError extends Error {
  constructor(readonly problem: VerifyProblem) {
    super(`patch does not apply: ${problem.kind}${'path' in problem ? ` (${problem.path})` : ''}`);
    this.name = 'PatchVerifyError';
  }
}

/** One file a patch touches, in patch order. Paths are absolute; `shown*` are as the patch wrote them. */
export type FileChange =
  | { kind: 'add'; path: string; shownPath: string; content: string; previous: string | undefined }
  | { kind: 'delete'; path: string; shownPath: string; previous: string }
  | {
      kind: 'update';
      path: string;
      shownPath: string;
      previous: string;
      content: string;
      movePath: string | undefined;
      shownMovePath: string | undefined;
    };

export interface PatchPlan {
  readonly changes: readonly FileChange[];
  /** The end state of every path touched: new text, or null for a removed file. In first-touch order. */
  readonly finalState: ReadonlyMap<string, string | null>;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The bytes of a regular file. Anything else is refused before it is read: a device (/dev/zero never
 * ends), a FIFO (opened without blocking, so one with no writer cannot hang the turn), a directory.
 */
async function readRegular(file: string): Promise<Buffer> {
  const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Reads a file's text from somewhere other than the disk (an editor's buffer). */
export type TextReader = (file: string) => Promise<string>;

/** Refuses what is on disk and not a regular file (a device, a FIFO) before anyone is asked to read it. */
async function assertNotSpecial(file: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch {
    return; // nothing on disk: the editor may still have an unsaved buffer for it
  }
  if (!info.isFile()) throw new Error(`${file} is not a regular file`);
}

/** A file's text as `reader` has it; a NUL byte is refused as binary, as on disk. */
async function readThrough(file: string, reader: TextReader): Promise<string> {
  let text: string;
  try {
    await assertNotSpecial(file);
    text = await reader(file);
  } catch (err) {
    throw new PatchVerifyError({ kind: 'read_failed', path: file, detail: errorMessage(err) });
  }
  if (text.includes('\0')) throw new PatchVerifyError({ kind: 'not_text', path: file });
  return text;
}

/** A file's text; binary (a NUL byte) or non-UTF-8 content is refused rather than mangled. */
async function readText(file: string, reader?: TextReader): Promise<string> {
  if (reader) return readThrough(file, reader);
  let bytes: Buffer;
  try {
    bytes = await readRegular(file);
  } catch (err) {
    throw new PatchVerifyError({ kind: 'read_failed', path: file, detail: errorMessage(err) });
  }
  if (bytes.includes(0)) throw new PatchVerifyError({ kind: 'not_text', path: file });
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new PatchVerifyError({ kind: 'not_text', path: file });
  }
}

async function readIfPresent(file: string, reader?: TextReader): Promise<string | undefined> {
  try {
    return await readText(file, reader);
  } catch (err) {
    if (err instanceof PatchVerifyError && err.problem.kind === 'read_failed') return undefined;
    throw err;
  }
}

export async function planPatch(hunks: readonly Hunk[], cwd: string, reader?: TextReader): Promise<PatchPlan> {
  if (hunks.length === 0) throw new PatchVerifyError({ kind: 'no_changes' });
  const state = new Map<string, string | null>();
  // The text a path has at this point of the patch: earlier hunks first, then the disk.
  const current = async (file: string): Promise<string> => {
    const known = state.get(file);
    if (known === null) throw new PatchVerifyError({ kind: 'read_failed', path: file, detail: 'removed earlier in this patch' });
    return known ?? readText(file, reader);
  };
  const changes: FileChange[] = [];
  for (const hunk of hunks) {
    const file = path.resolve(cwd, hunk.path);
    switch (hunk.type) {
      case 'add': {
        const previous = state.has(file) ? (state.get(file) ?? undefined) : await readIfPresent(file, reader);
        changes.push({ kind: 'add', path: file, shownPath: hunk.path, content: hunk.contents, previous });
        state.set(file, hunk.contents);
        break;
      }
      case 'delete': {
        const previous = await current(file);
        changes.push({ kind: 'delete', path: file, shownPath: hunk.path, previous });
        state.set(file, null);
        break;
      }
      case 'update': {
        const previous = await current(file);
        const result = updatedText(previous, hunk.chunks);
        if (!('text' in result)) throw new PatchVerifyError({ ...result, path: file });
        const dest = hunk.movePath !== undefined ? path.resolve(cwd, hunk.movePath) : undefined;
        changes.push({
          kind: 'update',
          path: file,
          shownPath: hunk.path,
          previous,
          content: result.text,
          movePath: dest,
          shownMovePath: hunk.movePath,
        });
        if (dest !== undefined && dest !== file) {
          state.set(file, null);
          state.set(dest, result.text);
        } else state.set(file, result.text);
        break;
      }
    }
  }
  return { changes, finalState: state };
}

/** Every path a plan writes or removes (update sources and move targets included). */
export function touchedPaths(plan: PatchPlan): string[] {
  return [...plan.finalState.keys()];
}
