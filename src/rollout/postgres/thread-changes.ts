// Changes to a Postgres thread's record rather than its lines: archiving (its key moves to
// `archived_sessions/<name>`, as the files store moves the file, and it leaves the listings) and
// deleting (its row and lines go in one statement).
import path from 'node:path';
import type { Pool } from 'pg';
import { RolloutError } from '../../errors.js';
import { ARCHIVED_SESSIONS_SUBDIR, parseRolloutFileName, SESSIONS_SUBDIR } from '../store/paths.js';

export function isArchivedKey(key: string): boolean {
  return path.posix.dirname(key) === ARCHIVED_SESSIONS_SUBDIR;
}

/** The key a thread moves to when archived (`archive`) or brought back under the day of its creation. */
export function movedKey(key: string, archive: boolean): string {
  const name = path.posix.basename(key);
  if (archive) {
    if (isArchivedKey(key)) throw new RolloutError(`${key} is already archived`, key);
    return `${ARCHIVED_SESSIONS_SUBDIR}/${name}`;
  }
  if (!isArchivedKey(key)) throw new RolloutError(`${key} is not archived`, key);
  const parsed = parseRolloutFileName(name);
  if (!parsed) throw new RolloutError(`${key}: not a rollout name; cannot tell which day it belongs to`, key);
  const [y, m, d] = parsed.fileTs.slice(0, 10).split('-') as [string, string, string];
  return `${SESSIONS_SUBDIR}/${y}/${m}/${d}/${name}`;
}

/** Moves thread `from` to key `to` (its lines follow), archived or not. */
export async function moveThread(pool: Pool, from: string, to: string, archived: boolean): Promise<void> {
  const result = await pool.query('UPDATE weft_threads SET key = $2, archived = $3 WHERE key = $1', [from, to, archived]);
  if (result.rowCount !== 1) throw new RolloutError(`cannot move ${from}: no such thread in the Postgres thread store`, from);
}

export async function deleteThread(pool: Pool, key: string): Promise<void> {
  const result = await pool.query('DELETE FROM weft_threads WHERE key = $1', [key]);
  if (result.rowCount !== 1) throw new RolloutError(`cannot delete ${key}: no such thread in the Postgres thread store`, key);
}
