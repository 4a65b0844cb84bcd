// Deleting a stored thread as Codex 0.169 does: its rollout goes, and so does every trace of it in the
// home's indexes: its lines in the name index (`session_index.jsonl`, rewritten without them) and its
// row in Codex's thread index (`state_5.sqlite`, when the home has one). The resume index beside the
// rollout is a cache and goes with it.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, RolloutError } from '../../errors.js';
import { PRIVATE_FILE_MODE } from './file-modes.js';
import { removeIndex } from '../cache/resume-index.js';
import { SESSION_INDEX_FILE } from './session-index.js';
import { ThreadIndex } from '../state-db/thread-index.js';
import { assertThreadWriterFree } from '../state-db/thread-writer-lock.js';

/** @throws ThreadWriterBusyError while Codex (or another weft) writes the thread. */
export async function deleteStoredThread(home: string, threadId: string, rolloutPath: string, onWarning?: (m: string) => void): Promise<void> {
  assertThreadWriterFree(home, threadId);
  try {
    await rm(rolloutPath);
  } catch (err) {
    throw new RolloutError(`cannot delete ${rolloutPath}: ${errorMessage(err)}`, rolloutPath, { cause: err });
  }
  await removeIndex(rolloutPath);
  await dropFromNameIndex(home, threadId);
  const index = ThreadIndex.open(home, onWarning);
  if (!index) return;
  try {
    index.db.prepare('DELETE FROM threads WHERE id = ?').run(threadId);
  } finally {
    index.close();
  }
}

/** Rewrites the name index without the thread's lines (a line that is not JSON is kept as it is). */
async function dropFromNameIndex(home: string, threadId: string): Promise<void> {
  const file = path.join(home, SESSION_INDEX_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const lines = text.split('\n').filter((line) => line !== '');
  const kept = lines.filter((line) => !isLineOf(line, threadId));
  if (kept.length === lines.length) return;
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, kept.map((l) => `${l}\n`).join(''), { mode: PRIVATE_FILE_MODE });
  await rename(temp, file);
}

function isLineOf(line: string, threadId: string): boolean {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null && (parsed as { id?: unknown }).id === threadId;
  } catch {
    return false;
  }
}
