// Archiving and unarchiving in a home Codex 0.169 shares: the move is refused while Codex writes the
// thread (its writer lock is held), and the thread's row in Codex's index follows the file (archived
// flag, time and new path), whatever weft's profile, so the index never points at a moved file.
import { basename } from 'node:path';
import { parseRolloutFileName } from '../store/paths.js';
import { ThreadIndex } from './thread-index.js';
import { assertThreadWriterFree } from './thread-writer-lock.js';

const threadIdOf = (rolloutPath: string): string | undefined => parseRolloutFileName(basename(rolloutPath))?.id;

/** @throws ThreadWriterBusyError when Codex (or another weft) writes the thread now. */
export function assertNoCodexWriter(home: string, rolloutPath: string): void {
  const id = threadIdOf(rolloutPath);
  if (id) assertThreadWriterFree(home, id);
}

/** Records the move of a rollout to `movedTo`: archived at `archivedAtMs`, or unarchived (null). */
export function recordArchiveInIndex(home: string, movedTo: string, archivedAtMs: number | null, onWarning?: (m: string) => void): void {
  const id = threadIdOf(movedTo);
  if (!id) return;
  const index = ThreadIndex.open(home, onWarning);
  if (!index) return;
  try {
    index.setArchived(id, movedTo, archivedAtMs);
  } finally {
    index.close();
  }
}
