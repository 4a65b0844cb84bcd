// What a thread weft writes under a profile that shares its home with Codex 0.169 does there: the
// thread's row in Codex's thread index is kept current as lines are written. Where no index exists
// yet, nothing is written: Codex builds its index from the rollouts it finds the first time it
// starts, weft's included. (The writer lock is taken apart, before the thread is read: thread-store.ts.)
import type { RolloutLineInput, RolloutWriteObserver } from '../format/writer.js';
import { ThreadIndex } from './thread-index.js';
import { applyLine, lineAffectsRow, rowFromSessionMeta, type ThreadRow } from './thread-row.js';

export interface ThreadIndexObserverOptions {
  readonly home: string;
  readonly rolloutPath: string;
  /** The session_meta line of a thread being reopened (a new thread's is its first written line). */
  readonly sessionMeta?: RolloutLineInput | undefined;
  /** Its first user message, when it has one. */
  readonly firstUserMessage?: string | undefined;
  /** What a fork without a user message of its own is listed as: its parent's preview. */
  readonly inheritedPreview?: string | undefined;
  readonly onWarning?: ((message: string) => void) | undefined;
  /** Called once the writer is closed (after the index is). */
  readonly onClosed?: (() => void) | undefined;
}

/** The observer that keeps a thread's row in the home's thread index, when there is one. */
export function threadIndexObserver(opts: ThreadIndexObserverOptions): RolloutWriteObserver {
  let index: ThreadIndex | undefined;
  try {
    index = ThreadIndex.open(opts.home, opts.onWarning);
  } catch (err) {
    opts.onClosed?.();
    throw err;
  }
  const reopened = opts.sessionMeta ? rowFromSessionMeta(opts.sessionMeta, opts.rolloutPath, Date.now()) : undefined;
  let row: ThreadRow | undefined = reopened && { ...reopened, first_user_message: opts.firstUserMessage ?? '', preview: opts.firstUserMessage ?? opts.inheritedPreview ?? '' };
  let failed = false;
  const write = (): void => {
    if (!index || !row || failed) return;
    try {
      index.upsert(row);
    } catch (err) {
      // The rollout stays the record: a row weft could not write is rebuilt by Codex from it.
      failed = true;
      opts.onWarning?.(`cannot update Codex's thread index ${index.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  // A thread reopened that the index lacks (a fork weft just wrote, as one line) is listed at once,
  // as Codex lists its own forks before their first turn.
  if (index && row && !index.has(row.id)) write();
  return {
    written(lines) {
      let dirty = false;
      for (const line of lines) {
        const at = Date.parse(line.timestamp ?? '') || Date.now();
        if (line.type === 'session_meta' && !row) {
          row = rowFromSessionMeta(line, opts.rolloutPath, at);
          dirty = true;
        } else if (row && lineAffectsRow(line)) {
          row = applyLine(row, line, at);
          dirty = true;
        }
      }
      if (dirty) write();
    },
    closed() {
      try {
        index?.close();
      } finally {
        index = undefined;
        opts.onClosed?.();
      }
    },
  };
}
