// Archiving moves a thread's rollout out of `sessions/YYYY/MM/DD/` into the flat
// `archived_sessions/` directory (where listings and `resume --last` no longer see it); unarchiving
// moves it back under the day of its creation, read from the file name.
import { mkdir, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { RolloutError, errorMessage } from '../../errors.js';
import { pathExists } from '../../path-probes.js';
import { archivedSessionsDir, parseRolloutFileName, sessionsDir } from './paths.js';
import { assertNotLocked } from './lock.js';
import { PRIVATE_DIRS } from './file-modes.js';
import { removeIndex } from '../cache/resume-index.js';
import { assertNoCodexWriter, recordArchiveInIndex } from '../state-db/archive-in-index.js';

async function move(home: string, from: string, to: string): Promise<string> {
  if (await pathExists(to)) throw new RolloutError(`cannot move ${from}: ${to} already exists`, to);
  // A process writing the thread would go on writing the moved file, its lock left behind.
  await assertNotLocked(from);
  assertNoCodexWriter(home, from);
  try {
    await mkdir(join(to, '..'), PRIVATE_DIRS);
    await rename(from, to);
  } catch (err) {
    throw new RolloutError(`cannot move ${from} to ${to}: ${errorMessage(err)}`, from, { cause: err });
  }
  // Its resume index stays behind: only a cache, rebuilt where the rollout now is when it is resumed.
  await removeIndex(from);
  return to;
}

export function isArchivedPath(home: string, rolloutPath: string): boolean {
  return join(rolloutPath, '..') === archivedSessionsDir(home);
}

/** Moves a rollout into `archived_sessions/`; returns its new path. */
export async function archiveRollout(home: string, rolloutPath: string): Promise<string> {
  if (isArchivedPath(home, rolloutPath)) throw new RolloutError(`${rolloutPath} is already archived`, rolloutPath);
  const to = await move(home, rolloutPath, join(archivedSessionsDir(home), basename(rolloutPath)));
  // Whatever the profile: Codex's index must never name a file that moved.
  recordArchiveInIndex(home, to, Date.now());
  return to;
}

/** Moves an archived rollout back under `sessions/`; returns its new path. */
export async function unarchiveRollout(home: string, rolloutPath: string): Promise<string> {
  if (!isArchivedPath(home, rolloutPath)) throw new RolloutError(`${rolloutPath} is not archived`, rolloutPath);
  const name = basename(rolloutPath);
  const parsed = parseRolloutFileName(name);
  if (!parsed) throw new RolloutError(`${rolloutPath}: not a rollout file name; cannot tell which day it belongs to`, rolloutPath);
  const [y, m, d] = parsed.fileTs.slice(0, 10).split('-') as [string, string, string];
  const to = await move(home, rolloutPath, join(sessionsDir(home), y, m, d, name));
  recordArchiveInIndex(home, to, null);
  return to;
}
