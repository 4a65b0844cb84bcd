// Resume from the last compaction instead of the top of the file. weft's `compacted` lines carry
// the rebuilt history (`replacement_history`), so the state after one is complete: everything
// before it can be skipped. The search reads the file backwards in chunks with a byte search for
// the marker, and parses only the lines it hits, so its cost follows the tail, not the file;
// `CheckpointCut` applies the same rule to records read forwards.
import { StoredCompactedLine, type StoredRolloutLine } from '../../../protocol/rollout.js';
import { accepts } from './schema-verdict.js';
import { RolloutFile } from '../format/file.js';

const CHUNK = 1024 * 1024;
const NL = 0x0a;
const COMPACTED = Buffer.from('"type":"compacted"');
const HISTORY = Buffer.from('"replacement_history"');
const TURN_CONTEXT = Buffer.from('"type":"turn_context"');
/** A compaction writes its turn_context a few lines before its `compacted` line. */
const LOOKBACK_BYTES = 1024 * 1024;

/**
 * Where resume may start: the turn_context line that opens the last compaction holding a
 * replacement history (so the turn settings and token counts recorded with it are read too), or
 * that `compacted` line itself. Undefined when the rollout has no such compaction in its last
 * `withinLastBytes`.
 */
export async function lastCheckpointOffset(path: string, withinLastBytes = Number.POSITIVE_INFINITY): Promise<number | undefined> {
  const file = RolloutFile.open(path);
  try {
    return await lastCheckpointIn(file, withinLastBytes);
  } finally {
    file.release();
  }
}

/** lastCheckpointOffset in a file already open. */
export async function lastCheckpointIn(file: RolloutFile, withinLastBytes = Number.POSITIVE_INFINITY): Promise<number | undefined> {
  const size = file.size();
  const search = new BackwardSearch(file, Math.min(CHUNK, size));
  const checkpoint = await search.lastLineWith(Math.max(0, size - withinLastBytes), size, COMPACTED, isCheckpoint);
  if (checkpoint === undefined) return undefined;
  const from = Math.max(0, checkpoint - LOOKBACK_BYTES);
  return (await search.lastLineWith(from, checkpoint, TURN_CONTEXT, () => true)) ?? checkpoint;
}

class BackwardSearch {
  readonly #file: RolloutFile;
  /** One buffer for every chunk of the search. */
  readonly #chunk: Buffer;

  constructor(file: RolloutFile, chunkBytes: number) {
    this.#file = file;
    this.#chunk = Buffer.allocUnsafe(Math.max(1, chunkBytes));
  }

  /**
   * The start offset of the last line in [from, to) containing `needle` that `accept` takes. Chunks
   * overlap by the needle's length so a marker split between two reads is still found.
   */
  async lastLineWith(from: number, to: number, needle: Buffer, accept: (line: Buffer) => boolean): Promise<number | undefined> {
    let end = to;
    while (end > from) {
      const start = Math.max(from, end - this.#chunk.length);
      const chunk = this.#chunk.subarray(0, await this.#file.readInto(this.#chunk, start, end - start));
      for (let hit = chunk.lastIndexOf(needle); hit !== -1; hit = hit > 0 ? chunk.lastIndexOf(needle, hit - 1) : -1) {
        const line = await this.#lineAround(start + hit, to);
        if (accept(line.bytes)) return line.start;
      }
      if (start === from) break;
      end = start + needle.length - 1;
    }
    return undefined;
  }

  /** The whole line holding the byte at `pos` (lines are read in full, whatever their length). */
  async #lineAround(pos: number, limit: number): Promise<{ start: number; bytes: Buffer }> {
    let start = pos;
    const probe = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const at = Math.max(0, start - probe.length);
      const n = start - at;
      if (n === 0) break;
      await this.#file.readInto(probe, at, n);
      const nl = probe.subarray(0, n).lastIndexOf(NL);
      if (nl !== -1) {
        start = at + nl + 1;
        break;
      }
      start = at;
    }
    let end = pos;
    for (;;) {
      const n = Math.min(probe.length, limit - end);
      if (n <= 0) break;
      const got = await this.#file.readInto(probe, end, n);
      const nl = probe.subarray(0, got).indexOf(NL);
      if (nl !== -1) {
        end += nl;
        break;
      }
      if (got === 0) break;
      end += got;
    }
    return { start, bytes: this.#file.read(start, end - start) };
  }
}

/**
 * The same rule applied while reading forwards: told of each record as it is read, it says from
 * which record on the ones read so far are still needed.
 */
export class CheckpointCut {
  #lastContext: { index: number; offset: number } | undefined;

  /** Index of the first record still needed once `records`' last one was read. */
  keepFrom(records: readonly { line: StoredRolloutLine; offset: number }[]): number {
    const index = records.length - 1;
    const last = records[index];
    if (!last) return 0;
    if (last.line.type === 'turn_context') {
      this.#lastContext = { index, offset: last.offset };
      return 0;
    }
    if (last.line.type !== 'compacted' || !Array.isArray(last.line.payload.replacement_history)) return 0;
    const context = this.#lastContext;
    this.#lastContext = undefined;
    return context && context.offset >= last.offset - LOOKBACK_BYTES ? context.index : index;
  }
}

/** Writers put a line's `type` near its start; only this much of each line is searched for it. */
const TYPE_WITHIN_BYTES = 160;

/** Whether the line's head holds `marker` (a `"type":"…"` pair): a type test without a parse. */
export function lineHeadHas(line: Buffer, marker: Buffer): boolean {
  return line.subarray(0, TYPE_WITHIN_BYTES).includes(marker);
}

function isCheckpoint(line: Buffer): boolean {
  if (!line.includes(HISTORY)) return false;
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return accepts(StoredCompactedLine, value) && Array.isArray(value.payload.replacement_history);
  } catch {
    return false;
  }
}
