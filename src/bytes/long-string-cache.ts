// The bytes a thread's long strings arrived as, kept while its turn runs. A 20 MB answer is read once
// from the `response.output_item.done` event (streamed-json.ts, taken from its deltas: delta-runs.ts), then written three times
// into the rollout and checked once more in `response.completed`. Escaping and encoding the text again
// for each rollout line, or scanning the repeat byte by byte, costs fresh copies of the whole answer;
// when the bytes that arrived are already JSON.stringify's escaping of the text, they are copied as
// they are, and a repeat equal to them byte for byte is known to be valid JSON.
//
// One cache per thread, handed by the engine to that thread's stream port (which fills it) and its
// rollout writer (which reads it and empties it when it flushes at the end of a turn). It is only a
// cache: an entry is used for the very text it was read as, so a miss costs time, never bytes.

/**
 * The one threshold of the byte path: a string of at least this many characters is written in pieces
 * (json-pieces.ts), a literal of at least this many bytes is read a slice at a time and remembered
 * here (streamed-json.ts), and an event whose data reaches it is read as it arrives (no shorter
 * event can hold such a literal, so a shorter one is simply JSON.parsed).
 */
export const LONG_STRING = 64 * 1024;

/** One long string literal's content (without its quotes), as the views of the chunks it arrived in. */
export interface KnownJsonString {
  readonly value: string;
  readonly bytes: readonly Uint8Array[];
  readonly length: number;
  /** The bytes are exactly JSON.stringify(value) without its quotes. */
  readonly asStringified: boolean;
}

/** A turn's answer is one long string, rarely a few (reasoning, a long tool call's arguments). */
const MAX_ENTRIES = 4;

export class LongStringCache {
  #entries: KnownJsonString[] = [];
  /** The escaped slices of the last long string written (a 0.169 turn writes its answer three times). */
  #escaped: { readonly value: string; readonly slices: readonly string[] } | undefined;
  /** How often a writer copied arrived bytes instead of escaping the text again (for tests and benches). */
  #reused = 0;

  remember(entry: KnownJsonString): void {
    this.#entries = [entry, ...this.#entries.filter((e) => e.value !== entry.value)].slice(0, MAX_ENTRIES);
  }

  /** The bytes that are JSON.stringify's escaping of `value`, when it was read as such. */
  stringifiedBytesOf(value: string): readonly Uint8Array[] | undefined {
    for (const e of this.#entries) {
      if (e.asStringified && e.value.length === value.length && e.value === value) {
        this.#reused++;
        return e.bytes;
      }
    }
    return undefined;
  }

  /** The remembered literals, newest first (to recognise a repeat of one by its bytes). */
  known(): readonly KnownJsonString[] {
    return this.#entries;
  }

  /** `value`'s escaped slices, made by `escape` the first time and kept until the next flush. */
  escapedSlicesOf(value: string, escape: (value: string) => Iterable<string>): readonly string[] {
    if (this.#escaped?.value === value) return this.#escaped.slices;
    const slices = [...escape(value)];
    this.#escaped = { value, slices };
    return slices;
  }

  get reusedCount(): number {
    return this.#reused;
  }

  /** Drops everything (the writer's flush at the end of a turn). */
  forget(): void {
    this.#entries = [];
    this.#escaped = undefined;
  }
}
