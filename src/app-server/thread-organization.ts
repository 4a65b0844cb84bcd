// What the organizing methods (sections, attachments, Git metadata) share in the server: the home's
// organization store opened for one request and closed after it, the stored errors in Codex's
// JSON-RPC codes, the thread a request names (loaded here or stored: an unknown one is refused in
// Codex's words), and the organized fields of thread objects (`section`, `sectionEnteredAt`,
// `gitInfo`) laid over what the rollout says, for thread/read, thread/list and metadata updates.
import { sep } from 'node:path';
import { RpcErrorCode } from '../../protocol/app-server/jsonrpc.js';
import { errorMessage } from '../errors.js';
import { openOrganizationDb, type OrganizationDb } from '../rollout/state-db/organization-db.js';
import { storedGitInfo, type ThreadGitInfo } from '../rollout/state-db/thread-git-metadata.js';
import { ThreadOrganizationError, ThreadSections } from '../rollout/state-db/thread-sections.js';
import { ARCHIVED_SESSIONS_SUBDIR } from '../rollout/store/paths.js';
import { CodexCodedError } from './rpc-errors.js';
import { validThreadId, type ServerContext } from './server-context.js';
import { readThreadFacts } from './thread-view.js';

const code = (kind: 'request' | 'params'): number => (kind === 'params' ? RpcErrorCode.invalidParams : RpcErrorCode.invalidRequest);

/** Runs `use` on the home's store (created for a write), mapping refusals to Codex's error codes. */
export function withOrganization<T>(ctx: ServerContext, create: boolean, use: (store: OrganizationDb) => T): T | undefined {
  const store = openOrganizationDb(ctx.base.runtime.home, create, ctx.base.runtime.env);
  if (!store) return undefined;
  try {
    return use(store);
  } catch (err) {
    if (err instanceof ThreadOrganizationError) throw new CodexCodedError(err.message, code(err.kind));
    throw err;
  } finally {
    store.db.close();
  }
}

/** The same for a write: the store always exists. */
export function organize<T>(ctx: ServerContext, use: (store: OrganizationDb) => T): T {
  return withOrganization(ctx, true, use) as T;
}

export interface NamedThread {
  readonly id: string;
  /** Its rollout, when it has one yet. */
  readonly path: string | undefined;
  /** The Git facts its rollout recorded (what weft's own store starts a row from). */
  readonly git: ThreadGitInfo | null;
}

/** The thread a request names; `kind` is the error code Codex answers an unknown one with. */
export async function namedThread(ctx: ServerContext, threadId: string, kind: 'request' | 'params'): Promise<NamedThread> {
  const id = validThreadId(threadId);
  const loaded = ctx.loaded.get(id);
  const path = loaded ? (loaded.scratch === undefined ? loaded.thread.rolloutPath : undefined) : await ctx.base.store.find(id);
  if (!loaded && path === undefined) throw new CodexCodedError(`thread not found: ${id}`, code(kind));
  let git: ThreadGitInfo | null = null;
  if (path !== undefined) {
    const facts = await readThreadFacts(ctx.base.store, path).catch(() => undefined);
    const g = facts?.meta.git;
    if (g) git = { sha: g.commit_hash ?? null, branch: g.branch ?? null, originUrl: g.repository_url ?? null };
  }
  return { id, path, git };
}

/** True when a stored thread's rollout is among the archived ones. */
export function isArchivedPath(path: string | undefined): boolean {
  return path !== undefined && path.split(sep).includes(ARCHIVED_SESSIONS_SUBDIR);
}

/** Thread objects of the 0.169 shape with their section, entry time and corrected Git facts. */
export function withOrganizedFields(ctx: ServerContext, threads: Record<string, unknown>[]): Record<string, unknown>[] {
  if (threads.length === 0 || !threads.every((t) => 'section' in t)) return threads;
  try {
    return organizedFields(ctx, threads);
  } catch (err) {
    // A read never fails for want of organization (an older Codex's database, say): the rollout's view stands.
    ctx.log(`thread sections and Git metadata not shown: ${errorMessage(err)}`);
    return threads;
  }
}

function organizedFields(ctx: ServerContext, threads: Record<string, unknown>[]): Record<string, unknown>[] {
  return (
    withOrganization(ctx, false, (store) => {
      const sections = new ThreadSections(store);
      return threads.map((t) => {
        const id = String(t.id);
        const placed = sections.placement(id);
        const git = storedGitInfo(store, id);
        return {
          ...t,
          section: placed?.section ?? null,
          sectionEnteredAt: placed?.enteredAtMs == null ? null : Math.floor(placed.enteredAtMs / 1000),
          ...(git !== undefined ? { gitInfo: git } : {}),
        };
      });
    }) ?? threads
  );
}
