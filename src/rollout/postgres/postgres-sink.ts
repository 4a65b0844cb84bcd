// The writer's sink for a thread kept in Postgres. The writer hands it bytes a chunk at a time; each
// complete line is committed (with what it tells the listing) before `write` resolves, so a line the
// writer reports written, and any item acknowledged after it, is in the database. The bytes of a line
// still being written (a long line comes in several chunks) wait in memory until its `\n` arrives.
import type { Pool } from 'pg';
import type { RolloutSink } from '../format/writer.js';
import { lineFacts, splitLines } from './line-facts.js';
import { appendLines, type ThreadRowState } from './thread-rows.js';

export class PostgresSink implements RolloutSink {
  #pending: Buffer[] = [];
  #nextSeq: number;
  #known: { sessionMeta: boolean; preview: boolean; fallbackPreview: boolean };

  constructor(
    private readonly pool: Pool,
    private readonly key: string,
    state: Pick<ThreadRowState, 'lineCount' | 'hasSessionMeta' | 'hasPreview' | 'hasFallbackPreview'>,
  ) {
    this.#nextSeq = state.lineCount;
    this.#known = { sessionMeta: state.hasSessionMeta, preview: state.hasPreview, fallbackPreview: state.hasFallbackPreview };
  }

  async write(buf: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> {
    // A copy: the writer reuses its chunk buffer for the next piece.
    const data = Buffer.from(buf.subarray(offset, offset + length));
    const lastNewline = data.lastIndexOf(0x0a);
    if (lastNewline === -1) {
      this.#pending.push(data);
      return { bytesWritten: length };
    }
    const complete = this.#pending.length === 0 ? data.subarray(0, lastNewline + 1) : Buffer.concat([...this.#pending, data.subarray(0, lastNewline + 1)]);
    this.#pending = lastNewline + 1 < data.length ? [data.subarray(lastNewline + 1)] : [];
    await this.#commit(splitLines(complete));
    return { bytesWritten: length };
  }

  /** A line left unfinished (a writer stopped mid-line) is stored as it is: a torn line, as in a file. */
  async close(): Promise<void> {
    if (this.#pending.length === 0) return;
    const torn = Buffer.concat(this.#pending);
    this.#pending = [];
    await this.#commit([torn]);
  }

  async #commit(lines: Buffer[]): Promise<void> {
    const facts = lineFacts(lines, this.#known);
    await appendLines(this.pool, this.key, this.#nextSeq, lines, facts);
    this.#nextSeq += lines.length;
    if (facts.sessionMeta) this.#known.sessionMeta = true;
    if (facts.preview !== undefined) this.#known.preview = true;
    if (facts.fallbackPreview !== undefined) this.#known.fallbackPreview = true;
  }
}
