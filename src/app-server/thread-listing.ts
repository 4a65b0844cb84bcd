// thread/list: stored threads filtered by source and provider, newest first by creation or by last
// update, in pages. The cursor is `<ISO time>|<thread id>` of the last thread of a page (the form
// Codex uses), so it stays valid across server restarts. 0.169 clients (Codex's TUI among them) also
// filter by cwd, title and excluded ids, ask for sections and sort by recency: weft has no sections
// (every thread is unsectioned), and a thread's recency is its last update, as its `recencyAt` says.
import { assertThreadId } from '../rollout/store/thread-id.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { readThreadFacts, type ThreadFacts } from './thread-view.js';
import { rpcError } from './rpc-errors.js';

type ThreadSourceKind = 'cli' | 'vscode' | 'exec' | 'appServer' | 'subAgent' | 'unknown';

/** What a page is chosen by: 0.98's params, and 0.169's filters on top. */
export interface ThreadListQuery {
  readonly cursor?: string | null | undefined;
  readonly limit?: number | null | undefined;
  readonly sortKey?: 'created_at' | 'updated_at' | 'recency_at' | 'section_position' | null | undefined;
  readonly sortDirection?: 'asc' | 'desc' | null | undefined;
  readonly modelProviders?: readonly string[] | null | undefined;
  readonly sourceKinds?: readonly string[] | null | undefined;
  readonly archived?: boolean | null | undefined;
  readonly cwd?: string | readonly string[] | null | undefined;
  readonly searchTerm?: string | null | undefined;
  readonly excludedThreadIds?: readonly string[] | null | undefined;
  /** 0.171: only these threads (null or absent: all; empty: none); exclusions still apply. */
  readonly includedThreadIds?: readonly string[] | null | undefined;
  /** Absent: every section; null: unsectioned threads; an id: that section's threads. */
  readonly sectionId?: string | null | undefined;
  readonly originators?: readonly string[] | null | undefined;
}

/** Codex refuses longer exclusion lists rather than cut them. */
const MAX_EXCLUDED = 100;
const DEFAULT_LIMIT = 25;
/** Interactive sessions, what Codex lists when no source kind is asked for. */
const DEFAULT_SOURCES: readonly ThreadSourceKind[] = ['cli', 'vscode'];

function sourceKind(source: ThreadFacts['meta']['source']): ThreadSourceKind {
  if (typeof source === 'string') {
    return (['cli', 'vscode', 'exec', 'appServer'] as const).find((k) => k === source) ?? (source === 'mcp' ? 'appServer' : 'unknown');
  }
  return 'subAgent';
}

async function allStored(store: ThreadStore, archived: boolean): Promise<ThreadFacts[]> {
  // From the rollouts, the listing's own reading of each head (kept while the file is unchanged),
  // not a second one per thread.
  const fromHeads = await store.listAllFromHeads(archived);
  if (fromHeads) return fromHeads.map((t) => ({ path: t.entry.path, meta: t.sessionMeta, preview: t.entry.preview, mtimeMs: t.mtimeMs }));
  const out: ThreadFacts[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ limit: 500, archived, ...(cursor ? { cursor } : {}) });
    for (const entry of page.threads) {
      try {
        out.push(await readThreadFacts(store, entry.path));
      } catch {
        // Removed or unreadable since it was listed.
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** A list of thread ids of a filter: at most MAX_EXCLUDED, each a thread id, else refused (never truncated). */
function checkedIds(field: string, ids: readonly string[]): readonly string[] {
  if (ids.length > MAX_EXCLUDED) throw rpcError.invalidField(field, `at most ${MAX_EXCLUDED} ids, got ${ids.length}`);
  for (const id of ids) {
    try {
      assertThreadId(id);
    } catch (err) {
      throw rpcError.invalidField(field, (err as Error).message);
    }
  }
  return ids;
}

/** The query's filters, checked: a bad one is refused before anything is read. */
function filters(params: ThreadListQuery, names: ReadonlyMap<string, string>): Array<(f: ThreadFacts) => boolean> {
  const out: Array<(f: ThreadFacts) => boolean> = [];
  if (params.originators && params.originators.length > 0) throw rpcError.invalidField('originators', 'only hosted thread lists filter by originator; send an empty list');
  const excluded = checkedIds('excludedThreadIds', params.excludedThreadIds ?? []);
  if (excluded.length > 0) out.push((f) => !excluded.includes(f.meta.id));
  if (params.includedThreadIds !== undefined && params.includedThreadIds !== null) {
    const included = checkedIds('includedThreadIds', params.includedThreadIds);
    out.push((f) => included.includes(f.meta.id));
  }
  // A section id names a section no weft thread is in.
  if (typeof params.sectionId === 'string') out.push(() => false);
  if (params.cwd !== undefined && params.cwd !== null) {
    const cwds = typeof params.cwd === 'string' ? [params.cwd] : params.cwd;
    out.push((f) => cwds.includes(f.meta.cwd));
  }
  const term = params.searchTerm?.toLowerCase();
  if (term) out.push((f) => (names.get(f.meta.id) ?? f.preview).toLowerCase().includes(term));
  return out;
}

export async function listThreadPage(
  store: ThreadStore,
  params: ThreadListQuery,
  defaultProvider: string,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<{ data: ThreadFacts[]; nextCursor: string | null }> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (limit < 1) throw rpcError.invalidField('limit', 'must be at least 1');
  const sources = params.sourceKinds && params.sourceKinds.length > 0 ? params.sourceKinds : DEFAULT_SOURCES;
  const providers = params.modelProviders && params.modelProviders.length > 0 ? params.modelProviders : undefined;
  const keep = filters(params, names);
  // No thread has a section position: that order falls back to creation.
  const byUpdate = params.sortKey === 'updated_at' || params.sortKey === 'recency_at';
  const ascending = params.sortDirection === 'asc';
  const key = (f: ThreadFacts): string => (byUpdate ? new Date(f.mtimeMs).toISOString() : f.meta.timestamp);
  const rows = (await allStored(store, params.archived === true))
    .filter((f) => sources.includes(sourceKind(f.meta.source)))
    .filter((f) => !providers || providers.includes(f.meta.model_provider ?? defaultProvider))
    .filter((f) => keep.every((ok) => ok(f)))
    .map((f) => ({ f, k: `${key(f)}|${f.meta.id}` }))
    .sort((a, b) => (a.k < b.k ? 1 : a.k > b.k ? -1 : 0) * (ascending ? -1 : 1));
  let start = 0;
  if (params.cursor) {
    if (!/^[^|]+\|[0-9a-fA-F-]{36}$/.test(params.cursor)) throw rpcError.invalidField('cursor', 'not a cursor this server returned');
    const after = params.cursor;
    start = rows.findIndex((r) => (ascending ? r.k > after : r.k < after));
    if (start === -1) start = rows.length;
  }
  const page = rows.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < rows.length;
  return { data: page.map((r) => r.f), nextCursor: more && last ? last.k : null };
}
