// Moving a home's threads into another store (`weft thread migrate`): every rollout under the home's
// sessions/ and archived_sessions/ is imported under the same rollout path (so an archived thread stays
// archived), with its file's mtime as its update time.
// Idempotent and resumable as imports are (thread-store.ts): a re-run skips the threads already
// there and completes one cut short.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../errors.js';
import { ARCHIVED_SESSIONS_SUBDIR, dayDirsNewestFirst, rolloutFilesIn } from './store/paths.js';
import type { ImportOutcome, ThreadStore } from './thread-store.js';
import { ThreadStoreUnavailableError } from './postgres/connection.js';

export interface MovedThread {
  readonly file: string;
  readonly outcome: ImportOutcome | 'failed';
  readonly error?: string;
}

export interface MoveSummary {
  readonly imported: number;
  readonly completed: number;
  readonly present: number;
  readonly failed: number;
}

export async function moveHomeThreads(home: string, target: ThreadStore, onThread: (moved: MovedThread) => void = () => undefined): Promise<MoveSummary> {
  const counts = { imported: 0, completed: 0, present: 0, failed: 0 };
  const dirs: string[] = [];
  for await (const { dir } of dayDirsNewestFirst(home)) dirs.push(dir);
  dirs.push(path.join(home, ARCHIVED_SESSIONS_SUBDIR));
  for (const dir of dirs) {
    for (const entry of await rolloutFilesIn(dir)) {
      const into = path.join(target.home, path.relative(home, entry.path));
      try {
        const [bytes, st] = await Promise.all([readFile(entry.path), stat(entry.path)]);
        // new Date(mtimeMs), as the files listing reads it (Node's st.mtime rounds the milliseconds).
        const outcome = await target.importRollout(into, bytes, { updatedAt: new Date(st.mtimeMs) });
        counts[outcome] += 1;
        onThread({ file: entry.path, outcome });
      } catch (err) {
        // The target itself cannot be used: every other thread would fail the same way.
        if (err instanceof ThreadStoreUnavailableError) throw err;
        counts.failed += 1;
        onThread({ file: entry.path, outcome: 'failed', error: errorMessage(err) });
      }
    }
  }
  return counts;
}
