// A thread kept in Postgres is read through a local copy of its rollout: the reader, the resume index
// and the byte ranges that back resumed items all work on files (format/file.ts). The copy is a cache
// under the home (cache/postgres/<server>/…, never under sessions/, where the files store and Codex
// look): brought up to date from the database before each read by fetching only the lines it lacks,
// each written at its own offset (two processes bringing one copy up to date write the same bytes at
// the same places). A copy that does not match what its sidecar says is rebuilt from the start.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../store/file-modes.js';
import { linesFrom, threadRowState } from './thread-rows.js';
import { RolloutError } from '../../errors.js';

interface CopyState {
  lines: number;
  bytes: number;
}

/** The directory the copies of one database's threads are kept in, under the home. */
export function localCopyRoot(home: string, serverWithoutPassword: string): string {
  const tag = createHash('sha256').update(serverWithoutPassword).digest('hex').slice(0, 16);
  return path.join(home, 'cache', 'postgres', tag);
}

/** Brings the copy of thread `key` up to date and returns its path. */
export async function syncLocalCopy(pool: Pool, root: string, key: string): Promise<string> {
  const row = await threadRowState(pool, key);
  if (!row) throw new RolloutError(`no thread ${key} in the Postgres thread store`, key);
  const file = copyPath(root, key);
  const sidecar = `${file}.copy.json`;
  await mkdir(path.dirname(file), PRIVATE_DIRS);
  const state = await readState(sidecar);
  const size = await stat(file).then((st) => st.size, () => -1);
  if (state === undefined || size < state.bytes || state.lines > row.lineCount) {
    // Rebuilt aside and renamed over: a reader still holding the old copy keeps its bytes.
    const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    const written = await copyLines(pool, key, tmp, { lines: 0, bytes: 0 });
    await rename(tmp, file);
    await writeState(sidecar, written);
  } else if (state.lines < row.lineCount) {
    await writeState(sidecar, await copyLines(pool, key, file, state));
  }
  return file;
}

/** Writes the lines from `from.lines` on at their offsets in `file` (created if missing). */
async function copyLines(pool: Pool, key: string, file: string, from: CopyState): Promise<CopyState> {
  // Not O_APPEND: Linux appends every write of such a file at its end, whatever offset is given.
  const fh = await open(file, 'r+').catch(() => open(file, 'w+', PRIVATE_FILE_MODE));
  let { lines, bytes: position } = from;
  try {
    for await (const batch of linesFrom(pool, key, lines)) {
      const bytes = Buffer.concat(batch);
      await fh.write(bytes, 0, bytes.length, position);
      position += bytes.length;
      lines += batch.length;
    }
  } finally {
    await fh.close();
  }
  return { lines, bytes: position };
}

/**
 * Where the copy of `key` goes: under `root`, whatever the key says. A key is a relative rollout path
 * the store wrote, but it comes back from the database: one naming a place outside the cache (`../…`,
 * an absolute path) is refused rather than followed.
 */
function copyPath(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new RolloutError(`the Postgres thread store holds a thread key that leaves its directory (${JSON.stringify(key)}); refusing to read it`, key);
  return file;
}

export async function removeLocalCopy(root: string, key: string): Promise<void> {
  const file = copyPath(root, key);
  await Promise.all([rm(file, { force: true }), rm(`${file}.copy.json`, { force: true }), rm(`${file}.resume-index`, { force: true })]);
}

async function readState(sidecar: string): Promise<CopyState | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(sidecar, 'utf8'));
    if (typeof value === 'object' && value !== null) {
      const { lines, bytes } = value as Record<string, unknown>;
      if (Number.isSafeInteger(lines) && Number.isSafeInteger(bytes)) return { lines: lines as number, bytes: bytes as number };
    }
  } catch {
    // No copy yet, or an unreadable sidecar: the copy is rebuilt.
  }
  return undefined;
}

async function writeState(sidecar: string, state: CopyState): Promise<void> {
  const tmp = `${sidecar}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(state), { mode: PRIVATE_FILE_MODE });
  await rename(tmp, sidecar);
}
