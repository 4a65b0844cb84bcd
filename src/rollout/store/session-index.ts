// Codex's thread-name index: `session_index.jsonl` in the home, one JSON line per naming
// (`{"id", "thread_name", "updated_at"}`, RFC 3339 UTC), appended, the last line for an id wins.
// Clients list names from it without opening every rollout, and Codex reads weft's names from it.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from './file-modes.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const SESSION_INDEX_FILE = 'session_index.jsonl';

const IndexLine = lazySchema(() => z.object({ id: z.string(), thread_name: z.string(), updated_at: z.string().optional() }));

export async function appendThreadNameToIndex(home: string, threadId: string, name: string, now = new Date()): Promise<void> {
  await mkdir(home, PRIVATE_DIRS);
  const line = JSON.stringify({ id: threadId, thread_name: name, updated_at: now.toISOString() });
  await appendFile(path.join(home, SESSION_INDEX_FILE), `${line}\n`, { mode: PRIVATE_FILE_MODE });
}

/** Thread id → its latest name. A missing index is empty; a line that is not an entry is skipped. */
export async function threadNamesFromIndex(home: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(path.join(home, SESSION_INDEX_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err;
  }
  const names = new Map<string, string>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    const entry = IndexLine.safeParse(parsed);
    if (entry.success) names.set(entry.data.id, entry.data.thread_name);
  }
  return names;
}
