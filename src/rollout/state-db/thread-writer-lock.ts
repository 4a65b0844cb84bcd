// Codex 0.169's thread writer lock: while a process writes a thread it holds an exclusive flock(2)
// on `<home>/thread-writer-locks/<thread id>.lock` (an empty file). The kernel drops the lock when
// the process dies, so a lock file left behind by a killed process is free, and a live holder is
// told apart from a stale file without reading anything. weft takes the same lock for the threads
// it writes under the codex-0.169 profile, so weft and Codex never append to one thread at once.
import { closeSync, mkdirSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { RolloutError, errorMessage, isErrno } from '../../errors.js';
import { flockSync } from '../../flock.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../store/file-modes.js';

export const WRITER_LOCKS_DIR = 'thread-writer-locks';

export const writerLockPath = (home: string, threadId: string): string => join(home, WRITER_LOCKS_DIR, `${threadId}.lock`);

/** Another process (Codex, or another weft) writes this thread now. */
export class ThreadWriterBusyError extends RolloutError {
  constructor(
    readonly threadId: string,
    readonly lockPath: string,
  ) {
    super(`thread ${threadId} is open for writing in another process (it holds ${lockPath}); close it there first`);
  }
}

export interface ThreadWriterLock {
  readonly path: string;
  /** Unlocks and removes the file, as Codex does on a clean exit. Idempotent. */
  release(): void;
}

/**
 * Takes the writer lock of `threadId` in `home` without waiting.
 * @throws ThreadWriterBusyError when a live process holds it.
 */
export function takeThreadWriterLock(home: string, threadId: string): ThreadWriterLock {
  const path = writerLockPath(home, threadId);
  let fd: number;
  try {
    mkdirSync(join(home, WRITER_LOCKS_DIR), PRIVATE_DIRS);
    fd = openSync(path, 'a', PRIVATE_FILE_MODE);
  } catch (err) {
    throw new RolloutError(`cannot open the thread writer lock ${path}: ${errorMessage(err)}`, undefined, { cause: err });
  }
  try {
    flockSync(fd, 'exnb');
  } catch (err) {
    closeSync(fd);
    if (isErrno(err, 'EAGAIN', 'EWOULDBLOCK')) throw new ThreadWriterBusyError(threadId, path);
    throw new RolloutError(`cannot lock ${path}: ${errorMessage(err)}`, undefined, { cause: err });
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    heldLocks.delete(release);
    // Removed while still locked, so no other process can lock the old file and then lose it.
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
    closeSync(fd);
  };
  heldLocks.add(release);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // One hook for every lock this process holds: an app-server with hundreds of loaded threads
    // would otherwise add a listener per thread (and Node warns past ten).
    process.once('exit', () => {
      for (const r of [...heldLocks]) r();
    });
  }
  return { path, release };
}

const heldLocks = new Set<() => void>();
let exitHookInstalled = false;

/**
 * Checks that no live process holds the writer lock of `threadId`, without taking it for longer
 * than the check nor creating or removing the file (no lock file: nobody holds it).
 * @throws ThreadWriterBusyError when a live process holds it.
 */
export function assertThreadWriterFree(home: string, threadId: string): void {
  const path = writerLockPath(home, threadId);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return;
    throw new RolloutError(`cannot open the thread writer lock ${path}: ${errorMessage(err)}`, undefined, { cause: err });
  }
  try {
    flockSync(fd, 'exnb');
    flockSync(fd, 'un');
  } catch (err) {
    if (isErrno(err, 'EAGAIN', 'EWOULDBLOCK')) throw new ThreadWriterBusyError(threadId, path);
    throw new RolloutError(`cannot lock ${path}: ${errorMessage(err)}`, undefined, { cause: err });
  } finally {
    closeSync(fd);
  }
}
