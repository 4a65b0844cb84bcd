// The locks Codex 0.169 takes around MCP OAuth credentials, taken the same way so that weft and
// Codex sharing a home never refresh one token at once (a rotating refresh token used twice is
// lost) and never interleave their rewrites of `.credentials.json`. Both are exclusive flock(2)s
// on empty files under `<home>/mcp-oauth-locks/`, which stay in place (removing one while another
// process waits on it would let a third take a different file):
// - `file-store.lock` is held for one read-modify-write of the credentials file;
// - `<sha256 of the entry key, hex>.lock` is held for one server's whole refresh: reread the stored
//   tokens, ask the authorization server, store the answer.
// A contender retries every 50 ms for up to 60 s, then gives up with an error naming the file.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { acquireFileLock } from '../../file-lock.js';

export { acquireFileLock };

export const OAUTH_LOCKS_DIR = 'mcp-oauth-locks';
export const LOCK_TIMEOUT_MS = 60_000;

export const storeLockPath = (home: string): string => path.join(home, OAUTH_LOCKS_DIR, 'file-store.lock');

/** The refresh lock of one credentials entry (`credentialsKey(server, url)`). */
export const refreshLockPath = (home: string, entryKey: string): string =>
  path.join(home, OAUTH_LOCKS_DIR, `${createHash('sha256').update(entryKey).digest('hex')}.lock`);

/** Runs `fn` holding the lock on `file`. */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const release = await acquireFileLock(file);
  try {
    return await fn();
  } finally {
    release();
  }
}
