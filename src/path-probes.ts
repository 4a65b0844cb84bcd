// What stands at a path, asked the way weft's rooms ask it before they act: the path followed through
// symbolic links (a link to a file is a file; a link to nothing is nothing there), and any error of the
// probe (absent, a parent that is not a folder, no permission to look) read as "not there". A caller
// that must tell those errors apart stats the path itself.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

async function statOf(p: string): Promise<Stats | undefined> {
  try {
    return await stat(p);
  } catch {
    return undefined;
  }
}

/** Something is at `p` (a file, a folder or anything else, symbolic links followed). */
export async function pathExists(p: string): Promise<boolean> {
  return (await statOf(p)) !== undefined;
}

/** A regular file is at `p` (symbolic links followed). */
export async function isFile(p: string): Promise<boolean> {
  return (await statOf(p))?.isFile() === true;
}

/** A folder is at `p` (symbolic links followed). */
export async function isDirectory(p: string): Promise<boolean> {
  return (await statOf(p))?.isDirectory() === true;
}
