// A thread's row in the organization store (organization-db.ts) and the Git facts a client corrects
// there (`thread/metadata/update`), as Codex 0.169 keeps them: the `git_sha`, `git_branch` and
// `git_origin_url` columns of its thread row, each replaced, cleared (null) or left (absent). Codex's
// own database has a row for every thread it indexed (weft's included: thread-index-observer.ts);
// weft's file gets one the first time a thread is organized, starting from the rollout's Git facts.
import type { OrganizationDb } from './organization-db.js';
import { ThreadOrganizationError } from './thread-sections.js';

export interface ThreadGitInfo {
  readonly sha: string | null;
  readonly branch: string | null;
  readonly originUrl: string | null;
}

/** Omit a field to keep it, null to clear it, a non-empty string to replace it. */
export interface ThreadGitPatch {
  readonly sha?: string | null;
  readonly branch?: string | null;
  readonly originUrl?: string | null;
}

const COLUMNS = { sha: 'git_sha', branch: 'git_branch', originUrl: 'git_origin_url' } as const;

/**
 * Makes sure the thread has a row: in weft's file one is made from `initialGit`; in Codex's database
 * a thread Codex never indexed cannot be organized.
 */
export function ensureThreadRow(store: OrganizationDb, threadId: string, initialGit: ThreadGitInfo | null): void {
  const exists = store.db.prepare('SELECT 1 FROM threads WHERE id = ?').get(threadId) !== undefined;
  if (exists) return;
  if (store.shared) throw new ThreadOrganizationError(`thread not found: ${threadId} (it is not in Codex's thread index yet)`, 'request');
  store.db
    .prepare('INSERT INTO threads (id, git_sha, git_branch, git_origin_url) VALUES (?, ?, ?, ?)')
    .run(threadId, initialGit?.sha ?? null, initialGit?.branch ?? null, initialGit?.originUrl ?? null);
}

/** The stored Git facts of a thread with a row (null when all three are empty); undefined without a row. */
export function storedGitInfo(store: OrganizationDb, threadId: string): ThreadGitInfo | null | undefined {
  const row = store.db.prepare('SELECT git_sha AS sha, git_branch AS branch, git_origin_url AS originUrl FROM threads WHERE id = ?').get(threadId) as ThreadGitInfo | undefined;
  if (!row) return undefined;
  return row.sha === null && row.branch === null && row.originUrl === null ? null : row;
}

/** Checks a patch as Codex does: at least one field, and no empty string. */
export function checkGitPatch(patch: ThreadGitPatch | null | undefined): void {
  const given = patch ? (Object.keys(COLUMNS) as (keyof ThreadGitPatch)[]).filter((k) => patch[k] !== undefined) : [];
  if (given.length === 0) throw new ThreadOrganizationError('thread metadata update must include at least one field', 'request');
  for (const k of given) if (patch?.[k] === '') throw new ThreadOrganizationError(`gitInfo.${k} must not be empty`, 'request');
}

/** Applies a checked patch to the thread's row (which must exist). */
export function updateGitInfo(store: OrganizationDb, threadId: string, patch: ThreadGitPatch): void {
  checkGitPatch(patch);
  const sets = (Object.keys(COLUMNS) as (keyof ThreadGitPatch)[]).filter((k) => patch[k] !== undefined);
  const sql = `UPDATE threads SET ${sets.map((k) => `${COLUMNS[k]} = @${k}`).join(', ')} WHERE id = @threadId`;
  store.db.prepare(sql).run({ threadId, ...Object.fromEntries(sets.map((k) => [k, patch[k] ?? null])) });
}
