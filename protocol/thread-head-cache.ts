// The thread head cache: what listing threads learned from each rollout's head (the session_meta
// facts a listing shows, and the first user message) and, for the viewer, from a scan of
// the whole file (turn count, name), kept in `<home>/cache/weft/thread-heads.json` so that a new
// process lists a thousand threads without reading them. Only a cache: each entry names the file's
// inode, size and mtime when it was read, and is used only while the file still has all three.
import { z } from 'zod';
import { GitInfo, SessionMeta } from './rollout.js';
import { lazySchema } from './lazy-schema.js';

// 2: heads read by lines, not cut at 1 MB (a cut head left a thread out of every listing).
export const THREAD_HEAD_CACHE_FORMAT = 'weft-thread-heads/2';

/** What a whole-file scan of a rollout found: its turns, and the last name it records. */
export const ThreadScan = lazySchema(() =>
  z.object({
    turns: z.number(),
    name: z.string().nullable(),
  }),
);
export type ThreadScan = z.infer<typeof ThreadScan>;

/**
 * The session_meta fields a listing shows, with their schemas: the rest, the base instructions
 * above all, stays in the rollout. Plain objects, not loose ones: a thousand are checked at once.
 */
export const ListedSessionMeta = lazySchema(() => {
  const { id, forked_from_id, timestamp, cwd, originator, cli_version, source, model_provider } = SessionMeta.shape;
  return z.object({
    id,
    forked_from_id,
    timestamp,
    cwd,
    originator,
    cli_version,
    source,
    model_provider,
    git: z.object(GitInfo.shape).optional(),
  });
});
export type ListedSessionMeta = z.infer<typeof ListedSessionMeta>;

export const ThreadHeadCacheEntry = lazySchema(() =>
  z.object({
    /** The rollout's absolute path. */
    path: z.string(),
    ino: z.number(),
    size: z.number(),
    mtimeMs: z.number(),
    /** The first session_meta's listed fields; null when the head has none. */
    meta: ListedSessionMeta.nullable(),
    /** The first user message's text; null when the head holds none. */
    firstUserMessage: z.string().nullable(),
    /** Null until a caller that shows turn counts has scanned the file. */
    scan: ThreadScan.nullable(),
  }),
);
export type ThreadHeadCacheEntry = z.infer<typeof ThreadHeadCacheEntry>;

export const ThreadHeadCacheFile = lazySchema(() =>
  z.object({
    format: z.literal(THREAD_HEAD_CACHE_FORMAT),
    entries: z.array(ThreadHeadCacheEntry),
  }),
);
export type ThreadHeadCacheFile = z.infer<typeof ThreadHeadCacheFile>;
