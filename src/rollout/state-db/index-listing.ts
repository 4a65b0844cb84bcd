// Listing threads through Codex 0.169's thread index instead of reading each rollout's head: one
// indexed query per page, whatever the number of threads. Used under the codex-0.169 profile when
// the index exists; without one, list.ts scans the rollouts as before.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { ListThreadsOptions, ThreadListEntry, ThreadListPage } from '../store/list.js';
import { isThreadId } from '../store/thread-id.js';
import { ThreadIndex, type IndexedThread } from './thread-index.js';

const CURSOR_PREFIX = 'index:';

function decodeCursor(cursor: string): { createdAtMs: number; id: string } {
  const [ms, id, ...rest] = cursor.slice(CURSOR_PREFIX.length).split('|');
  const createdAtMs = Number(ms);
  if (!cursor.startsWith(CURSOR_PREFIX) || rest.length > 0 || !Number.isInteger(createdAtMs) || !isThreadId(id)) {
    throw new UsageError(`invalid thread list cursor ${JSON.stringify(cursor)}: pass back a nextCursor from an earlier page`);
  }
  return { createdAtMs, id };
}

/** Codex stores an object source as JSON, a plain one as its name. */
function sourceOf(text: string): string | Record<string, unknown> {
  if (!text.startsWith('{')) return text;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
}

function entryOf(t: IndexedThread): ThreadListEntry {
  return {
    id: t.id,
    path: t.rolloutPath,
    createdAt: new Date(t.createdAtMs).toISOString(),
    updatedAt: new Date(t.updatedAtMs).toISOString(),
    cwd: t.cwd,
    preview: t.preview,
    modelProvider: t.modelProvider,
    source: sourceOf(t.source),
    cliVersion: t.cliVersion,
  };
}

/** A page of threads from the index of `home`; undefined when there is no usable index. */
export function listThreadsFromIndex(home: string, opts: ListThreadsOptions): ThreadListPage | undefined {
  const index = ThreadIndex.open(home, opts.onWarning);
  if (!index) return undefined;
  try {
    const after = opts.cursor !== undefined ? decodeCursor(opts.cursor) : undefined;
    const rows = index.list({
      limit: opts.limit + 1,
      ...(opts.archived ? { archived: true } : {}),
      ...(opts.cwd !== undefined ? { cwd: resolve(opts.cwd) } : {}),
      ...(opts.search ? { search: opts.search } : {}),
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, opts.limit);
    const last = page.at(-1);
    return {
      threads: page.map(entryOf),
      nextCursor: rows.length > opts.limit && last ? `${CURSOR_PREFIX}${last.createdAtMs}|${last.id}` : null,
    };
  } finally {
    index.close();
  }
}

/**
 * A rollout found through the index of `home`: the thread updated last (`last`, of `cwd` when
 * given) or the thread of an exact id. Undefined when there is no index, no such row, or the row
 * names a file that is gone (the caller then looks among the rollouts).
 */
export function locateThroughIndex(home: string, ref: string, cwd: string | undefined): string | undefined {
  if (ref !== 'last' && !isThreadId(ref)) return undefined;
  const index = ThreadIndex.open(home);
  if (!index) return undefined;
  try {
    const found = ref === 'last' ? index.latest(cwd === undefined ? undefined : resolve(cwd)) : index.pathOf(ref.toLowerCase());
    return found !== undefined && existsSync(found) ? found : undefined;
  } finally {
    index.close();
  }
}
