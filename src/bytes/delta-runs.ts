// The text of each streamed content part as its deltas brought it, and the bytes of their JSON string
// literals. `response.output_item.done` then repeats the whole text as one literal; when that literal
// is, byte for byte, the deltas' literals put end to end, its text is the deltas' texts put end to end
// (each delta literal is whole JSON string content: its escapes end inside it, and its bytes are valid
// UTF-8 on their own, which is checked), so the event's reader (streamed-json.ts) takes it from here instead of decoding
// 20 MB a second time. The deltas' texts are joined with `+`, which V8 keeps as a rope of the strings
// already made: no copy of the answer is made until something reads it whole (the rollout does not:
// it writes the bytes that came). Only a cache, kept for one response: a run whose bytes cannot be
// told is never offered.
import { isUtf8 } from 'node:buffer';
import { escapesAsStringified } from './stringified-escapes.js';
import { BACKSLASH } from './json-bytes.js';
import { JsonScanner, type JsonScanReader } from './json-scanner.js';

/** One content part's deltas so far. */
export interface DeltaRun {
  /** The decoded deltas, joined. */
  readonly text: string;
  /** The bytes of their literals (without quotes), end to end, as views of the blocks they were copied into. */
  readonly bytes: readonly Uint8Array[];
  /** Total length of `bytes`. */
  readonly length: number;
  /** Every delta's literal is JSON.stringify's escaping of its text. */
  readonly asStringified?: boolean;
}

/** Delta literal bytes are copied into blocks of this size (a longer literal gets a block of its own). */
const BLOCK = 1024 * 1024;

class OpenRun implements DeltaRun {
  text = '';
  length = 0;
  /** False once a delta's literal could not be found or was not valid UTF-8 on its own. */
  intact = true;
  /** The blocks, and how much of each is filled. Each holds whole literals, so no escape spans two. */
  readonly #blocks: Buffer[] = [];
  readonly #filled: number[] = [];
  /** What `bytes` and `asStringified` answered, until the next delta. */
  #views: Uint8Array[] | undefined;
  #stringified: boolean | undefined;

  add(text: string, literal: Uint8Array | undefined): void {
    if (!this.intact) return;
    if (literal === undefined || !isUtf8(literal)) {
      this.intact = false;
      this.text = '';
      this.#blocks.length = 0;
      this.#filled.length = 0;
      return;
    }
    this.text += text;
    this.#copy(literal);
    this.length += literal.length;
    this.#views = undefined;
    // Once false it stays false; true is told again over the new bytes when asked.
    if (this.#stringified === true) this.#stringified = undefined;
  }

  get bytes(): readonly Uint8Array[] {
    this.#views ??= this.#blocks.map((block, i) => block.subarray(0, this.#filled[i]));
    return this.#views;
  }

  /**
   * Told over whole blocks when asked (once a response, at its output_item.done) rather than delta by
   * delta: a delta literal's escapes end inside it and a block holds whole literals, so a block's bytes
   * are JSON string content on their own, and a 20 MB answer takes a few searches, not 40,000.
   */
  get asStringified(): boolean {
    this.#stringified ??= this.#blocks.every((block, i) => escapesAsStringified(block, 0, this.#filled[i] as number));
    return this.#stringified;
  }

  /**
   * The literal's bytes, copied into the last block when it fits there, else into a new one: a view
   * would keep the whole chunk it came in (64 KB for a few deltas) until the response ends, and chunks
   * kept are fresh pages for the next ones.
   */
  #copy(literal: Uint8Array): void {
    let last = this.#blocks.length - 1;
    if (last < 0 || (this.#filled[last] as number) + literal.length > (this.#blocks[last] as Buffer).length) {
      this.#blocks.push(Buffer.allocUnsafeSlow(Math.max(BLOCK, literal.length)));
      this.#filled.push(0);
      last++;
    }
    (this.#blocks[last] as Buffer).set(literal, this.#filled[last]);
    this.#filled[last] = (this.#filled[last] as number) + literal.length;
  }
}

/** The runs of one response, by content part. */
export class DeltaRuns {
  readonly #runs = new Map<string, OpenRun>();

  /**
   * A delta of the part `key`: its decoded text, and the bytes of its literal in the event data
   * (undefined when they could not be told).
   */
  add(key: string, text: string, literal: Uint8Array | undefined): void {
    let run = this.#runs.get(key);
    if (run === undefined) this.#runs.set(key, (run = new OpenRun()));
    run.add(text, literal);
  }

  /** The intact runs of at least `min` bytes. */
  longRuns(min: number): DeltaRun[] {
    const out: DeltaRun[] = [];
    for (const run of this.#runs.values()) if (run.intact && run.length >= min) out.push(run);
    return out;
  }
}

/** Finds the string value of one top-level member (the scanner's reader; see topLevelStringMember). */
class TopLevelMember implements JsonScanReader {
  /** The member's content, once found; null once it cannot be told. */
  found: Uint8Array | undefined | null;
  #keyStart = -1;
  #isKey = false;
  #named = false;
  #valueStart = -1;

  readonly #scanner = new JsonScanner(this);

  constructor(
    private readonly doc: Buffer,
    private readonly quotedKey: Buffer,
  ) {
    this.#scanner.push(doc);
  }

  structure(): void {}

  stringOpened(at: number, key: boolean): void {
    if (this.#scanner.depth !== 1 || this.found === null) return;
    this.#isKey = key;
    if (key) this.#keyStart = at;
    else this.#valueStart = this.#named ? at : -1;
  }

  stringClosed(at: number): void {
    if (this.#scanner.depth !== 1 || this.found === null) return;
    const { doc } = this;
    if (this.#isKey) {
      // A key written with an escape might be the same key spelled otherwise: nothing can be told.
      for (let k = this.#keyStart + 1; k < at; k++) if (doc[k] === BACKSLASH) this.found = null;
      this.#named = at + 1 - this.#keyStart === this.quotedKey.length && bytesAt(doc, this.#keyStart, this.quotedKey);
      return;
    }
    if (this.#valueStart < 0) return;
    // JSON.parse keeps the last of a key given twice: which one it read is not told here.
    this.found = this.found === undefined ? doc.subarray(this.#valueStart + 1, at) : null;
    this.#named = false;
    this.#valueStart = -1;
  }
}

/** `doc` holds `bytes` at `at` (keys are short: a loop costs less than a call into Buffer). */
function bytesAt(doc: Buffer, at: number, bytes: Buffer): boolean {
  for (let k = 0; k < bytes.length; k++) if (doc[at + k] !== bytes[k]) return false;
  return true;
}

/**
 * The content (between the quotes) of the string literal that is the value of the top-level member
 * named by `quotedKey` (the key's JSON text, quotes included) of the JSON object `doc`; undefined when
 * there is none or it cannot be told. `doc` must be valid JSON (it was parsed), so the scan finds
 * exactly the member JSON.parse read; a key given twice (JSON.parse keeps the last) or written with an
 * escape (it might be the same key spelled otherwise) gives undefined.
 */
export function topLevelStringMember(doc: Buffer, quotedKey: Buffer): Uint8Array | undefined {
  return new TopLevelMember(doc, quotedKey).found ?? undefined;
}
