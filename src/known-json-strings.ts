// The bytes a long string arrived as, kept while its turn runs. A 20 MB answer is read once from the
// `response.output_item.done` event (client/long-string-json.ts) and then written three times into the
// rollout and once more checked in `response.completed`. Escaping and encoding the text again for each
// rollout line, or scanning the repeat byte by byte, costs fresh copies of the whole answer; when the
// bytes that arrived are already JSON.stringify's escaping of the text, they are copied as they are, and
// a repeat equal to them byte for byte is known to be valid JSON. Only a cache: an entry is used only
// for the very text it was read as, and writers drop every entry when they flush (the end of a turn).

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
let entries: KnownJsonString[] = [];

export function rememberJsonString(entry: KnownJsonString): void {
  entries = [entry, ...entries.filter((e) => e.value !== entry.value)].slice(0, MAX_ENTRIES);
}

/** The bytes that are JSON.stringify's escaping of `value`, when it was read as such. */
export function stringifiedBytesOf(value: string): readonly Uint8Array[] | undefined {
  for (const e of entries) if (e.asStringified && e.value.length === value.length && e.value === value) return e.bytes;
  return undefined;
}

/** The remembered literals, newest first (to recognise a repeat of one by its bytes). */
export function knownJsonStrings(): readonly KnownJsonString[] {
  return entries;
}

export function forgetJsonStrings(): void {
  entries = [];
}
