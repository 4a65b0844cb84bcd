// The seam for forking a thread's rollout. How a fork is stored is a generation's choice (Codex 0.98
// copies the parent's lines after the fork's own session_meta; Codex 0.169 writes one session_meta
// line that points at the parent), so each profile implements `ForkPolicy` in its own folder and the
// store only declares what a fork is given and what it gives back. Every policy writes the fork under
// `rolloutPath(home, newId, now)` with the store's private modes, never replacing an existing file,
// and refuses a cut the parent cannot make with a UsageError.
import type { SessionMeta } from '../../../protocol/rollout.js';

export interface ForkRolloutOptions {
  home: string;
  parentPath: string;
  newId: string;
  /** The fork's session_meta; its `id` and `forked_from_id` are set by the policy (new id, parent's id). */
  newSessionMeta: SessionMeta;
  /** 0-based: keep only what precedes the turn of this user message. Omitted: the whole parent. */
  cutBeforeUserMessage?: number;
  /** Openings of injected user messages in the loaded pack (see format/user-message-kind.ts). */
  contextPrefixes?: readonly string[];
  /** Creation time (file name and meta line timestamp); defaults to now. */
  now?: Date;
}

export interface ForkRolloutResult {
  path: string;
  id: string;
  parentId: string;
  /** Bytes copied from the parent (0 for a fork that points at its parent instead). */
  copiedBytes: number;
}

/** Writes a fork's rollout, the way one generation stores forks. */
export type ForkPolicy = (options: ForkRolloutOptions) => Promise<ForkRolloutResult>;
