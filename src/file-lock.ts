// An exclusive flock(2) on an empty file in the home, as Codex takes its cross-process locks (around
// auth.json, src/auth/; around MCP OAuth credentials, src/mcp/oauth/credential-locks.ts). The files
// stay in place (removing one while another process waits on it would let a third take a new file).
// A contender retries every 50 ms for up to 60 s, then gives up naming the file.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { IoError, errorMessage, isErrno } from './errors.js';
import { flockSync } from './flock.js';
import { nodeTimersPromises } from './node-builtins.js';

const RETRY_MS = 50;
const LOCK_TIMEOUT_MS = 60_000;

/** Takes the exclusive lock on `file`, waiting for its holder up to `timeoutMs`; resolves with the release. */
export async function acquireFileLock(file: string, timeoutMs = LOCK_TIMEOUT_MS): Promise<() => void> {
  let fd: number;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fd = openSync(file, 'a', 0o600);
  } catch (err) {
    throw new IoError(`cannot open the lock ${file}: ${errorMessage(err)}`, file, { cause: err });
  }
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      flockSync(fd, 'exnb');
      break;
    } catch (err) {
      if (!isErrno(err, 'EAGAIN', 'EWOULDBLOCK') || performance.now() >= deadline) {
        closeSync(fd);
        const why = isErrno(err, 'EAGAIN', 'EWOULDBLOCK') ? `another process held it for ${Math.round(timeoutMs / 1000)} s` : errorMessage(err);
        throw new IoError(`cannot lock ${file}: ${why}`, file, { cause: err });
      }
      await nodeTimersPromises().setTimeout(RETRY_MS);
    }
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    closeSync(fd); // Closing the only descriptor drops the flock.
  };
}
