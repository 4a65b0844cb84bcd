// `{{PROCESS_ID}}`, `{{PROCESS_ID_2}}`…: unified-exec session ids, a renaming like `{{IDn}}`. The
// replaying mock binds each placeholder to the id the engine printed (`session ID <n>`) in the request
// being answered, pairing occurrences in order with the fixture request's placeholders; replies then
// carry the engine's own ids (a write_stdin call), and normalization maps them back.

const ENGINE_SESSION_ID = /session ID (\d+)/g;
const FIXTURE_SESSION_ID = /session ID (\{\{PROCESS_ID(?:_\d+)?\}\})/g;

export function processPlaceholder(index: number): string {
  return index === 0 ? '{{PROCESS_ID}}' : `{{PROCESS_ID_${index + 1}}}`;
}

function placeholderIndex(placeholder: string): number {
  const m = /^\{\{PROCESS_ID(?:_(\d+))?\}\}$/.exec(placeholder);
  return m?.[1] === undefined ? 0 : Number(m[1]) - 1;
}

/** Placeholder → engine id, filled in as requests arrive. */
export class ProcessIdBindings {
  readonly #bound = new Map<string, string>();

  /** Pairs the fixture request's `session ID {{PROCESS_ID…}}` with the engine's, in order. */
  learn(expectedBody: unknown, actualBody: unknown): void {
    const expected = [...JSON.stringify(expectedBody ?? null).matchAll(FIXTURE_SESSION_ID)].map((m) => m[1] as string);
    const actual = [...JSON.stringify(actualBody ?? null).matchAll(ENGINE_SESSION_ID)].map((m) => m[1] as string);
    expected.forEach((placeholder, i) => {
      const id = actual[i];
      if (id !== undefined && !this.#bound.has(placeholder)) this.#bound.set(placeholder, id);
    });
  }

  /** Bindings for substitutePlaceholders. */
  get bindings(): Record<string, string> {
    return Object.fromEntries(this.#bound);
  }

  /** Engine ids in placeholder order (the normalizer's renaming). */
  engineIds(): string[] {
    return [...this.#bound.entries()].sort(([a], [b]) => placeholderIndex(a) - placeholderIndex(b)).map(([, id]) => id);
  }
}
