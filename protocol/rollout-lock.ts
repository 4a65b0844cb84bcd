// The lock file beside a rollout that a process has open for writing (`<rollout>.jsonl.lock`): which
// process holds it. weft's own file; Codex neither writes nor reads it, and its listings ignore it
// (the name does not end in `.jsonl`).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const RolloutLockFile = lazySchema(() =>
  z.object({
    pid: z.number().int().positive(),
    host: z.string(),
    /**
     * When the holding process started, as the system counts it (Linux: field 22 of /proc/<pid>/stat),
     * so that a pid reused by another process after a crash is not taken for the holder; null where
     * the system does not say.
     */
    process_start: z.string().nullable(),
    /** When the lock was taken (ISO 8601). */
    since: z.string(),
  }),
);
export type RolloutLockFile = z.infer<typeof RolloutLockFile>;
