// thread/list: stored threads filtered by source and provider, newest first by creation or by last
// update, in pages. The cursor is `<ISO time>|<thread id>` of the last thread of a page (the form
// Codex uses), so it stays valid across server restarts.
import type { ThreadListParams, ThreadSourceKind } from '../../protocol/app-server/thread.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { readThreadFacts, type ThreadFacts } from './thread-view.js';
import { rpcError } from './rpc-errors.js';

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
        out.push(await readThreadFacts(entry.path));
      } catch {
        // Removed or unreadable since it was listed.
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

export async function listThreadPage(store: ThreadStore, params: ThreadListParams, defaultProvider: string): Promise<{ data: ThreadFacts[]; nextCursor: string | null }> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (limit < 1) throw rpcError.invalidField('limit', 'must be at least 1');
  const sources = params.sourceKinds && params.sourceKinds.length > 0 ? params.sourceKinds : DEFAULT_SOURCES;
  const providers = params.modelProviders && params.modelProviders.length > 0 ? params.modelProviders : undefined;
  const byUpdate = params.sortKey === 'updated_at';
  const key = (f: ThreadFacts): string => (byUpdate ? new Date(f.mtimeMs).toISOString() : f.meta.timestamp);
  const rows = (await allStored(store, params.archived === true))
    .filter((f) => sources.includes(sourceKind(f.meta.source)))
    .filter((f) => !providers || providers.includes(f.meta.model_provider ?? defaultProvider))
    .map((f) => ({ f, k: `${key(f)}|${f.meta.id}` }))
    .sort((a, b) => (a.k < b.k ? 1 : a.k > b.k ? -1 : 0));
  let start = 0;
  if (params.cursor) {
    if (!/^[^|]+\|[0-9a-fA-F-]{36}$/.test(params.cursor)) throw rpcError.invalidField('cursor', 'not a cursor this server returned');
    const after = params.cursor;
    start = rows.findIndex((r) => r.k < after);
    if (start === -1) start = rows.length;
  }
  const page = rows.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < rows.length;
  return { data: page.map((r) => r.f), nextCursor: more && last ? last.k : null };
}
