// Where a thread's extension messages sit: each one follows a history item (by identity), or opens
// the history. Before each request they are laid into the input after their item; a call output
// that history repair added right after an item stays next to its call. A message whose item is
// gone (a compaction rebuilt the history) is dropped with it: the summary stands for both.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ContextEntry, ExtensionMessage } from './extension.js';

/** `null`: before every history item. */
export type Anchor = ResponseItem | null;

export class AnchoredMessages {
  readonly #byAnchor = new Map<Anchor, ExtensionMessage[]>();

  add(anchor: Anchor, message: ExtensionMessage): void {
    const list = this.#byAnchor.get(anchor);
    if (list) list.push(message);
    else this.#byAnchor.set(anchor, [message]);
  }

  /** The messages that followed `from` follow `to` instead. */
  move(from: ResponseItem, to: ResponseItem): void {
    const list = this.#byAnchor.get(from);
    if (!list) return;
    this.#byAnchor.delete(from);
    for (const message of list) this.add(to, message);
  }

  get size(): number {
    let n = 0;
    for (const list of this.#byAnchor.values()) n += list.length;
    return n;
  }

  /** `input` (the repaired history) with the messages in place; forgets messages whose item left `history`. */
  interleave(input: readonly ResponseItem[], history: readonly ResponseItem[]): ContextEntry[] {
    if (this.#byAnchor.size === 0) return [...input];
    const inHistory = new Set<ResponseItem>(history);
    for (const anchor of [...this.#byAnchor.keys()]) if (anchor !== null && !inHistory.has(anchor)) this.#byAnchor.delete(anchor);
    const out: ContextEntry[] = [...(this.#byAnchor.get(null) ?? [])];
    let pending: readonly ExtensionMessage[] = [];
    for (const item of input) {
      if (inHistory.has(item) && pending.length > 0) {
        out.push(...pending);
        pending = [];
      }
      out.push(item);
      const after = this.#byAnchor.get(item);
      if (after) pending = [...pending, ...after];
    }
    out.push(...pending);
    return out;
  }
}
