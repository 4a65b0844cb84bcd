// Codex's offset paging of short lists (permission profiles, providers, features): the cursor is the
// index of the next item as a decimal string; a cursor that is not one is refused in Codex's words.
import { rpcError } from './rpc-errors.js';

export interface ListPage<T> {
  readonly data: T[];
  readonly nextCursor: string | null;
}

export function pageOf<T>(items: readonly T[], cursor: string | null | undefined, limit: number | null | undefined): ListPage<T> {
  let start = 0;
  if (cursor !== null && cursor !== undefined) {
    if (!/^\d+$/.test(cursor)) throw rpcError.invalidRequest(`invalid cursor: ${cursor}`);
    start = Math.min(Number(cursor), items.length);
  }
  const end = limit === null || limit === undefined ? items.length : Math.min(items.length, start + limit);
  return { data: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}
