// One writer per rollout. Two processes appending turns to the same thread would interleave them
// into a history neither meant, so a rollout open for writing has a lock file beside it
// (`<rollout>.jsonl.lock`, naming the holding process). Opening a rollout that a live process holds
// fails with RolloutBusyError; a lock left by a process that is gone (killed, crashed) is taken over.
// Codex takes no lock: a Codex process writing the same thread is not seen.
//
// The lock file is written whole under a temporary name, then hard-linked into place: link() fails
// if the lock exists, and a lock is never seen half written, so a reader never takes a lock being
// written for a stale one.
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { nodeCrypto } from '../../node-builtins.js';
import { RolloutLockFile } from '../../../protocol/rollout-lock.js';
import { RolloutError, errorMessage, isErrno } from '../../errors.js';
import { PRIVATE_FILE_MODE } from './file-modes.js';

export const lockPathOf = (rolloutPath: string): string => `${rolloutPath}.lock`;

/** The process holding a rollout's lock. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** When the lock was taken (ISO 8601). */
  readonly since: string;
}

/** The rollout is open for writing in a live process (this one included). */
export class RolloutBusyError extends RolloutError {
  constructor(
    readonly rolloutPath: string,
    readonly holder: LockHolder,
    readonly lockPath: string,
  ) {
    const who = isThisProcess(holder) ? 'this process' : `process ${holder.pid} on ${holder.host}`;
    super(
      `${rolloutPath} is open for writing in ${who} since ${holder.since}; a thread is written by one process at a time. ` +
        `Close it there first${isThisProcess(holder) ? '' : `, or, if that process is no longer running, delete ${lockPath}`}`,
      rolloutPath,
    );
  }
}

export interface RolloutLock {
  readonly lockPath: string;
  /**
   * Aborts if the lock is lost while held (a Postgres writer lease whose connection died: another
   * process may write the thread now). A writer refuses appends from then on.
   */
  readonly lost?: AbortSignal;
  /** Removes the lock file (if it is still this lock's). Idempotent. */
  release(): Promise<void>;
}

/** Lock files this process holds: removed at exit, even when a thread was never closed. */
const held = new Set<string>();
let exitHookInstalled = false;

/** A process's start time as Linux counts it (clock ticks since boot); null elsewhere. */
function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

type ProcessIdentity = Omit<RolloutLockFile, 'since'>;
let identity: ProcessIdentity | undefined;
function thisProcess(): ProcessIdentity {
  identity ??= { pid: process.pid, host: hostname(), process_start: processStart('self') };
  return identity;
}

function isThisProcess(holder: LockHolder): boolean {
  return holder.pid === process.pid && holder.host === thisProcess().host;
}

/** Whether the process a lock names still runs; one on another host is assumed to. */
function isLive(lock: RolloutLockFile, lockPath: string): boolean {
  const me = thisProcess();
  if (lock.host !== me.host) return true;
  if (lock.pid === process.pid) return held.has(lockPath) && lock.process_start === me.process_start;
  try {
    process.kill(lock.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if (!isErrno(err, 'EPERM')) return false;
  }
  // The pid runs: it is the holder unless it was reused by a process started since.
  const start = lock.process_start === null ? null : processStart(lock.pid);
  return start === null || start === lock.process_start;
}

/** The lock file's holder; undefined when there is no lock file, 'unreadable' when it is not a lock. */
async function readLock(lockPath: string): Promise<RolloutLockFile | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return undefined;
    throw new RolloutError(`cannot read lock ${lockPath}: ${errorMessage(err)}`, lockPath, { cause: err });
  }
  try {
    const parsed = RolloutLockFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Fails with RolloutBusyError when a live process holds the rollout's lock. */
export async function assertNotLocked(rolloutPath: string): Promise<void> {
  const lockPath = lockPathOf(rolloutPath);
  const lock = await readLock(lockPath);
  if (typeof lock === 'object' && isLive(lock, lockPath)) throw new RolloutBusyError(rolloutPath, lock, lockPath);
}

function removeHeldAtExit(): void {
  for (const lockPath of held) {
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  }
}

/** Places `tmp` at `lockPath` unless a lock is there; false when one is. */
async function place(tmp: string, lockPath: string, content: string): Promise<boolean> {
  try {
    await link(tmp, lockPath);
    return true;
  } catch (err) {
    if (isErrno(err, 'EEXIST')) return false;
    if (!isErrno(err, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP')) throw err;
  }
  // A filesystem without hard links: create exclusively and write (a reader may briefly see it empty).
  try {
    await writeFile(lockPath, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return true;
  } catch (err) {
    if (isErrno(err, 'EEXIST')) return false;
    throw err;
  }
}

/**
 * Takes the lock of `rolloutPath` (which need not exist yet) for this process.
 * @throws RolloutBusyError when a live process holds it; RolloutError when it cannot be written.
 */
export async function lockRollout(rolloutPath: string): Promise<RolloutLock> {
  const lockPath = lockPathOf(rolloutPath);
  const content = JSON.stringify({ ...thisProcess(), since: new Date().toISOString() } satisfies RolloutLockFile);
  const tmp = `${lockPath}.${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    // Two rounds: a stale lock found in the first is removed and the lock taken in the second, where
    // a process that got in first is seen as the holder. (Two processes taking over the same stale
    // lock in the same instant can both succeed: a lock file cannot close that window, and it only
    // opens after a crash.)
    for (let round = 0; round < 2; round++) {
      if (await place(tmp, lockPath, content)) {
        held.add(lockPath);
        if (!exitHookInstalled) {
          exitHookInstalled = true;
          process.once('exit', removeHeldAtExit);
        }
        return { lockPath, release: () => releaseLock(lockPath, content) };
      }
      const lock = await readLock(lockPath);
      if (typeof lock === 'object' && isLive(lock, lockPath)) throw new RolloutBusyError(rolloutPath, lock, lockPath);
      // Gone since, left by a process that no longer runs, or not a lock at all: take it over.
      await unlink(lockPath).catch((err: unknown) => {
        if (!isErrno(err, 'ENOENT')) throw err;
      });
    }
    const lock = await readLock(lockPath);
    if (typeof lock === 'object') throw new RolloutBusyError(rolloutPath, lock, lockPath);
    throw new RolloutError(`cannot lock ${rolloutPath}: ${lockPath} keeps coming back`, rolloutPath);
  } catch (err) {
    if (err instanceof RolloutError) throw err;
    throw new RolloutError(`cannot lock ${rolloutPath} for writing (${lockPath}): ${errorMessage(err)}`, rolloutPath, { cause: err });
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

async function releaseLock(lockPath: string, content: string): Promise<void> {
  if (!held.delete(lockPath)) return;
  // Only our own lock: after a takeover by someone else (it was judged stale) the file is theirs.
  const now = await readFile(lockPath, 'utf8').catch(() => undefined);
  if (now === content) await unlink(lockPath).catch(() => undefined);
}
