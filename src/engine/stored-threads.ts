// Stored threads, read-only: list them and read one's history without opening it for writing. No
// lock is taken, so a thread another process is running can be read (its last line may still be
// on its way; the reader skips a torn one with a warning).
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { SessionMeta } from '../../protocol/rollout.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import { messageText } from '../history/message.js';
import { historyFromRollout } from '../thread/history-from-rollout.js';
import type { ListThreadsOptions, ThreadListPage } from '../rollout/store/list.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { threadNameOf } from '../rollout/store/thread-name.js';
import type { Runtime } from './runtime.js';

export interface StoredThread {
  readonly id: string;
  readonly path: string;
  readonly meta: SessionMeta;
  /** The name the thread was given, if any. */
  readonly name: string | undefined;
  /** What the next request would carry: the history after compactions and rollbacks. */
  readonly history: ResponseItem[];
  /**
   * The conversation in that history: the user's prompts and the model's answers, in order, as
   * text (the context weft adds — instructions, permissions, environment — and tool calls left out).
   */
  readonly conversation: ReadonlyArray<{ readonly role: 'user' | 'assistant'; readonly text: string }>;
  /** Lines the reader skipped (torn or malformed), one message each. */
  readonly warnings: string[];
}

export class StoredThreads {
  constructor(
    private readonly runtime: Pick<Runtime, 'home' | 'pack'>,
    private readonly store: Pick<ThreadStore, 'list' | 'locate' | 'readHistory'>,
  ) {}

  /** Newest first, paginated (pass `nextCursor` back as `cursor`). */
  list(options: Partial<ListThreadsOptions> = {}): Promise<ThreadListPage> {
    return this.store.list({ limit: 20, ...options });
  }

  /** A thread by id, unique id prefix, name or rollout path. */
  async read(ref: string): Promise<StoredThread> {
    const { pack } = this.runtime;
    const file = await this.store.locate(ref);
    const warnings: string[] = [];
    const records = await this.store.readHistory(file, { onWarning: (w: string) => void warnings.push(w) });
    const prefixes = contextPrefixes(pack);
    const isPrompt = (item: ResponseItem): boolean => isRealUserMessage(item, prefixes);
    const restored = historyFromRollout(records, file, isPrompt);
    const conversation = restored.history.flatMap((item) =>
      item.type === 'message' && (item.role === 'assistant' || (item.role === 'user' && isPrompt(item))) ? [{ role: item.role, text: messageText(item) ?? '' }] : [],
    );
    return { id: restored.meta.id, path: file, meta: restored.meta, name: threadNameOf(records), history: restored.history, conversation, warnings };
  }
}
